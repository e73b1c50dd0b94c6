import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { rawRequest, siteUrl } from "./helpers";
import { recordCspViolations } from "./page-checks";
import { settleShellPrompts } from "./shell-helpers";

/**
 * A page's scripts are fetched and run after its first contentful frame (decision 0042,
 * src/server/web/held-scripts.ts): the HTML names them in inert links and an inline loader adds
 * them. Asked here of a shared document (the sign-in page, scripts allowed by hash) and a rendered
 * one (sign-in with a query, scripts allowed by the answer's nonce), as a browser loads them.
 */
const HOST = "aurora.localhost";
const PAGES = [
  { label: "shared document", path: "/en/auth/signin" },
  { label: "rendered page", path: "/en/auth/signin?callbackUrl=%2Fen%2Finvoices" },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("the page's scripts held until its first frame", () => {
  it.each(PAGES)("names no chunk as a script in the HTML of a $label, only as held links with the loader", async ({ path }) => {
    const answer = await rawRequest(HOST, path, { accept: "text/html" });
    expect(answer.status).toBe(200);
    const html = answer.body.toString("utf8");
    expect(html).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/[^"]+"[^>]*\sasync/);
    expect(html).not.toMatch(/<link rel="preload"[^>]*as="script"/);
    const held = [...html.matchAll(/<link data-held-(?:script|preload)="(\/_next\/static\/chunks\/[^"]+\.js)">/g)].map((m) => m[1]);
    expect(held.length).toBeGreaterThan(3);
    // Every held chunk is there to be fetched.
    for (const src of new Set(held)) expect((await rawRequest(HOST, src)).status, src).toBe(200);
    const csp = String(answer.headers["content-security-policy"]);
    const loaders = [...html.matchAll(/<script( nonce="([^"]+)")?>\(function\(w,d\)\{var h=w.__heldScripts/g)];
    expect(loaders.length).toBeGreaterThanOrEqual(1);
    // The loader is allowed: by the answer's nonce, or by its hash in a shared document's policy.
    for (const loader of loaders) {
      if (loader[2]) expect(csp).toContain(`'nonce-${loader[2]}'`);
      else expect(csp).toMatch(/'sha256-/);
    }
  });

  it.each(PAGES)("fetches every chunk of a $label once, after the first contentful paint, and the page then works", async ({ path }) => {
    const context = await newContext(browser);
    await settleShellPrompts(context, HOST);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    const violations = await recordCspViolations(page);
    try {
      await page.goto(siteUrl(HOST, path));
      await page.waitForFunction(() => (window as unknown as { __heldScripts?: { ran?: number } }).__heldScripts?.ran === 1);
      // Hydrated: React has put its handlers on the page's buttons.
      await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => Object.keys(b).some((k) => k.startsWith("__reactProps"))));
      const timing = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const chunks = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((e) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(new URL(e.name).pathname));
        return {
          fcp,
          chunks: chunks.map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
          scripts: [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")),
          stillHeld: document.querySelectorAll("link[data-held-script],link[data-held-preload]").length,
        };
      });
      expect(Number.isFinite(timing.fcp)).toBe(true);
      expect(timing.chunks.length).toBeGreaterThan(3);
      for (const chunk of timing.chunks) expect(chunk.start, chunk.url).toBeGreaterThanOrEqual(timing.fcp);
      const urls = timing.chunks.map((c) => c.url);
      expect(urls.length).toBe(new Set(urls).size);
      expect(timing.stillHeld).toBe(0);
      // Each script element added once.
      const srcs = timing.scripts.filter((s) => s?.startsWith("/_next/static/chunks/"));
      expect(srcs.length).toBe(new Set(srcs).size);
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([1, 8])("answers a click made before the page's scripts have arrived, once they have (processor %ix slower)", async (slowdown) => {
    const context = await newContext(browser);
    await settleShellPrompts(context, HOST);
    const page = await context.newPage();
    // On a slow phone React has the button's props while it still hydrates the tree around it: a
    // click then is stopped by React without acting, and has to be tried again.
    if (slowdown > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    // The chunks take a second and a half to come: a person taps before the page is live.
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    try {
      await page.goto(siteUrl(HOST, "/en/auth/signin"), { waitUntil: "domcontentloaded" });
      const switcher = page.getByTestId("language-switcher");
      await switcher.click();
      expect(await switcher.evaluate((b) => Object.keys(b).some((k) => k.startsWith("__reactProps")))).toBe(false);
      // The menu opens once React has the button, without a second click.
      await page.getByRole("menu").waitFor({ timeout: 15_000 });
      await expect(switcher.getAttribute("aria-expanded")).resolves.toBe("true");
    } finally {
      await context.close();
    }
  });

  it("answers a click made the moment React has the button, while it still hydrates the page", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, HOST);
    const page = await context.newPage();
    // Clicked from inside the page as soon as the switcher has React's props: React is then still
    // in the middle of hydrating (it commits the whole tree at once), and stops a click it gets.
    await page.addInitScript(() => {
      const poll = () => {
        const switcher = document.querySelector<HTMLElement>('[data-testid="language-switcher"]');
        if (switcher && Object.keys(switcher).some((k) => k.startsWith("__reactProps"))) switcher.click();
        else setTimeout(poll, 0);
      };
      poll();
    });
    try {
      await page.goto(siteUrl(HOST, "/en/auth/signin"), { waitUntil: "domcontentloaded" });
      await page.getByRole("menu").waitFor({ timeout: 15_000 });
      await expect(page.getByTestId("language-switcher").getAttribute("aria-expanded")).resolves.toBe("true");
    } finally {
      await context.close();
    }
  });
});
