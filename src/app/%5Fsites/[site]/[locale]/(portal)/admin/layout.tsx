import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { MessagesScope } from "@/ui/messages-scope";
import { adminPageContext, type RouteParams } from "./_lib/context";

/**
 * The administration area: for the site's administrators only. The check runs here, before any
 * page of the area starts streaming, so everyone else gets a real 404 and not a hint of the area.
 * Its client components read their own namespace (src/i18n/client-messages.ts).
 */
export default async function Layout({ children, params }: { children: ReactNode; params: RouteParams }) {
  await adminPageContext(params);
  return <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.admin)}>{children}</MessagesScope>;
}
