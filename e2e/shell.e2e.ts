import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { clickUntil, fastForwardUntil, happensWithin, networkSettled, showsAsClockRuns, signInSandbox, siteUrl } from "./helpers";
import { pageFetch, readDraft, serverHtml, settleShellPrompts } from "./shell-helpers";
import { demoPlans } from "../src/server/demo/plan-access";
import { THEME_IDS } from "../src/themes/types";
import { XSS_VECTORS } from "../src/server/announcements/xss-corpus";
import { LOCALE_NAMES } from "../src/lib/locales";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const plans = demoPlans();
const plan = (site: string) => plans.find((p) => p.site.id === site)!;
const SCREENSHOTS = path.resolve(__dirname, "../test-results/themes");

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name);
}

/** The cookie banner the server draws while undecided; its buttons are live once it is `data-ready`. */
const banner = (page: Page) => page.getByTestId("consent-banner");
const bannerButton = (page: Page, role: "all" | "necessary" | "show") => page.locator(`[data-testid="consent-banner"][data-ready] [data-role="${role}"]`);

describe("themes", () => {
  it("renders every theme on the preview page, and writes a screenshot of each", async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await page.goto(siteUrl("aurora.localhost", "/en/themes"));
    await expect(page.getByTestId("theme-card").count()).resolves.toBe(13);
    const seen = new Set<string>();
    for (const id of THEME_IDS) {
      await page.goto(siteUrl("aurora.localhost", `/en/themes?theme=${id}`));
      await page.getByTestId("theme-detail").waitFor();
      expect(await page.getByTestId("theme-detail").getAttribute("data-theme")).toBe(id);
      const vars = await page.evaluate(() => {
        const s = getComputedStyle(document.documentElement);
        return {
          header: s.getPropertyValue("--portal-header-height").trim(),
          primary: s.getPropertyValue("--mantine-primary-color-filled").trim(),
          headerBg: s.getPropertyValue("--portal-header-bg").trim(),
        };
      });
      const { getTheme } = await import("../src/themes/registry");
      const theme = getTheme(id);
      expect(vars.header).toBe(`${theme.headerHeight}px`);
      expect(vars.headerBg.toLowerCase()).toBe(theme.header.light.background.toLowerCase());
      seen.add(`${vars.primary}|${vars.headerBg}`);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${id}.png`), fullPage: true });
    }
    expect(seen.size).toBeGreaterThanOrEqual(12);
    for (const id of THEME_IDS) expect(fs.statSync(path.join(SCREENSHOTS, `${id}.png`)).size).toBeGreaterThan(10_000);
    await context.close();
  }, 180_000);

  it("applies ?theme= only on the preview page", async () => {
    const { getTheme } = await import("../src/themes/registry");
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    const headerBg = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--portal-background").trim().toLowerCase());
    await page.goto(siteUrl("aurora.localhost", "/en/auth/signin?theme=aalto"));
    expect(await headerBg()).toBe(getTheme("voima").background.light.toLowerCase());
    await page.goto(siteUrl("aurora.localhost", "/en/themes?theme=aalto"));
    expect(await headerBg()).toBe(getTheme("aalto").background.light.toLowerCase());
    await context.close();
  });
});

describe("colour scheme (spec §4)", () => {
  const schemeOf = (html: string) => /<html[^>]*data-mantine-color-scheme="(\w+)"/.exec(html)?.[1] ?? null;

  it("paints the first frame from the cookies, on the server", async () => {
    expect(schemeOf((await serverHtml("aurora.localhost", "/en/auth/signin", "color-scheme=dark; color-scheme-override=true")).body)).toBe("dark");
    expect(schemeOf((await serverHtml("aurora.localhost", "/en/auth/signin", "color-scheme=light; color-scheme-override=true")).body)).toBe("light");
    // Without the override the system preference decides: the server leaves it to the inline script.
    const auto = (await serverHtml("aurora.localhost", "/en/auth/signin", "color-scheme=dark")).body;
    expect(schemeOf(auto)).toBeNull();
    expect(auto).toContain("prefers-color-scheme: dark");
    // A site without the dark-theme feature is always light.
    expect(schemeOf((await serverHtml("daugava.localhost", "/en/auth/signin", "color-scheme=dark; color-scheme-override=true")).body)).toBe("light");
    expect(schemeOf((await serverHtml("daugava.localhost", "/en/auth/signin")).body)).toBe("light");
  });

  it("follows the system until the person chooses, and keeps the choice in cookies", async () => {
    const context = await newContext(browser, { colorScheme: "dark" });
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await page.goto(siteUrl("aurora.localhost", "/en/themes?theme=voima"));
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    const control = page.getByTestId("appearance-control");
    const scheme = () => page.locator("html").getAttribute("data-mantine-color-scheme");
    await clickUntil(control.getByText("Light", { exact: true }), async () => (await scheme()) === "light");
    expect((await cookie(context, "color-scheme"))?.value).toBe("light");
    expect((await cookie(context, "color-scheme-override"))?.value).toBe("true");
    const html = (await serverHtml("aurora.localhost", "/en/auth/signin", (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; "))).body;
    expect(schemeOf(html)).toBe("light");
    await control.getByText("Follow device", { exact: true }).click();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    expect(await cookie(context, "color-scheme-override")).toBeUndefined();
    await context.close();
  });

  it("saves the header toggle's choice for a signed-in person", async () => {
    const context = await newContext(browser, { colorScheme: "light" });
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-house-gas", "/en");
    const saved = async () => (await pageFetch<{ colorScheme: string }>(page, "/api/me/appearance")).body.colorScheme;
    const toggle = page.locator("header").getByRole("button", { name: "Switch to dark mode" });
    // The header is hydrated once the account menu's trigger says so.
    await page.locator("header [data-interactive]").first().waitFor();
    await toggle.click();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    await expect.poll(saved, { timeout: 5_000 }).toBe("dark");
    await page.locator("header").getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("light");
    await expect.poll(saved, { timeout: 5_000 }).toBe("light");
    await context.close();
  });

  it("resets a stored dark choice to light on a site without the dark-theme feature", async () => {
    const context = await newContext(browser, { colorScheme: "dark" });
    await settleShellPrompts(context, "daugava.localhost");
    await context.addCookies([
      { name: "color-scheme", value: "dark", domain: "daugava.localhost", path: "/" },
      { name: "color-scheme-override", value: "true", domain: "daugava.localhost", path: "/" },
    ]);
    const page = await context.newPage();
    await page.goto(siteUrl("daugava.localhost", "/en/auth/signin"));
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("light");
    await page.waitForFunction(() => /(?:^|; )color-scheme=light/.test(document.cookie));
    await context.close();
  });
});

describe("page title and meta tags (spec §3 meta fields)", () => {
  it("takes the title from the site's TITLE for the locale and other meta fields as meta tags", async () => {
    const fi = (await serverHtml("aurora.localhost", "/auth/signin")).body;
    expect(/<title>([^<]*)<\/title>/.exec(fi)?.[1]).toBe("Kirjaudu sisään · Aurora Energia – Oma Aurora");
    const en = (await serverHtml("aurora.localhost", "/en/auth/signin")).body;
    expect(/<title>([^<]*)<\/title>/.exec(en)?.[1]).toBe("Sign in · Aurora Energia – My Aurora");
    const descriptions = [...en.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);
    expect(descriptions).toEqual(["Aurora Energian asiakkaiden asiointipalvelu"]);
    expect(/<html[^>]* lang="en-GB"/.test(en)).toBe(true);
  });
});

describe("language switch (spec §2)", () => {
  it("keeps the path and the query", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await page.goto(siteUrl("aurora.localhost", "/auth/signin?callbackUrl=%2Finvoices&x=1"));
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("fi-FI");
    await clickUntil(page.getByRole("button", { name: /Suomi/ }), () => page.getByRole("menuitem", { name: "English" }).isVisible());
    await page.getByRole("menuitem", { name: "English" }).click();
    await page.waitForURL((u) => u.pathname === "/en/auth/signin");
    const url = new URL(page.url());
    expect(url.searchParams.get("callbackUrl")).toBe("/invoices");
    expect(url.searchParams.get("x")).toBe("1");
    await page.waitForFunction(() => document.documentElement.lang === "en-GB");
    await clickUntil(page.getByRole("button", { name: /English/ }), () => page.getByRole("menuitem", { name: "Svenska" }).isVisible());
    await page.getByRole("menuitem", { name: "Svenska" }).click();
    await page.waitForURL((u) => u.pathname === "/sv/auth/signin" && u.search.includes("callbackUrl=%2Finvoices"));
    await context.close();
  });
});

describe("pseudo-locale", () => {
  /** Visible text outside ⟦…⟧ that is not data the page shows as-is (names, numbers, codes). */
  async function unmarkedText(page: Page, data: string[]): Promise<string[]> {
    return page.evaluate((allowed) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const inBrackets = (node: Text) => {
        // The text of the closest element block, and where this node sits in it.
        let block: Element | null = node.parentElement;
        while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
        if (!block) return false;
        const range = document.createRange();
        range.setStart(block, 0);
        range.setEnd(node, 0);
        const before = range.toString();
        const depth = (before.match(/⟦/g)?.length ?? 0) - (before.match(/⟧/g)?.length ?? 0);
        return depth > 0;
      };
      for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
        const text = n.data.trim();
        if (!text) continue;
        const el = n.parentElement!;
        if (el.closest("script, style, noscript, template, [data-user-content], [translate='no']")) continue;
        if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) continue;
        if (/^[\d\s.,:;!?()+\-–—/%€©·•|'"“”«»*]*$/.test(text)) continue;
        if (text.startsWith("⟦") || inBrackets(n)) continue;
        if (allowed.some((a) => text === a || a.includes(text))) continue;
        out.push(text);
      }
      return out;
    }, data);
  }

  it("leaves no untranslated text on the signed-in home page and the sign-in page", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-solar-household", "/xa");
    const person = plan("aurora").people.find((p) => p.persona === "solar-household")!;
    const own = plan("aurora").customers.find((c) => c.owner?.id === person.id)!;
    const site = plan("aurora").site;
    const data = [
      `${person.firstName} ${person.lastName}`,
      own.name,
      own.clientCode,
      site.companyName,
      ...(site.contactLinks ?? []).map((l) => l.label),
      ...(site.linkItems ?? []).map((l) => l.label),
      ...Object.values(LOCALE_NAMES),
      "xa",
    ];
    await page.goto(siteUrl("aurora.localhost", "/xa"));
    await page.getByTestId("account-summary").waitFor();
    // The cookie banner, too: ask again by clearing the choice.
    await context.clearCookies({ name: "cc_cookie" });
    await page.reload();
    await banner(page).waitFor();
    expect(await unmarkedText(page, data)).toEqual([]);
    await page.goto(siteUrl("aurora.localhost", "/xa/auth/signin"));
    await banner(page).waitFor();
    expect(await unmarkedText(page, data)).toEqual([]);
    await context.close();
  }, 120_000);
});

describe("cookie consent (spec §4, §9)", () => {
  const isAnalytics = (url: string) => url.includes("/api/consent/analytics.js");
  const isOutside = (url: string) => {
    const host = new URL(url).hostname;
    return !host.endsWith("localhost") && host !== "127.0.0.1";
  };
  const analyticsRequests = (page: Page) => {
    const seen: string[] = [];
    page.on("request", (r) => {
      if (isAnalytics(r.url())) seen.push(r.url());
      if (isOutside(r.url())) seen.push(`OUTSIDE ${r.url()}`);
    });
    return seen;
  };
  /** Set by the consent script once it has applied a decision without analytics (laane's measurement id). */
  const analyticsRefused = (page: Page) => page.waitForFunction(() => (window as unknown as Record<string, unknown>)["ga-disable-G-DEMO0000EE"] === true);
  const gaCookies = async (context: BrowserContext) => (await context.cookies()).filter((c) => c.name.startsWith("_ga")).map((c) => c.name);

  it("asks while undecided and loads analytics only after consent", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests = analyticsRequests(page);
    await page.goto(siteUrl("laane.localhost", "/en/auth/signin"));
    await banner(page).waitFor();
    // The banner shows once the consent script has found no decision: nothing may load now.
    expect(await happensWithin(500, (timeout) => page.waitForRequest((r) => isAnalytics(r.url()) || isOutside(r.url()), { timeout }))).toBe(false);
    expect(requests).toEqual([]);
    expect(await page.evaluate(() => typeof window.gtag)).toBe("undefined");
    expect(await gaCookies(context)).toEqual([]);

    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await bannerButton(page, "all").click();
    expect((await recorded).status()).toBe(201);
    await page.waitForFunction(() => typeof window.gtag === "function" && Array.isArray(window.dataLayer));
    expect(requests).toEqual([expect.stringContaining("/api/consent/analytics.js?id=G-DEMO0000EE")]);
    expect((await gaCookies(context)).sort()).toEqual(["_ga", "_ga_DEMO0000EE"]);
    await banner(page).waitFor({ state: "hidden" });

    const cc = (await cookie(context, "cc_cookie"))!;
    expect(cc.sameSite).toBe("Lax");
    expect(cc.path).toBe("/");
    expect(cc.secure).toBe(false);
    const days = (cc.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(181);
    expect(days).toBeLessThan(183);
    const value = JSON.parse(decodeURIComponent(cc.value));
    expect(value.categories.sort()).toEqual(["analytics", "necessary"]);
    expect(value.revision).toBe(0);

    // Decided: no banner on the next page, and analytics load again there.
    await page.reload();
    await page.waitForFunction(() => typeof window.gtag === "function");
    await expect(banner(page).isVisible()).resolves.toBe(false);
    expect(requests.every((r) => !r.startsWith("OUTSIDE"))).toBe(true);
    await context.close();
  });

  it("draws the banner in the server's HTML while undecided, so it paints with the page", async () => {
    const host = "laane.localhost";
    const { revision } = JSON.parse((await serverHtml(host, "/api/consent/revision")).body) as { revision: number };
    const choice = (rev: number) => `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ["necessary"], revision: rev, consentId: "6a0c3b7e-1d2f-4a5b-8c9d-0e1f2a3b4c5d" }))}`;
    // The banner as drawn (its texts are also among the page's messages for the browser, so look only inside it).
    const drawn = async (cookie = "") => /<section[^>]*data-testid="consent-banner"[^>]*>.*?<\/section>/s.exec((await serverHtml(host, "/en/auth/signin", cookie)).body)?.[0] ?? null;
    const undecided = await drawn();
    expect(undecided).toContain("We use cookies");
    expect(undecided).toContain('data-role="necessary"');
    expect(undecided).not.toContain("Our cookie policy has changed");
    // Chosen for this revision: no banner; for an older one: the banner, saying the policy changed.
    expect(await drawn(choice(revision))).toBeNull();
    expect(await drawn(choice(revision + 1))).toContain("Our cookie policy has changed");
    // A cookie that cannot be read counts as no choice.
    expect(await drawn("cc_cookie=%7Bnot-json")).toContain("We use cookies");
  });

  it("loads nothing when rejected", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const requests = analyticsRequests(page);
    await page.goto(siteUrl("laane.localhost", "/en/auth/signin"));
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await bannerButton(page, "necessary").click();
    expect((await recorded).status()).toBe(201);
    await analyticsRefused(page);
    await page.reload();
    await analyticsRefused(page);
    expect(requests).toEqual([]);
    expect(await gaCookies(context)).toEqual([]);
    expect(JSON.parse(decodeURIComponent((await cookie(context, "cc_cookie"))!.value)).categories).toEqual(["necessary"]);
    await context.close();
  });

  it("changes the choice from the floating button; withdrawing clears the analytics cookies", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl("laane.localhost", "/en/auth/signin"));
    await bannerButton(page, "all").click();
    await page.waitForFunction(() => /(?:^|; )_ga=/.test(document.cookie));
    const button = page.getByTestId("consent-button");
    const box = (await button.boundingBox())!;
    expect(box.x).toBeLessThan(40);
    expect(900 - (box.y + box.height)).toBeLessThan(40);
    await button.click();
    const prefs = page.locator("#cc-main .pm");
    await prefs.waitFor();
    const toggle = prefs.locator('input[value="analytics"]');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.uncheck({ force: true });
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await prefs.locator('[data-role="save"]').click();
    expect((await recorded).status()).toBe(201);
    await page.waitForFunction(() => !/(?:^|; )_ga/.test(document.cookie));
    expect(await gaCookies(context)).toEqual([]);
    expect(JSON.parse(decodeURIComponent((await cookie(context, "cc_cookie"))!.value)).categories).toEqual(["necessary"]);
    await context.close();
  });

  it("asks again when the site raises its consent revision", async () => {
    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await page.goto(siteUrl("daugava.localhost", "/en/auth/signin"));
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/consent") && r.request().method() === "POST");
    await bannerButton(page, "necessary").click();
    expect((await recorded).status()).toBe(201);
    await page.reload();
    // Decided: the banner must not come back (daugava has no analytics, so nothing else shows that the consent script ran).
    expect(await happensWithin(1000, (timeout) => banner(page).waitFor({ timeout }))).toBe(false);

    const adminContext = await newContext(browser);
    await settleShellPrompts(adminContext, "daugava.localhost");
    const admin = await adminContext.newPage();
    await signInSandbox(admin, "daugava.localhost", "daugava-site-admin", "/en");
    const before = (await pageFetch<{ revision: number }>(admin, "/api/consent/revision")).body.revision;
    const bumped = await pageFetch<{ revision: number }>(admin, "/api/consent/revision", { method: "PUT" });
    expect(bumped).toEqual({ status: 200, body: { revision: before + 1 } });
    await adminContext.close();

    await page.reload();
    await banner(page).waitFor();
    await expect(banner(page).textContent()).resolves.toContain("Our cookie policy has changed");
    await bannerButton(page, "necessary").click();
    // A choice over an outdated one closes the banner as a first choice does.
    await banner(page).waitFor({ state: "hidden" });
    expect(JSON.parse(decodeURIComponent((await cookie(visitor, "cc_cookie"))!.value)).revision).toBe(before + 1);
    await visitor.close();
  });

  it("lifts the floating button above the bottom bar for signed-in people on phones", async () => {
    const context = await newContext(browser, { mobile: true });
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-apartment", "/en");
    const bar = page.locator("[data-portal-bottom-bar]");
    await bar.waitFor();
    await expect(bar.getByRole("link", { name: "Home" }).getAttribute("aria-current")).resolves.toBe("page");
    const barBox = (await bar.boundingBox())!;
    const buttonBox = (await page.getByTestId("consent-button").boundingBox())!;
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(barBox.y);
    await context.close();
  });
});

describe("forms: draft restore and leave-page guard (spec §2, §4)", () => {
  it("asks before leaving with unsaved changes, and offers the encrypted draft back", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-house-gas", "/en");
    const previewUrl = siteUrl("aurora.localhost", "/en/themes?theme=voima");
    await page.goto(previewUrl);
    const form = page.getByTestId("preview-form");
    // Typing before the form is hydrated would be reset by it.
    await page.locator('[data-testid="preview-form"][data-interactive]').waitFor();
    await form.getByLabel("Name").fill("Maija Meikäläinen");
    await form.getByLabel("Message").fill("Please call me after 17:00");
    // Saved a moment after the last keystroke: the draft holds both fields once that save has landed.
    await expect.poll(() => readDraft(page, "theme-preview-sample"), { timeout: 10_000 }).toEqual({ name: "Maija Meikäläinen", message: "Please call me after 17:00" });
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem("portal:form-draft:theme-preview-sample")))!);
    expect(stored.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof stored.timestamp).toBe("number");
    const [slot, payload] = Object.entries(stored.values)[0] as [string, string];
    expect(slot).toMatch(/^[0-9a-f]{64}$/);
    expect(payload).not.toContain("Maija");
    expect(atob(payload.split(".")[0])).toHaveLength(16);

    // An in-app link: a translated confirm; staying keeps the page.
    await page.getByTestId("leave-link").click();
    const dialog = page.getByRole("dialog", { name: "Leave this page?" });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain("changes that have not been saved");
    await page.getByTestId("leave-cancel").click();
    expect(page.url()).toBe(previewUrl);
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("Maija Meikäläinen");

    // Unloading the page: the browser's own prompt (dismissed: the page stays).
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs, { timeout: 10_000 }).toContain("beforeunload");
    // Dismissed: the page is still there, with its values.
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("Maija Meikäläinen");
    expect(page.isClosed()).toBe(false);

    // Leaving after confirming goes on; coming back in the same session offers the draft.
    await page.getByTestId("leave-link").click();
    await page.getByTestId("leave-confirm").click();
    await page.waitForURL((u) => u.pathname === "/en/themes" && !u.search);
    await page.goto(previewUrl);
    const restore = page.getByRole("dialog", { name: "Continue where you left off?" });
    await restore.waitFor();
    await page.getByTestId("draft-restore").click();
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("Maija Meikäläinen");
    await expect(form.getByLabel("Message").inputValue()).resolves.toBe("Please call me after 17:00");

    // Clearing drops the draft and resets the form.
    await form.getByRole("button", { name: "Clear" }).click();
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("");
    await page.waitForFunction(() => sessionStorage.getItem("portal:form-draft:theme-preview-sample") === null);

    // A damaged draft is dropped silently; one from another app version is not offered.
    const damaged = { ...stored, values: Object.fromEntries(Object.entries(stored.values as Record<string, string>).map(([k, v]) => [k, `${v.slice(0, 30)}AAAA${v.slice(34)}`])) };
    for (const variant of [damaged, { ...stored, version: "0.0.0-old" }]) {
      await page.evaluate((v) => sessionStorage.setItem("portal:form-draft:theme-preview-sample", v), JSON.stringify(variant));
      await page.reload();
      await form.waitFor();
      // Once it has looked at the draft and not offered it, the form drops it from storage.
      await page.waitForFunction(() => sessionStorage.getItem("portal:form-draft:theme-preview-sample") === null);
      await expect(page.getByRole("dialog", { name: "Continue where you left off?" }).count()).resolves.toBe(0);
      await expect(form.getByLabel("Name").inputValue()).resolves.toBe("");
    }
    await context.close();
  }, 90_000);
});

describe("client-error page (spec §2, §8)", () => {
  it("shows title, description, the client code and a reload button, and logs the error", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await page.goto(siteUrl("aurora.localhost", "/en/themes?theme=kerava"));
    const logged = page.waitForRequest((r) => r.url().endsWith("/api/logs") && r.method() === "POST");
    const errorPage = page.getByTestId("client-error");
    await clickUntil(page.getByTestId("error-drill"), () => errorPage.isVisible());
    await expect(errorPage.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Something went wrong");
    const userId = (await cookie(context, "user-id"))!;
    expect(userId.httpOnly).toBe(true);
    await expect(page.getByTestId("client-error-code").textContent()).resolves.toBe(userId.value);
    const log = JSON.parse((await logged).postData()!);
    expect(log.level).toBe("error");
    expect(log.message).toContain("simulated rendering error");
    expect(log.payload.stack).toBeTruthy();
    await page.getByRole("button", { name: "Reload the page" }).click();
    await page.getByTestId("theme-detail").waitFor();
    await context.close();
  });
});

describe("what opening a page loads", () => {
  it("fetches no other page and no drawer, dialog or notification code while a page opens; a link's page once a pointer is on it", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-solar-household", "/en/invoices");
    // The router's requests for other pages (prefetches and navigations) carry the RSC header.
    const routed: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["rsc"] === "1") routed.push(new URL(r.url()).pathname);
    });
    await page.goto(siteUrl("aurora.localhost", "/en/invoices"));
    await page.getByTestId("invoice-table").waitFor();
    await networkSettled(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    // Links in view (the header's, the rows') are fetched only when followed or pointed at.
    expect(routed).toEqual([]);
    await expect(nav.getByRole("link").count()).resolves.toBeGreaterThan(3);
    await expect(page.locator(".mantine-Notifications-root, .mantine-Drawer-root, .mantine-Modal-root").count()).resolves.toBe(0);
    const prefetched = page.waitForRequest((r) => r.headers()["rsc"] === "1" && new URL(r.url()).pathname === "/en/dashboard");
    await nav.getByRole("link", { name: "Overview" }).hover();
    await prefetched;
    // Followed, it is the router's navigation, not a new document.
    let documents = 0;
    page.on("request", (r) => void (r.resourceType() === "document" && documents++));
    await nav.getByRole("link", { name: "Overview" }).click();
    await page.waitForURL((u) => u.pathname === "/en/dashboard");
    await page.locator('[data-testid="dashboard"][data-state="ready"]').waitFor();
    expect(documents).toBe(0);
    await context.close();
  }, 120_000);

  it("draws the menu of small screens once it is wanted, and it opens, closes and gives the focus back", async () => {
    const context = await newContext(browser, { mobile: true });
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-solar-household", "/en/invoices");
    await page.getByTestId("invoice-cards").waitFor();
    await networkSettled(page);
    await expect(page.locator(".mantine-Drawer-root").count()).resolves.toBe(0);
    const button = page.getByRole("button", { name: "Open menu" });
    await button.focus();
    await page.locator(".mantine-Drawer-root").waitFor({ state: "attached" });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.getByRole("link", { name: "Overview" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-label") === "Open menu");
    await button.tap();
    await dialog.getByRole("link", { name: "Overview" }).tap();
    await page.waitForURL((u) => u.pathname === "/en/dashboard");
    await context.close();
  }, 120_000);
});

describe("notifications and API errors (spec §8, §9)", () => {
  it("shows 422 in yellow and other errors in red, one API error at a time; only errors below 500 close by themselves", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await page.goto(siteUrl("aurora.localhost", "/en/themes?theme=voima"));
    const notes = page.locator(".mantine-Notifications-root .mantine-Notification-root");
    const colorOf = async (i = 0) => (await notes.nth(i).getAttribute("style")) ?? "";

    await clickUntil(page.getByTestId("notify-validation"), async () => (await notes.count()) > 0);
    await expect(notes.first().textContent()).resolves.toContain("Please check the highlighted fields.");
    expect(await colorOf()).toContain("yellow");
    const placed = (await notes.first().boundingBox())!;
    expect(placed.y).toBeLessThan(150);
    expect(placed.x).toBeGreaterThan(600);

    await page.getByTestId("notify-service").click();
    await page.waitForFunction(() => document.querySelectorAll(".mantine-Notification-root").length === 1 && document.querySelector(".mantine-Notification-root")!.textContent!.includes("Not found."));
    expect(await colorOf()).toContain("red");
    await page.waitForFunction(() => document.querySelectorAll(".mantine-Notification-root").length === 0, null, { timeout: 8000 });

    await page.route("**/api/info/unavailable", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "unavailable", message: "api.errors.internal", status: 503, details: { messageCode: "E-503" } } }),
      }),
    );
    await page.getByTestId("notify-service").click();
    await notes.first().waitFor();
    await expect(notes.first().textContent()).resolves.toContain("E-503");
    expect(await colorOf()).toContain("red");
    // A server error's notification stays: it is still there well after the others close (4 s).
    expect(await happensWithin(5500, (timeout) => notes.first().waitFor({ state: "detached", timeout }))).toBe(false);
    await expect(notes.count()).resolves.toBe(1);

    await page.getByTestId("notify-success").click();
    await page.waitForFunction(() => [...document.querySelectorAll(".mantine-Notification-root")].some((n) => (n.getAttribute("style") ?? "").includes("green")));
    await context.close();
  }, 120_000);
});

describe("feedback dialog (spec §4–§6)", () => {
  it("asks a verified person after a while, validates the rating, thanks in green and does not ask again", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost", { feedback: false });
    const page = await context.newPage();
    await page.clock.install();
    await signInSandbox(page, "aurora.localhost", "aurora-company-owner", "/en");
    await page.getByTestId("account-summary").waitFor();
    const dialog = page.getByRole("dialog", { name: "How are we doing?" });
    await expect(dialog.count()).resolves.toBe(0);
    await fastForwardUntil(page, "00:21", dialog);
    const width = (await page.locator(".mantine-Modal-content").boundingBox())!.width;
    expect(Math.round(width)).toBe(880);

    // No rating: errors.no-rating, also from the API (422).
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await dialog.getByText("Choose a rating from 1 to 5.").waitFor();
    const form = await pageFetch<{ form: { id: string } }>(page, "/api/feedback/form");
    const noRating = await pageFetch(page, "/api/feedback/send", { method: "PUT", body: { formId: form.body.form.id } });
    expect(noRating.status).toBe(422);
    expect(JSON.stringify(noRating.body)).toContain("errors.no-rating");
    const badRating = await pageFetch(page, "/api/feedback/send", { method: "PUT", body: { formId: form.body.form.id, rating: 9 } });
    expect(JSON.stringify(badRating.body)).toContain("errors.invalid-rating");

    await dialog.getByLabel("4 – Satisfied").check();
    await dialog.getByLabel("What could we do better? (optional)").fill("More charts, please");
    const sent = page.waitForResponse((r) => r.url().endsWith("/api/feedback/send") && r.request().method() === "PUT");
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    expect((await sent).status()).toBe(201);
    await page.getByText("Thank you for your feedback!").waitFor();
    await dialog.waitFor({ state: "hidden" });
    const handled = Number((await cookie(context, "feedback-handled"))!.value);
    expect(Math.abs(handled - (await page.evaluate(() => Date.now())))).toBeLessThan(120_000);

    await page.reload();
    await page.getByTestId("account-summary").waitFor();
    expect(await showsAsClockRuns(page, "00:30", dialog)).toBe(false);
    await expect(dialog.count()).resolves.toBe(0);
    await context.close();
  }, 120_000);

  it("closing counts as handled; the dialog is full screen on phones and never on sign-in pages", async () => {
    const context = await newContext(browser, { mobile: true });
    await settleShellPrompts(context, "aurora.localhost", { feedback: false });
    const page = await context.newPage();
    await page.clock.install();
    await signInSandbox(page, "aurora.localhost", "aurora-representative", "/en");
    const dialog = page.getByRole("dialog", { name: "How are we doing?" });
    await fastForwardUntil(page, "00:21", dialog);
    const box = (await page.locator(".mantine-Modal-content").boundingBox())!;
    expect(Math.round(box.width)).toBe(390);
    await page.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await cookie(context, "feedback-handled"))?.value).toMatch(/^\d+$/);

    // An old answer (before the form was refreshed) asks again, but not on sign-in pages.
    await context.addCookies([{ name: "feedback-handled", value: String(Date.parse("2024-06-01T00:00:00Z")), domain: "aurora.localhost", path: "/" }]);
    await page.goto(siteUrl("aurora.localhost", "/en/auth/signin"));
    expect(await showsAsClockRuns(page, "00:30", dialog)).toBe(false);
    await expect(dialog.count()).resolves.toBe(0);
    await page.goto(siteUrl("aurora.localhost", "/en"));
    await fastForwardUntil(page, "00:21", dialog);
    await context.close();
  }, 120_000);
});

describe("announcements (spec §7)", () => {
  it(`renders sanitized content: none of ${XSS_VECTORS.length} injection vectors runs`, async () => {
    const adminContext = await newContext(browser);
    await settleShellPrompts(adminContext, "aurora.localhost");
    const admin = await adminContext.newPage();
    await signInSandbox(admin, "aurora.localhost", "aurora-site-admin", "/en");
    const chunks = 5;
    const size = Math.ceil(XSS_VECTORS.length / chunks);
    const ids: string[] = [];
    try {
      for (let i = 0; i < chunks; i++) {
        const res = await pageFetch<{ announcement: { id: string } }>(admin, "/api/site-announcements", {
          method: "POST",
          body: { title: `Security check ${i + 1} <img src=x onerror="window.__xss=1">`, contentHtml: XSS_VECTORS.slice(i * size, (i + 1) * size).join("\n"), locale: "en-GB", priority: 100 },
        });
        expect(res.status).toBe(201);
        ids.push(res.body.announcement.id);
      }
      const context = await newContext(browser);
      await settleShellPrompts(context, "aurora.localhost");
      const page = await context.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await signInSandbox(page, "aurora.localhost", "aurora-solar-household", "/en");
      const list = page.getByTestId("announcements");
      await list.waitFor();
      await expect(list.getByTestId("announcement").count()).resolves.toBe(5);
      await page.mouse.move(300, 300);
      await page.mouse.move(600, 500);
      await page.keyboard.press("Tab");
      // A vector that ran would open a dialog or set window.__xss, on load, error, hover or focus.
      const ran = (timeout: number) => {
        const waits = [page.waitForEvent("dialog", { timeout }), page.waitForFunction(() => (window as unknown as { __xss?: number }).__xss !== undefined, null, { timeout })];
        // The one that loses the race still ends (in a timeout): that is expected.
        for (const wait of waits) wait.catch(() => {});
        return Promise.race(waits);
      };
      expect(await happensWithin(1000, ran)).toBe(false);
      expect(dialogs).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      const report = await list.evaluate((root) => {
        const bad: string[] = [];
        for (const el of root.querySelectorAll("*")) {
          for (const attr of el.getAttributeNames()) if (attr.startsWith("on") || (attr === "style" && el.closest("[data-user-content]")) || attr === "srcdoc") bad.push(`${el.tagName} ${attr}`);
          if (["SCRIPT", "IFRAME", "IMG", "SVG", "OBJECT", "EMBED", "FORM", "INPUT", "STYLE", "BASE", "META", "LINK", "MATH", "VIDEO", "AUDIO"].includes(el.tagName.toUpperCase()))
            bad.push(el.tagName);
          if (el.tagName === "A") {
            const a = el as HTMLAnchorElement;
            if (!/^(https?:|mailto:|tel:)/.test(a.href)) bad.push(`href ${a.getAttribute("href")}`);
            if (a.target !== "_blank" || a.rel !== "noopener noreferrer") bad.push(`link ${a.outerHTML}`);
          }
        }
        return bad;
      });
      expect(report).toEqual([]);
      await context.close();
    } finally {
      for (const id of ids) await pageFetch(admin, `/api/site-announcements/${id}`, { method: "DELETE" });
      await adminContext.close();
    }
  }, 120_000);

  it("shows the seeded announcements in the site's locale with links opening in a new tab", async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "laane.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "laane.localhost", "laane-apartment", "/ru");
    const list = page.getByTestId("announcements");
    await list.waitFor();
    await expect(list.textContent()).resolves.toContain("Советы по экономии зимой");
    const link = list.getByRole("link", { name: "наши советы" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    await context.close();
  });
});
