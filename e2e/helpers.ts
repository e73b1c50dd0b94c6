import http from "node:http";
import { inject } from "vitest";
import type { Locator, Page } from "playwright-core";
import { daysInMonth as monthLength, localDateString } from "../src/lib/energy/time";

/**
 * This test file's server: the one of its worker slot. Files that run at the same time have
 * different slots, so each server serves one file at a time (e2e/global-setup.ts).
 */
const slot = () => (Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % inject("ports").length;
export const port = () => inject("ports")[slot()];
/** This test file's server's PostgreSQL database ("" on PGlite). */
export const databaseUrl = () => inject("databaseUrls")[slot()];
/** The demo sites' date (Helsinki, Tallinn and Riga share it) at `ms`, as YYYY-MM-DD. */
const siteDate = (ms: number) => localDateString(ms, "Europe/Helsinki");
/** The demo sites' date `offset` days from today, as YYYY-MM-DD. */
export const siteDay = (offset = 0) => new Date(Date.parse(`${siteDate(Date.now())}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** How many days the month of a YYYY-MM-DD date has. */
export const daysInMonth = (iso: string) => monthLength(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)));
/**
 * Whether the sites' day has changed since the demo data was loaded: its readings then stop
 * yesterday and its day-ahead prices at today's end.
 */
export const pastSeedingDay = () => siteDate(Date.now()) !== siteDate(inject("seededAt"));
export const siteUrl = (host: string, path = "/") => `http://${host}:${port()}${path}`;

/** An answer of the server as it came: status, headers and the body's bytes (compressed if asked). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A plain GET to this file's server for a site's host, as a client that is not a browser sends it. */
export function rawRequest(host: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: port(), path, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * Waits until the dashboard has drawn the customer's cards: its page is the same for everyone, and
 * the figures come from the API once it is in the browser (decision 0033).
 */
export async function dashboardShown(page: Page) {
  await page.locator('[data-testid="dashboard"]:is([data-state="ready"], [data-state="no-customer"], [data-state="failed"])').waitFor();
}

/** Signs in through the sandbox e-ID provider's pages, as a person would. */
export async function signInSandbox(page: Page, host: string, identityId: string, path = "/") {
  await page.goto(siteUrl(host, path));
  await page.waitForURL(/\/auth\/signin/);
  await page.locator('a[href*="/api/auth/sandbox-eid/authorize"]').click();
  await page.waitForURL(/\/auth\/sandbox-eid\?state=/);
  await page.locator(`button[data-identity="${identityId}"]`).click();
  await page.waitForURL(/\/auth\/sandbox-eid\/confirm/);
  await page.waitForURL((url) => !url.pathname.includes("/auth/"), { timeout: 15_000 });
}

/**
 * Whether `event` happens within `ms`: `event` is a Playwright wait given `ms` as its timeout,
 * and running out of time means it did not happen. For what must not happen (a dialog that must
 * not open, a notification that must not close): it fails as soon as the thing happens, and
 * otherwise takes `ms`.
 */
export async function happensWithin(ms: number, event: (timeout: number) => Promise<unknown>): Promise<boolean> {
  return event(ms).then(
    () => true,
    (error: unknown) => {
      if (error instanceof Error && error.name === "TimeoutError") return false;
      throw error;
    },
  );
}

/**
 * Waits until the page is still: no transition or finite animation running, and every dialog,
 * consent banner or preferences modal on show (and, given, `locator`) fully opaque up its
 * ancestors. A fade-in only reaches opacity 1 at its end, so this also covers one that has not
 * started yet.
 */
export async function transitionsDone(page: Page, locator?: Locator): Promise<void> {
  const handle = locator ? await locator.elementHandle() : null;
  await page.waitForFunction((target) => {
    const running = document.getAnimations().some((a) => (a.playState === "running" || a.pending) && a.effect?.getComputedTiming().iterations !== Infinity);
    if (running) return false;
    const shown = (el: Element) => getComputedStyle(el).visibility !== "hidden" && el.getClientRects().length > 0;
    const opaque = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).opacity !== "1") return false;
      return true;
    };
    const overlays = [...document.querySelectorAll('[role="dialog"], #cc-main .pm')].filter(shown);
    return overlays.every(opaque) && (!target || opaque(target as Element));
  }, handle);
  await handle?.dispose();
}

/**
 * Clicks `target` until `done` holds. Before a page has hydrated a click on a client control does
 * nothing, and on a loaded machine hydration can take seconds: use this for a control whose click
 * is safe to repeat.
 */
export async function clickUntil(target: Locator, done: () => Promise<boolean>, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`clicking ${target} did not take effect within ${timeout} ms`);
    await target.click({ timeout: 2_000 }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Moves the page's installed clock on by `step` until `target` shows. A page sets its timers when
 * it hydrates, which on a loaded machine can come after a single jump; such a timer would then
 * run in real time. Each further jump finds it set.
 */
export async function fastForwardUntil(page: Page, step: string, target: Locator, jumps = 30): Promise<void> {
  if (!(await showsAsClockRuns(page, step, target, jumps))) throw new Error(`${target} did not show within ${jumps} jumps of ${step}`);
}

/**
 * Lets the page finish its requests (streamed parts, deferred chunks), for at most `ms`: a page
 * that keeps a request open or polls is scanned as it is then.
 */
export async function networkSettled(page: Page, ms = 5_000): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: ms }).catch(() => undefined);
}

/** Waits until the page has kept a form draft in session storage (its save runs shortly after typing). */
export async function draftKept(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(sessionStorage).some((k) => k.startsWith("portal:form-draft:")));
}

/**
 * Whether `target` shows while the page's installed clock jumps on by `step` up to `jumps` times,
 * a second apart. A timer the page sets late (after the first jump, once it has hydrated) is
 * still passed by a later jump, so a dialog that should not open cannot slip through by having
 * its timer set late.
 */
export async function showsAsClockRuns(page: Page, step: string, target: Locator, jumps = 3): Promise<boolean> {
  for (let i = 0; i < jumps; i++) {
    await page.clock.fastForward(step);
    if (await happensWithin(1_000, (t) => target.waitFor({ timeout: t }))) return true;
  }
  return false;
}
