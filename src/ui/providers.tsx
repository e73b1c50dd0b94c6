"use client";

import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import dynamic from "next/dynamic";
import { useMemo, type ReactNode } from "react";
import { createMantineTheme, themeCssText } from "@/themes/mantine";
import type { PortalTheme } from "@/themes/types";
import { intlHandlers } from "./intl-handlers";
// Colour-scheme cookies and their rules (spec §4): src/ui/shared/color-scheme.ts
import { cookieColorSchemeManager } from "./shared/color-scheme";
import { MODAL_EVENTS, MODAL_EVENT_PREFIX } from "./shell/modal-events";

/**
 * The notification stack draws nothing until something is shown, so it loads after the page:
 * `notifications.show()` writes to a store, and the stack shows what the store holds once it is in.
 */
const Notifications = dynamic(() => import("@mantine/notifications").then((m) => m.Notifications), { ssr: false });

/** Events for the modals host sent before it is in (e.g. a draft to restore, found at once). */
const earlyModalEvents: CustomEvent[] = [];
let modalsHostReady = false;
const keepEarlyModalEvent = (event: Event) => {
  if (!modalsHostReady) earlyModalEvents.push(event as CustomEvent);
};
if (typeof window !== "undefined") for (const name of MODAL_EVENTS) window.addEventListener(`${MODAL_EVENT_PREFIX}${name}`, keepEarlyModalEvent);
function modalsHostMounted(): CustomEvent[] {
  if (modalsHostReady) return [];
  modalsHostReady = true;
  for (const name of MODAL_EVENTS) window.removeEventListener(`${MODAL_EVENT_PREFIX}${name}`, keepEarlyModalEvent);
  return earlyModalEvents.splice(0);
}
const ModalsHost = dynamic(() => import("./shell/modals-host"), { ssr: false });

export function Providers(props: {
  /** The site's theme, chosen on the server (only its data reaches the browser, not every theme). */
  theme: PortalTheme;
  locale: string;
  timeZone: string;
  messages: AbstractIntlMessages;
  colorScheme: "light" | "dark" | "auto";
  darkAllowed: boolean;
  children: ReactNode;
}) {
  // A refresh hands over an equal theme as a new object: keep the first one of its id, so the
  // Mantine theme (and everything that reads it) is not rebuilt without a change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const theme = useMemo(() => props.theme, [props.theme.id]);
  const mantineTheme = useMemo(() => createMantineTheme(theme), [theme]);
  const manager = useMemo(() => cookieColorSchemeManager(props.darkAllowed), [props.darkAllowed]);
  return (
    <NextIntlClientProvider locale={props.locale} timeZone={props.timeZone} messages={props.messages} {...intlHandlers}>
      <MantineProvider
        theme={mantineTheme}
        withCssVariables={false}
        colorSchemeManager={manager}
        defaultColorScheme={props.darkAllowed ? props.colorScheme : "light"}
        forceColorScheme={props.darkAllowed ? undefined : "light"}
      >
        {/* The theme's CSS variables, as Mantine writes them, kept per theme (src/themes/mantine.ts). */}
        <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssText(theme) }} />
        <Notifications position="top-right" limit={5} autoClose={4000} transitionDuration={250} containerWidth={440} notificationMaxHeight={200} zIndex={9999} />
        <ModalsHost onReady={modalsHostMounted} />
        {props.children}
      </MantineProvider>
    </NextIntlClientProvider>
  );
}
