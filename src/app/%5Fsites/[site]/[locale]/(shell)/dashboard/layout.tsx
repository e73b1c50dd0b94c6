import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { MessagesScope } from "@/ui/messages-scope";

/** This area's client components read their own namespaces (src/i18n/client-messages.ts). */
export default async function Layout({ children }: { children: ReactNode }) {
  return <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.dashboard)}>{children}</MessagesScope>;
}
