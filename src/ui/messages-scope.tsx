"use client";

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type AbstractIntlMessages } from "next-intl";
import type { ReactNode } from "react";
import { intlHandlers } from "./intl-handlers";

/**
 * Adds messages for the client components below it to what the shell already handed over (a page
 * area's own namespaces, see src/i18n/client-messages.ts).
 */
export function MessagesScope({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const inherited = useMessages();
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={{ ...inherited, ...messages }} {...intlHandlers}>
      {children}
    </NextIntlClientProvider>
  );
}
