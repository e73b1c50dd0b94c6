"use client";

import { MantineProvider, type MantineColorSchemeManager } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { getTheme } from "@/themes/registry";
import { createMantineTheme, themeCssVariables } from "@/themes/mantine";
import { reportClientLog } from "./report-client-log";

const TEN_YEARS = 315_360_000;

/** Keeps the colour scheme in the color-scheme cookie, so the server renders the first paint right. */
function cookieColorSchemeManager(darkAllowed: boolean): MantineColorSchemeManager {
  return {
    get: (fallback) => {
      if (typeof document === "undefined") return fallback;
      const m = /(?:^|; )color-scheme=(light|dark|auto)/.exec(document.cookie);
      const value = (m?.[1] as "light" | "dark" | "auto" | undefined) ?? fallback;
      return !darkAllowed && value !== "light" ? "light" : value;
    },
    set: (value) => {
      const secure = location.protocol === "https:" ? "; Secure" : "";
      document.cookie = `color-scheme=${value}; Path=/; Max-Age=${TEN_YEARS}; SameSite=Lax${secure}`;
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      document.cookie = "color-scheme=; Path=/; Max-Age=0";
    },
  };
}

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
