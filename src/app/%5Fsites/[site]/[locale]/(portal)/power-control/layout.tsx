import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { hasFeature } from "@/lib/features";
import { getPageSite } from "@/server/web/page-context";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { MessagesScope } from "@/ui/messages-scope";

/** Load control needs both the area and relay control; its client components read their own namespaces. */
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ site: string }> }) {
  const site = await getPageSite((await params).site);
  if (!hasFeature(site, "power-control") || !hasFeature(site, "relay-control")) notFound();
  return <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.loadControl)}>{children}</MessagesScope>;
}
