import AxeBuilder from "@axe-core/playwright";
import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { newContext } from "./browser";
import { signInSandbox, siteUrl, transitionsDone } from "./helpers";
import { settleShellPrompts } from "./shell-helpers";

/**
 * What the area browser tests share: a signed-in customer's context, the chosen colour scheme, and
 * axe on a page or on a set of pages in light and dark, on a desktop and a phone-sized window.
 */

/**
 * Every Content-Security-Policy violation on `page` from its next navigation on, as "directive
 * blocked-URI", in the list it returns (the browser reports them only to the page's own script).
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`)),
  );
  return violations;
}

/**
 * Axe on `page` as the browser tests run it: in the page itself (axe's "legacy" mode: no blank page
 * opened per scan to merge the frames' results, which the portal's frameless pages do not need)
 * and keeping the details of violations only. Together these took a scan from about 2.2 s to
 * about 1.0 s on 2 cores (the settings tabs, 2026-11-29).
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
}

/** The shell's header controls are checked by the shell's own tests. */
export const SHELL_CONTROLS = ['[data-testid="account-menu"]', 'header button[aria-label^="Language"]', '[data-testid="language-switcher"]'];

/** A person signed in through the sandbox e-ID, with the cookie banner and feedback dialog already answered. */
export async function signedInAt(
  browser: Browser,
  host: string,
  identity: string,
  path: string,
  opts: { mobile?: boolean; colorScheme?: "light" | "dark" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { mobile: opts.mobile, colorScheme: opts.colorScheme });
  await settleShellPrompts(context, host);
  const page = await context.newPage();
  await signInSandbox(page, host, identity, path);
  return { context, page };
}

/** A chosen colour scheme (the override cookie makes the choice win over the system's). */
export async function setScheme(context: BrowserContext, host: string, scheme: "light" | "dark") {
  await context.addCookies([
    { name: "color-scheme", value: scheme, url: siteUrl(host, "/") },
    { name: "color-scheme-override", value: "true", url: siteUrl(host, "/") },
  ]);
}

/** Waits until the page has its heading (pages stream their parts) and shows the scheme asked for. */
export async function pageShown(page: Page, scheme?: "light" | "dark", ready = "h1") {
  await page.locator(ready).first().waitFor();
  if (scheme) await page.waitForFunction((s) => document.documentElement.getAttribute("data-mantine-color-scheme") === s, scheme);
}

/** Axe's violations on the page as it is now, one line each (the shell's header controls left out). */
export async function axeProblems(page: Page, label: string, opts: { ready?: string } = {}): Promise<string[]> {
  await page
    .locator(opts.ready ?? "h1")
    .first()
    .waitFor();
  await transitionsDone(page);
  // After a client-side navigation the heading can be drawn before the new page's title is set:
  // wait for a title (a page that never gets one is still reported by axe's document-title rule).
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  let builder = axe(page);
  for (const selector of SHELL_CONTROLS) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

export async function expectAxeClean(page: Page, label: string, opts: { ready?: string } = {}) {
  expect(await axeProblems(page, label, opts)).toEqual([]);
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 812 };

/**
 * Axe on each page, in light and dark, on a desktop and a phone-sized window, and nothing wider
 * than the window; `ready` is what shows the page has rendered, `prepare` opens what it hides at first.
 */
export async function axeEverywhere(
  context: BrowserContext,
  page: Page,
  host: string,
  pages: { path: string; label: string; ready?: string; prepare?: (page: Page) => Promise<void> }[],
  sizes: { width: number; height: number }[] = [DESKTOP, PHONE],
): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of ["light", "dark"] as const) {
    await setScheme(context, host, scheme);
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const p of pages) {
        await page.goto(siteUrl(host, p.path));
        await pageShown(page, scheme, p.ready);
        await p.prepare?.(page);
        problems.push(...(await axeProblems(page, `${p.label} ${scheme} ${size.width}px`, { ready: p.ready })));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > size.width) problems.push(`${p.label} ${scheme} ${size.width}px: ${width}px wide`);
      }
    }
  }
  await setScheme(context, host, "light");
  await page.setViewportSize(DESKTOP);
  return problems;
}
