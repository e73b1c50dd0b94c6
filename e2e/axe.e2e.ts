import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { clickUntil, fastForwardUntil, networkSettled, siteUrl, transitionsDone } from "./helpers";
import { axe } from "./page-checks";
import { settleShellPrompts } from "./shell-helpers";
import { THEME_IDS } from "../src/themes/types";

/**
 * Every page of the white-label shell, scanned with axe: the three demo sites (three themes) and
 * the preview page in all 13 themes, light and dark, at phone and desktop widths.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

type Scheme = "light" | "dark";
type Width = "phone" | "desktop";

async function contextFor(host: string, scheme: Scheme, width: Width): Promise<BrowserContext> {
  const context = await newContext(browser, { colorScheme: scheme, mobile: width === "phone" });
  if (scheme === "dark") {
    await context.addCookies([
      { name: "color-scheme", value: "dark", domain: host, path: "/" },
      { name: "color-scheme-override", value: "true", domain: host, path: "/" },
    ]);
  }
  return context;
}

/**
 * Whether the consent banner is due: the site asks for consent (its floating button is there),
 * the visitor has not decided, and the preferences are not open instead.
 */
async function consentBannerDue(page: Page): Promise<boolean> {
  if (!(await page.getByTestId("consent-button").count())) return false;
  if ((await page.context().cookies(page.url())).some((c) => c.name === "cc_cookie")) return false;
  return !(await page.locator("#cc-main .pm").isVisible());
}

async function scan(page: Page, label: string, problems: string[]) {
  await networkSettled(page);
  // The consent banner is in the server's HTML; wait until its script is live, then let any dialog finish fading in.
  if (await consentBannerDue(page)) await page.locator('[data-testid="consent-banner"][data-ready]').waitFor();
  await transitionsDone(page);
  const result = await axe(page).analyze();
  for (const v of result.violations) {
    const nodes = v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 220)}`)
      .join(" | ");
    problems.push(`${label}: ${v.id} (${v.impact}) ${nodes}`);
  }
  return result;
}

const SITES = [
  { host: "aurora.localhost", id: "aurora", dark: true },
  { host: "laane.localhost", id: "laane", dark: true },
  { host: "daugava.localhost", id: "daugava", dark: false },
] as const;

describe("accessibility of the shell's pages (axe)", () => {
  it("finds violations as the suite runs axe", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setContent(`<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>`);
    const { violations } = await axe(page).analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`)).sort()).toEqual(["image-alt img", "label input"]);
    await context.close();
  });

  for (const site of SITES) {
    it(`${site.id}: sign-in, sandbox e-ID, home, auth error, confirm request, dev mailbox`, async () => {
      const problems: string[] = [];
      let scanned = 0;
      const schemes: Scheme[] = site.dark ? ["light", "dark"] : ["light"];
      for (const width of ["desktop", "phone"] as Width[]) {
        for (const scheme of schemes) {
          const tag = `${site.id} ${scheme} ${width}`;
          const context = await contextFor(site.host, scheme, width);
          const page = await context.newPage();
          for (const path of ["/auth/signin", "/en/auth/error?error=AccessDenied", "/en/auth/confirm-request", "/en/dev/mailbox"]) {
            await page.goto(siteUrl(site.host, path));
            await scan(page, `${tag} ${path}`, problems);
            scanned++;
          }
          await page.goto(siteUrl(site.host, "/en/auth/signin"));
          await page.locator('a[href*="/api/auth/sandbox-eid/authorize"]').click();
          await page.waitForURL(/\/auth\/sandbox-eid\?state=/);
          await scan(page, `${tag} sandbox e-ID`, problems);
          await page.locator(`button[data-identity="${site.id}-solar-household"]`).click();
          await page.waitForURL((url) => !url.pathname.includes("/auth/"), { timeout: 20_000 });
          await page.getByTestId("account-summary").waitFor();
          await scan(page, `${tag} home`, problems);
          scanned += 2;
          await context.close();
        }
      }
      expect(scanned).toBeGreaterThanOrEqual(12);
      expect(problems).toEqual([]);
    }, 400_000);
  }

  it("the theme preview in all 13 themes, light and dark, desktop and phone", async () => {
    const problems: string[] = [];
    for (const [scheme, width] of [
      ["light", "desktop"],
      ["dark", "desktop"],
      ["light", "phone"],
      ["dark", "phone"],
    ] as [Scheme, Width][]) {
      const context = await contextFor("aurora.localhost", scheme, width);
      await settleShellPrompts(context, "aurora.localhost");
      const page = await context.newPage();
      await page.goto(siteUrl("aurora.localhost", "/en/themes"));
      await scan(page, `gallery ${scheme} ${width}`, problems);
      const themes = width === "desktop" ? THEME_IDS : THEME_IDS.filter((_, i) => i % 4 === 0);
      for (const id of themes) {
        await page.goto(siteUrl("aurora.localhost", `/en/themes?theme=${id}`));
        await page.getByTestId("theme-detail").waitFor();
        await scan(page, `preview ${id} ${scheme} ${width}`, problems);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 400_000);

  it("the consent preferences, the feedback dialog and the client-error page", async () => {
    const problems: string[] = [];
    for (const scheme of ["light", "dark"] as Scheme[]) {
      for (const width of ["desktop", "phone"] as Width[]) {
        const tag = `${scheme} ${width}`;
        const context = await contextFor("laane.localhost", scheme, width);
        const page = await context.newPage();
        await page.goto(siteUrl("laane.localhost", "/en/auth/signin"));
        await page.locator('[data-testid="consent-banner"][data-ready] [data-role="show"]').click();
        await page.locator("#cc-main .pm").waitFor();
        await scan(page, `${tag} consent preferences`, problems);
        await context.close();

        const aurora = await contextFor("aurora.localhost", scheme, width);
        await settleShellPrompts(aurora, "aurora.localhost", { feedback: false });
        const home = await aurora.newPage();
        await home.clock.install();
        await home.goto(siteUrl("aurora.localhost", "/en"));
        await home.locator('a[href*="/api/auth/sandbox-eid/authorize"]').click();
        await home.locator('button[data-identity="aurora-apartment"]').click();
        await home.waitForURL((url) => !url.pathname.includes("/auth/"), { timeout: 20_000 });
        await home.getByTestId("account-summary").waitFor();
        await fastForwardUntil(home, "00:21", home.getByRole("dialog"));
        await scan(home, `${tag} feedback dialog`, problems);
        await home.goto(siteUrl("aurora.localhost", "/en/themes?theme=voima"));
        await clickUntil(home.getByTestId("error-drill"), () => home.getByTestId("client-error").isVisible());
        await scan(home, `${tag} client-error page`, problems);
        await aurora.close();
      }
    }
    expect(problems).toEqual([]);
  }, 400_000);
});
