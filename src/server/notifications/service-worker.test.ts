import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { getTheme } from "@/themes/registry";
import { serviceWorkerSource } from "./service-worker";

/** Runs the service worker's script in a worker-like global and hands it events, as a browser would. */
function runWorker(source: string, windows: { url: string; focused?: boolean }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const waits: Promise<unknown>[] = [];
  const self = {
    location: { origin: "https://aurora.example" },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    skipWaiting: () => Promise.resolve(),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      claim: () => Promise.resolve(),
      matchAll: async () => windows.map((w) => ({ url: w.url, focus: async () => void (w.focused = true) })),
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  vm.runInNewContext(source, { self, URL, JSON });
  const fire = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { fire, shown, opened, listeners };
}

describe("the service worker", () => {
  const site = { companyName: "Aurora Energia Oy", themeId: "voima" };
  const theme = getTheme("voima");

  it("takes over at once and shows a push with the theme's icon and badge", async () => {
    const w = runWorker(serviceWorkerSource(site));
    expect([...w.listeners.keys()].sort()).toEqual(["activate", "install", "notificationclick", "push"]);
    await w.fire("push", { data: { json: () => ({ title: "Uusi lasku", body: "Lasku 1", url: "https://aurora.example/invoices/1", tag: "t1" }) } });
    expect(w.shown).toEqual([
      { title: "Uusi lasku", options: { body: "Lasku 1", icon: theme.notificationIcon, badge: theme.notificationBadge, tag: "t1", data: { url: "https://aurora.example/invoices/1" } } },
    ]);
  });

  it("opens the message's page on a click, focuses a tab already there, and never leaves the site", async () => {
    const tabs = [{ url: "https://aurora.example/inbox", focused: false }];
    const w = runWorker(serviceWorkerSource(site), tabs);
    const click = async (url: string) => w.fire("notificationclick", { notification: { close: () => {}, data: { url } } });
    await click("https://aurora.example/invoices/1");
    expect(w.opened).toEqual(["https://aurora.example/invoices/1"]);
    await click("https://aurora.example/inbox");
    expect(tabs[0].focused).toBe(true);
    // A push naming another site's page opens the portal's home instead.
    await w.fire("push", { data: { json: () => ({ title: "x", url: "https://evil.example/" }) } });
    expect(w.shown.at(-1)!.options.data).toEqual({ url: "https://aurora.example/" });
    // A push without JSON still shows, under the company's name.
    await w.fire("push", {
      data: {
        json: () => {
          throw new Error("not JSON");
        },
        text: () => "plain",
      },
    });
    expect(w.shown.at(-1)).toMatchObject({ title: "Aurora Energia Oy", options: { body: "plain" } });
  });
});
