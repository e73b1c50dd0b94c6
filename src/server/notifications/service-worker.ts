import "server-only";
import { getTheme } from "@/themes/registry";

/**
 * The site's service worker (served at /sw.js): it takes over at once (skipWaiting and
 * clients.claim, so it is active within seconds of registering, spec §9), shows each push with
 * the site's theme notification icon and badge, and on a click focuses the portal's tab on the
 * message's page, takes an open portal tab there, or opens a new one. Only pages of the site itself are opened.
 */
export function serviceWorkerSource(site: { companyName: string; themeId: string }): string {
  const theme = getTheme(site.themeId);
  const config = {
    name: site.companyName,
    icon: theme.notificationIcon ?? theme.pwa.logo,
    badge: theme.notificationBadge ?? theme.favicon,
  };
  return `"use strict";
const SITE = ${JSON.stringify(config).replace(/</g, "\\u003c")};
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = new URL(typeof data.url === "string" ? data.url : "/", self.location.origin);
  event.waitUntil(
    self.registration.showNotification(typeof data.title === "string" && data.title ? data.title : SITE.name, {
      body: typeof data.body === "string" ? data.body : "",
      icon: SITE.icon,
      badge: SITE.badge,
      tag: typeof data.tag === "string" ? data.tag : undefined,
      data: { url: url.origin === self.location.origin ? url.href : self.location.origin + "/" },
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = (event.notification.data && event.notification.data.url) || self.location.origin + "/";
  // A tab already on the page is focused; otherwise an open portal tab is taken there; otherwise a new one opens.
  const open = self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
    const same = windows.find((w) => w.url === target);
    if (same) return same.focus();
    for (const w of windows) {
      const moved = "navigate" in w ? await w.navigate(target).catch(() => null) : null;
      if (moved) return moved.focus().catch(() => moved);
    }
    return self.clients.openWindow(target);
  });
  event.waitUntil(open);
});
`;
}
