import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { signInSandbox, siteUrl } from "./helpers";
import { settleShellPrompts } from "./shell-helpers";

/**
 * The shell on the narrowest phones people use (320 px) and a common one (390 px), in each demo
 * site's languages: nothing is cut off or spills sideways, the header keeps the site's name to
 * two lines, and the floating cookie-settings button never covers text or a control.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const SITES = [
  { host: "aurora.localhost", identity: "aurora-solar-household", prefixes: ["", "/fi", "/sv"] },
  { host: "laane.localhost", identity: "laane-solar-household", prefixes: ["", "/ru", "/en"] },
  { host: "daugava.localhost", identity: "daugava-solar-household", prefixes: ["", "/ru"] },
];
const WIDTHS = [320, 390];

async function phone(width: number, host: string, opts: { consent?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true, locale: "en-GB" });
  await settleShellPrompts(context, host, { consent: opts.consent ?? true });
  return context.newPage();
}

/** Elements whose text or content is cut off, and whether the page scrolls sideways. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("button, a, label, h1, h2, h3, [role=button]")) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || !el.offsetParent) continue;
      if (el.closest("[data-portal-skip-link], .mantine-visually-hidden, [aria-hidden=true]")) continue;
      // Cut off: wider content than box where the box hides or clips it.
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== "visible" && style.textOverflow !== "ellipsis")
        clipped.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 40)}`);
    }
    return { clipped, sideways: document.documentElement.scrollWidth > window.innerWidth + 1 };
  });
}

describe("on a phone", () => {
  for (const site of SITES) {
    for (const width of WIDTHS) {
      it(`${site.host} at ${width} px: the sign-in page fits, its buttons' texts whole`, async () => {
        const page = await phone(width, site.host);
        for (const prefix of site.prefixes) {
          await page.goto(siteUrl(site.host, `${prefix}/auth/signin`));
          await page.locator("main").waitFor();
          const o = await overflow(page);
          expect(o.clipped, `${prefix || "/"}`).toEqual([]);
          expect(o.sideways, `${prefix || "/"} scrolls sideways`).toBe(false);
          for (const button of await page.locator("main a[href*='/api/auth/'], main button").all()) {
            if (!(await button.isVisible())) continue;
            const fits = await button.evaluate((el) => [...el.querySelectorAll<HTMLElement>("span")].every((s) => s.scrollWidth <= s.clientWidth + 1 || getComputedStyle(s).overflow === "visible"));
            expect(fits, `${prefix || "/"}: ${await button.textContent()}`).toBe(true);
          }
        }
        await page.context().close();
      });
    }
  }

  it("keeps the site's name to two lines in the header and nothing spills out of it", async () => {
    for (const site of SITES) {
      for (const width of WIDTHS) {
        const page = await phone(width, site.host);
        await signInSandbox(page, site.host, site.identity);
        const report = await page.evaluate(() => {
          const header = document.querySelector("header")!.getBoundingClientRect();
          const name = document.querySelector<HTMLElement>("header [data-testid=brand-name]");
          const lines = name ? Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight || "20")) : 0;
          const outside = [...document.querySelectorAll<HTMLElement>("header *")]
            .filter((el) => el.offsetParent && el.getClientRects().length)
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.height > 0 && (r.top < header.top - 1 || r.bottom > header.bottom + 1 || r.right > window.innerWidth + 1);
            })
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60));
          return { hasName: !!name, lines, outside, sideways: document.documentElement.scrollWidth > window.innerWidth + 1 };
        });
        expect(report.hasName, `${site.host} ${width}`).toBe(true);
        expect(report.lines, `${site.host} ${width}: lines of the site's name`).toBeLessThanOrEqual(2);
        expect(report.outside, `${site.host} ${width}`).toEqual([]);
        expect(report.sideways, `${site.host} ${width}`).toBe(false);
        await page.context().close();
      }
    }
  });

  it("never covers text or a control with the floating cookie-settings button", async () => {
    for (const width of WIDTHS) {
      const page = await phone(width, "aurora.localhost");
      for (const path of ["/auth/signin", "/"]) {
        if (path === "/") await signInSandbox(page, "aurora.localhost", "aurora-solar-household");
        else await page.goto(siteUrl("aurora.localhost", path));
        const button = page.getByTestId("consent-button");
        await button.waitFor();
        // At the end of the page, where the last controls are.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(0);
        const covered = await button.evaluate((btn) => {
          const b = btn.getBoundingClientRect();
          const hits: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>("a, button, input, select, textarea, [role=button], p, h1, h2, h3, li, td, th, label")) {
            if (el === btn || btn.contains(el) || el.contains(btn) || !el.offsetParent) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            const overlap = Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1 && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
            if (overlap) hits.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 40)}`);
          }
          return hits;
        });
        expect(covered, `${width} px ${path}`).toEqual([]);
      }
      await page.context().close();
    }
  });
});
