"use client";

import { MantineProvider } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import dynamic from "next/dynamic";
import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { createMantineTheme, themeCssText } from "@/themes/mantine";
import type { PortalTheme } from "@/themes/types";
import { intlHandlers } from "./intl-handlers";
// Colour-scheme cookies and their rules (spec §4): src/ui/shared/color-scheme.ts
import { cookieColorSchemeManager } from "./shared/color-scheme";
import { MODAL_EVENTS, MODAL_EVENT_PREFIX } from "./shell/modal-events";

/**
 * The notification stack draws nothing until something is shown, so its code loads only then:
 * `notifications.show()` writes to a store (the package's only part in the page's first load), and
 * the stack, once it is in, shows what the store holds.
 */
const Notifications = dynamic(() => import("@mantine/notifications").then((m) => m.Notifications), { ssr: false });
const subscribeNotifications = (changed: () => void) => notificationsStore.subscribe(changed);
let notificationShown = false;
const anyNotification = () => {
  const { notifications, queue } = notificationsStore.getState();
  return (notificationShown ||= notifications.length + queue.length > 0);
};
/** The server's HTML has neither. */
const never = () => false;

/** Events for the modals host sent before it is in (e.g. a draft to restore, found at once). */
const earlyModalEvents: CustomEvent[] = [];
let modalsHostReady = false;
/** Told when the first modal event comes: the host's code (Mantine's modals) loads only then. */
const modalsWanted = new Set<() => void>();
const keepEarlyModalEvent = (event: Event) => {
  if (modalsHostReady) return;
  earlyModalEvents.push(event as CustomEvent);
  for (const tell of modalsWanted) tell();
};
const subscribeModals = (changed: () => void) => {
  modalsWanted.add(changed);
  return () => void modalsWanted.delete(changed);
};
const anyModalEvent = () => modalsHostReady || earlyModalEvents.length > 0;
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
  // Once wanted, kept: the stack and the host stay for the page's life.
  const notificationsWanted = useSyncExternalStore(subscribeNotifications, anyNotification, never);
  const modalsWantedNow = useSyncExternalStore(subscribeModals, anyModalEvent, never);
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
        {notificationsWanted && <Notifications position="top-right" limit={5} autoClose={4000} transitionDuration={250} containerWidth={440} notificationMaxHeight={200} zIndex={9999} />}
        {modalsWantedNow && <ModalsHost onReady={modalsHostMounted} />}
        {props.children}
      </MantineProvider>
    </NextIntlClientProvider>
  );
}
