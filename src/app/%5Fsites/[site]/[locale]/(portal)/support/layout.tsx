import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { hasFeature } from "@/lib/features";
import { getPageSite } from "@/server/web/page-context";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { MessagesScope } from "@/ui/messages-scope";

/**
 * This area's client components read their own namespaces (src/i18n/client-messages.ts). The area
 * switched off is the portal's not-found page, decided here above the area's own not-found page
 * (which is about one record).
 */
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ site: string }> }) {
  if (!hasFeature(await getPageSite((await params).site), "support")) notFound();
  return <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.support)}>{children}</MessagesScope>;
}
