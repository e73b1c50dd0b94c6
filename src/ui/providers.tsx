"use client";

import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { getTheme } from "@/themes/registry";
import { createMantineTheme, themeCssVariables } from "@/themes/mantine";
import { reportClientLog } from "./report-client-log";
// Colour-scheme cookies and their rules (spec §4): src/ui/shared/color-scheme.ts
import { cookieColorSchemeManager } from "./shared/color-scheme";

export function Providers(props: {
  themeId: string;
  locale: string;
  timeZone: string;
  messages: AbstractIntlMessages;
  colorScheme: "light" | "dark" | "auto";
  darkAllowed: boolean;
  children: ReactNode;
}) {
  const theme = useMemo(() => getTheme(props.themeId), [props.themeId]);
  const mantineTheme = useMemo(() => createMantineTheme(theme), [theme]);
  const resolver = useMemo(() => themeCssVariables(theme), [theme]);
  const manager = useMemo(() => cookieColorSchemeManager(props.darkAllowed), [props.darkAllowed]);
  return (
    <NextIntlClientProvider
      locale={props.locale}
      timeZone={props.timeZone}
      messages={props.messages}
      onError={(error) => {
        if (error.code === "MISSING_MESSAGE") void reportClientLog("warn", "missing translation", { message: error.message });
      }}
      getMessageFallback={({ namespace, key }) => (namespace ? `${namespace}.${key}` : key)}
    >
      <MantineProvider
        theme={mantineTheme}
        cssVariablesResolver={resolver}
        colorSchemeManager={manager}
        defaultColorScheme={props.darkAllowed ? props.colorScheme : "light"}
        forceColorScheme={props.darkAllowed ? undefined : "light"}
      >
        <ModalsProvider>
          <Notifications position="top-right" limit={5} autoClose={4000} transitionDuration={250} containerWidth={440} notificationMaxHeight={200} zIndex={9999} />
          {props.children}
        </ModalsProvider>
      </MantineProvider>
    </NextIntlClientProvider>
  );
}
