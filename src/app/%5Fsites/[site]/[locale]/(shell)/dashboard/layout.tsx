import { getMessages } from "next-intl/server";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { hasFeature } from "@/lib/features";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { isSharedRender } from "@/server/web/shared-documents";
import { MessagesScope } from "@/ui/messages-scope";

/**
 * The area's checks, above its loading boundary so that their answers (404, the redirect to sign
 * in) go out as such before anything streams: the area switched off, and a visitor without a
 * session. The server's own render for the shared copy has no session (decision 0033). Its client
 * components read their own namespaces (src/i18n/client-messages.ts).
 */
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const site = await getPageSite(siteId);
  if (!hasFeature(site, "dashboard")) notFound();
  if (!isSharedRender(await headers())) await requireSession(siteId, locale);
  return <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.dashboard)}>{children}</MessagesScope>;
}
