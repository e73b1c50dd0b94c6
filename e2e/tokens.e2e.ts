import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { port, signInSandbox, siteUrl } from "./helpers";
import { axeProblems, expectAxeClean, setScheme } from "./page-checks";
import { settleShellPrompts } from "./shell-helpers";

const AURORA = "aurora.localhost";
const dir = new URL("../src/i18n/messages/", import.meta.url);
const messages = (locale: string, ns: string) => JSON.parse(fs.readFileSync(new URL(`${locale}/${ns}.json`, dir), "utf8"));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(opts: { mobile?: boolean; path?: string; colorScheme?: "light" | "dark" } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { mobile: opts.mobile, colorScheme: opts.colorScheme });
  await settleShellPrompts(context, AURORA);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl(AURORA, "/").replace(/\/$/, "") });
  const page = await context.newPage();
  await signInSandbox(page, AURORA, "aurora-solar-household", opts.path ?? "/en/settings?tab=api-access");
  return { context, page };
}

/** A call with only the token, from outside the browser: as a script or a home-automation hub makes it. */
function callWithToken(token: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: port(), path, method: "GET", headers: { host: `${AURORA}:${port()}`, authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

async function openApiAccess(page: Page) {
  await page.goto(siteUrl(AURORA, "/en/settings?tab=api-access"));
  await page.locator('[data-testid="api-token-form"][data-interactive]').waitFor();
}

describe("personal API tokens", () => {
  it("creates a token shown once, copies it, reads with it, and revokes it so the next call is refused", async () => {
    const { context, page } = await signedIn();
    await openApiAccess(page);
    await page.getByTestId("api-token-name").fill("Home hub e2e");
    await page.getByTestId("api-token-scope-read-consumption").uncheck();
    await page.getByTestId("api-token-scope-read-prices").check();
    await page.getByTestId("api-token-expiry-30").check();
    await page.getByTestId("api-token-create").click();
    const secret = page.getByTestId("api-token-secret");
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^eppat_[A-Za-z0-9_-]{43}$/);
    await page.getByTestId("api-token-secret-copy").click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(token);

    const listed = page.getByTestId("api-token").filter({ hasText: "Home hub e2e" });
    await listed.waitFor();
    await expect(listed.getByTestId("api-token-last-used").textContent()).resolves.toBe("Not used yet");

    const ok = await callWithToken(token, "/api/dashboard/statistics/spot");
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toHaveProperty("zone");
    expect((await callWithToken(token, "/api/invoices")).status).toBe(403);

    // After a reload the secret is gone for good; the list shows the last use.
    await openApiAccess(page);
    await expect(page.getByTestId("api-token-secret").count()).resolves.toBe(0);
    await expect(page.content()).resolves.not.toContain(token);
    const again = page.getByTestId("api-token").filter({ hasText: "Home hub e2e" });
    await expect(again.getByTestId("api-token-last-used").textContent()).resolves.not.toBe("Not used yet");

    await again.getByTestId("api-token-revoke").click();
    await page.getByTestId("api-token-revoke-confirm").click();
    await page.getByTestId("api-token").filter({ hasText: "Home hub e2e" }).waitFor({ state: "detached" });
    const refused = await callWithToken(token, "/api/dashboard/statistics/spot");
    expect(refused.status).toBe(401);
    await context.close();
  }, 120_000);

  it("shows the calendar subscription URL once, and it serves the iCalendar feed", async () => {
    const { context, page } = await signedIn();
    await openApiAccess(page);
    const replace = page.getByTestId("calendar-replace");
    if (await replace.count()) {
      await page.getByTestId("calendar-revoke").click();
      await page.getByTestId("calendar-revoke-confirm").click();
    }
    await page.locator('[data-testid="calendar-feed"][data-interactive]').waitFor();
    await page.getByTestId("calendar-create").click();
    const url = await page.getByTestId("calendar-url").inputValue();
    expect(url).toMatch(new RegExp(`^http://${AURORA.replace(".", "\\.")}:${port()}/api/calendar/epcal_[A-Za-z0-9_-]{43}\\.ics$`));
    await expect(page.getByTestId("calendar-subscribe").getAttribute("href")).resolves.toBe(url.replace(/^http:/, "webcal:"));
    const feed = await callWithToken("", new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.body.startsWith("BEGIN:VCALENDAR")).toBe(true);
    await context.close();
  }, 120_000);

  it("shows the spreadsheet addresses once with an IMPORTDATA formula, and a plain GET of the address reads the CSV", async () => {
    const { context, page } = await signedIn();
    await openApiAccess(page);
    await page.locator('[data-testid="spreadsheet-feed"][data-interactive]').waitFor();
    if (await page.getByTestId("spreadsheet-revoke").count()) {
      await page.getByTestId("spreadsheet-revoke").click();
      await page.getByTestId("spreadsheet-revoke-confirm").click();
      await page.getByTestId("spreadsheet-create").waitFor();
    }
    await page.getByTestId("spreadsheet-create").click();
    const url = await page.getByTestId("spreadsheet-url-consumption").inputValue();
    expect(url).toMatch(new RegExp(`^http://${AURORA.replace(".", "\\.")}:${port()}/api/spreadsheet/epcsv_[A-Za-z0-9_-]{43}/consumption\\.csv$`));
    await expect(page.getByTestId("spreadsheet-formula").inputValue()).resolves.toBe(`=IMPORTDATA("${url}")`);
    const spotUrl = await page.getByTestId("spreadsheet-url-spot").inputValue();
    expect(spotUrl).toBe(url.replace("consumption.csv", "spot-prices.csv"));
    // The addresses, shown once, in light and dark and on a phone (a reload would hide them).
    const shown = { ready: '[data-testid="spreadsheet-formula"]' };
    const problems = await axeProblems(page, "spreadsheet addresses light", shown);
    await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "dark"));
    problems.push(...(await axeProblems(page, "spreadsheet addresses dark", shown)));
    await page.setViewportSize({ width: 375, height: 812 });
    problems.push(...(await axeProblems(page, "spreadsheet addresses dark phone", shown)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.evaluate(() => document.documentElement.setAttribute("data-mantine-color-scheme", "light"));
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
    // A spreadsheet sends no token header: the address alone is enough.
    const csv = await callWithToken("", new URL(url).pathname);
    expect(csv.status).toBe(200);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("start,end,kwh");
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\+0[23]:00,\d{4}-\d{2}-\d{2}T\d{2}:00:00\+0[23]:00,(\d+(\.\d+)?)?$/);
    const spot = await callWithToken("", new URL(spotUrl).pathname);
    expect(spot.status).toBe(200);
    expect(spot.body.split("\r\n")[0]).toBe("start,end,eur_per_mwh,cents_per_kwh,cents_per_kwh_with_vat");
    // After a reload the addresses are gone from the page; the last read is shown.
    await openApiAccess(page);
    await expect(page.content()).resolves.not.toContain(url);
    await expect(page.getByTestId("spreadsheet-active").textContent()).resolves.not.toContain("No spreadsheet has read them yet.");
    await page.locator('[data-testid="spreadsheet-feed"][data-interactive]').waitFor();
    await page.getByTestId("spreadsheet-revoke").click();
    await page.getByTestId("spreadsheet-revoke-confirm").click();
    await page.getByTestId("spreadsheet-create").waitFor();
    expect((await callWithToken("", new URL(url).pathname)).status).toBe(404);
    await context.close();
  }, 120_000);

  it("shows the integrators' page with examples for this site, and /api/docs tries an operation with a token", async () => {
    const { context, page } = await signedIn();
    await openApiAccess(page);
    await page.getByTestId("api-docs-link").click();
    await page.getByTestId("integrator-guide").waitFor();
    await expect(page.getByTestId("example-curl").textContent()).resolves.toContain(`http://${AURORA}:${port()}/api/dashboard/statistics/spot`);
    await expect(page.getByTestId("integrator-operations").locator("tbody tr").count()).resolves.toBe(8);
    await expect(page.getByTestId("example-import").textContent()).resolves.toContain(`=IMPORTDATA("http://${AURORA}:${port()}/api/spreadsheet/YOUR_SPREADSHEET_KEY/consumption.csv")`);

    const created = await page.evaluate(async () => {
      const r = await fetch("/api/me/api-tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Docs try", scopes: ["read-prices"], expiresInDays: 30 }),
      });
      return (await r.json()) as { token: string };
    });
    await page.goto(siteUrl(AURORA, "/api/docs"));
    await page.locator("#personal-token").fill(created.token);
    const op = page.locator("details").filter({ hasText: "/api/dashboard/statistics/spot" });
    await op.locator("summary").click();
    await op.getByRole("button", { name: "Try it with the token" }).click();
    await expect.poll(() => op.locator(".out").textContent()).toMatch(/^200 /);
    await context.close();
  }, 120_000);

  it("passes axe on the tab and the integrators' page, light and dark, on a phone and a desktop", async () => {
    const { context, page } = await signedIn();
    for (const scheme of ["light", "dark"] as const) {
      await setScheme(context, AURORA, scheme);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(size);
        await openApiAccess(page);
        await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(scheme);
        await expectAxeClean(page, `api-access ${scheme} ${size.width}px`);
        // Nothing wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        await page.goto(siteUrl(AURORA, "/en/api-access"));
        await page.getByTestId("integrator-guide").waitFor();
        await expectAxeClean(page, `integrators ${scheme} ${size.width}px`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      }
    }
    // With a token just made (the one-time secret and the calendar URL shown).
    await page.setViewportSize({ width: 375, height: 812 });
    await openApiAccess(page);
    await page.getByTestId("api-token-name").fill("Axe check");
    await page.getByTestId("api-token-create").click();
    await page.getByTestId("api-token-secret").waitFor();
    await expectAxeClean(page, "api-access created 375px dark");
    await setScheme(context, AURORA, "light");
    await context.close();
  }, 300_000);
});

describe("accessibility statement", () => {
  const LOCALES = [
    { host: "aurora.localhost", path: "/accessibility", locale: "fi-FI", country: "FI" },
    { host: "aurora.localhost", path: "/sv/accessibility", locale: "sv-FI", country: "FI" },
    { host: "aurora.localhost", path: "/en/accessibility", locale: "en-GB", country: "FI" },
    { host: "laane.localhost", path: "/accessibility", locale: "et-EE", country: "EE" },
    { host: "laane.localhost", path: "/ru/accessibility", locale: "ru-RU", country: "EE" },
    { host: "daugava.localhost", path: "/accessibility", locale: "lv-LV", country: "LV" },
  ];

  it("is linked from the footer and shown in all six locales with the site's country's authority", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const l of LOCALES) {
      const a11y = messages(l.locale, "accessibility");
      const shell = messages(l.locale, "shell");
      await page.goto(siteUrl(l.host, l.path));
      const statement = page.getByTestId("accessibility-statement");
      await statement.waitFor();
      await expect(page.locator("h1").textContent(), l.locale).resolves.toBe(a11y.title);
      await expect(statement.getAttribute("data-country")).resolves.toBe(l.country);
      await expect(page.getByTestId("accessibility-authority").textContent()).resolves.toBe(a11y.authority[l.country]);
      await expect(page.getByTestId("footer-accessibility").textContent()).resolves.toBe(shell.accessibility);
      await expect(page.getByTestId("footer-accessibility").getAttribute("href")).resolves.toBe(l.path);
    }
    await context.close();
  }, 120_000);

  it("is reached from the footer of a portal page, and passes axe light and dark, phone and desktop", async () => {
    const { context, page } = await signedIn({ path: "/en/invoices" });
    await page.getByTestId("footer-accessibility").click();
    await page.waitForURL(/\/en\/accessibility$/);
    await page.getByTestId("accessibility-statement").waitFor();
    for (const scheme of ["light", "dark"] as const) {
      await setScheme(context, AURORA, scheme);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(size);
        await page.goto(siteUrl(AURORA, "/en/accessibility"));
        await page.getByTestId("accessibility-statement").waitFor();
        await expectAxeClean(page, `accessibility ${scheme} ${size.width}px`);
      }
    }
    await setScheme(context, AURORA, "light");
    await context.close();
  }, 180_000);
});
