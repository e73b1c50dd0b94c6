import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { signInSandbox, siteUrl } from "./helpers";

const HOST = "aurora.localhost";
const ROOT = path.resolve(__dirname, "..");

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "notifications-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function signedIn(persona: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser);
  await context.addCookies([{ name: "feedback-handled", value: String(Date.now()), url: siteUrl(HOST, "/") }]);
  const page = await context.newPage();
  await signInSandbox(page, HOST, `aurora-${persona}`, path);
  const reject = page.getByRole("button", { name: "Reject all" });
  if (
    await reject
      .waitFor({ state: "visible", timeout: 3000 })
      .then(() => true)
      .catch(() => false)
  ) {
    await reject.click();
    await reject.waitFor({ state: "hidden" });
  }
  return { context, page };
}

async function setScheme(context: BrowserContext, scheme: "light" | "dark") {
  await context.addCookies([
    { name: "color-scheme", value: scheme, url: siteUrl(HOST, "/") },
    { name: "color-scheme-override", value: "true", url: siteUrl(HOST, "/") },
  ]);
}

const SHELL_CONTROLS = ['[data-testid="account-menu"]', 'header button[aria-label^="Language"]'];

/** Axe in light and dark, on a desktop and a 375 px phone. */
async function expectAxeEverywhere(context: BrowserContext, page: Page, url: string, ready: string) {
  for (const scheme of ["light", "dark"] as const) {
    await setScheme(context, scheme);
    for (const size of [
      { width: 1280, height: 900 },
      { width: 375, height: 812 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(siteUrl(HOST, url));
      await page.locator(ready).first().waitFor();
      await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(scheme);
      let builder = new AxeBuilder({ page });
      for (const selector of SHELL_CONTROLS) builder = builder.exclude(selector);
      const { violations } = await builder.analyze();
      expect(violations.map((v) => `${url} ${scheme} ${size.width}px: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`)).toEqual([]);
      // Nothing wider than the phone's screen.
      if (size.width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  }
  await setScheme(context, "light");
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Tomorrow's day-ahead prices in the ENTSO-E A44 format: cheap until 06, dear 17–20. */
function tomorrowsPrices(): { xml: string; date: string } {
  const date = new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Helsinki" });
  // Midnight in Helsinki, as UTC: the day starts at 22:00 or 21:00 UTC of the day before.
  const probe = new Date(`${date}T00:00:00Z`);
  const offsetHours = Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Helsinki", hour: "2-digit", hourCycle: "h23" }).format(probe));
  const start = new Date(probe.getTime() - offsetHours * 3_600_000);
  const end = new Date(start.getTime() + 24 * 3_600_000);
  const iso = (d: Date) => `${d.toISOString().slice(0, 16)}Z`;
  const points = Array.from({ length: 24 }, (_, h) => `<Point><position>${h + 1}</position><price.amount>${h < 6 ? "41.00" : h >= 17 && h < 20 ? "201.00" : "99.00"}</price.amount></Point>`).join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Publication_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3">
<mRID>e2e-notifications</mRID><revisionNumber>1</revisionNumber><type>A44</type>
<period.timeInterval><start>${iso(start)}</start><end>${iso(end)}</end></period.timeInterval>
<TimeSeries><mRID>1</mRID><businessType>A62</businessType>
<in_Domain.mRID codingScheme="A01">10YFI-1--------U</in_Domain.mRID><out_Domain.mRID codingScheme="A01">10YFI-1--------U</out_Domain.mRID>
<currency_Unit.name>EUR</currency_Unit.name><price_Measure_Unit.name>MWH</price_Measure_Unit.name><curveType>A03</curveType>
<Period><timeInterval><start>${iso(start)}</start><end>${iso(end)}</end></timeInterval><resolution>PT60M</resolution>${points}</Period>
</TimeSeries></Publication_MarketDocument>`;
  return { xml, date };
}

describe("notification settings", () => {
  it("shows the tab, passes axe everywhere, and saves a subject's channels and timing", async () => {
    const { context, page } = await signedIn("apartment", "/en/settings?tab=notifications");
    await page.locator('[data-testid="notification-form-invoice-due"][data-interactive]').waitFor();
    await expectAxeEverywhere(context, page, "/en/settings?tab=notifications", '[data-testid="notification-form-invoice-due"][data-interactive]');

    const form = page.getByTestId("notification-form-invoice-due");
    await form.getByTestId("timing-invoice-due").selectOption("SendAfterNightHours");
    await form.getByRole("checkbox", { name: "Letter" }).check();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your choices for “Invoice due soon” are saved.").waitFor()).resolves.toBeUndefined();
    const saved = await page.evaluate(async () => (await (await fetch("/api/me/notification-settings?subject=invoice-due")).json()) as { settings: { channels: string[]; timing: string }[] });
    expect(saved.settings[0]).toMatchObject({ channels: ["Email", "Post"], timing: "SendAfterNightHours" });
    await context.close();
  });
});

describe("spot-price alert and inbox", () => {
  it.skipIf(!inject("databaseUrl"))("sets an alert, imports tomorrow's prices, finds the alert in the inbox and the mail in the dev mailbox, marks it read", async () => {
    const { context, page } = await signedIn("apartment", "/en/settings?tab=notifications");
    const form = page.locator('[data-testid="spot-alert-form"][data-interactive]');
    await form.waitFor();
    const enabled = form.getByRole("switch", { name: "Alert me" });
    if (!(await enabled.isChecked())) await enabled.check();
    await expect.poll(() => enabled.isChecked()).toBe(true);
    await form.getByLabel("Lower limit (c/kWh)").fill("6");
    await form.getByLabel("Upper limit (c/kWh)").fill("20");
    await form.getByRole("button", { name: "Save alert" }).click();
    await page.getByText("Your spot-price alert is saved.").waitFor();

    const { xml, date } = tomorrowsPrices();
    const file = path.join(tmp, "prices.xml");
    fs.writeFileSync(file, xml);
    execFileSync("npx", ["tsx", "--require", "./scripts/preload.cjs", "scripts/import.ts", "prices", file], { cwd: ROOT, env: { ...process.env, DATABASE_URL: inject("databaseUrl") }, stdio: "pipe" });

    const title = `Spot prices for ${date.split("-").reverse().join(".")}`;
    const deadline = Date.now() + 45_000;
    for (;;) {
      await page.goto(siteUrl(HOST, "/en/inbox"));
      await page.locator('[data-testid="inbox-list"][data-interactive]').waitFor();
      if (await page.getByRole("heading", { name: title }).count()) break;
      if (Date.now() > deadline) throw new Error("The spot-price alert did not reach the inbox");
      await page.waitForTimeout(1000);
    }
    const message = page.getByTestId("inbox-message").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(message.getAttribute("data-read")).resolves.toBe("false");
    const unreadBefore = await page.getByTestId("inbox-unread-count").textContent();
    await message.getByRole("button", { name: "Read" }).click();
    await message.getByText("Hours above your upper limit: 17–20.").waitFor();
    await expect.poll(() => message.getAttribute("data-read"), { timeout: 10_000 }).toBe("true");
    await expect.poll(() => page.getByTestId("inbox-unread-count").textContent(), { timeout: 10_000 }).not.toBe(unreadBefore);
    await message.getByRole("button", { name: "Mark as unread" }).click();
    await expect.poll(() => message.getAttribute("data-read"), { timeout: 10_000 }).toBe("false");
    await expectAxeEverywhere(context, page, "/en/inbox", '[data-testid="inbox-list"][data-interactive]');

    // The same alert went out by e-mail (the subject's default channel).
    const mailDeadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(siteUrl(HOST, "/en/dev/mailbox"));
      const mail = page.getByTestId("mail").filter({ hasText: "17–20" });
      if (await mail.count()) break;
      if (Date.now() > mailDeadline) throw new Error("No spot-price alert mail in the development mailbox");
      await page.waitForTimeout(1000);
    }
    await context.close();
  });

  it("lists the demo inbox newest first with the menu entry, and archives a message", async () => {
    const { context, page } = await signedIn("solar-household", "/en/inbox");
    await page.locator('[data-testid="inbox-list"][data-interactive]').waitFor();
    await expect(page.getByRole("navigation").first().getByRole("link", { name: "Inbox" }).count()).resolves.toBeGreaterThan(0);
    const times = await page.locator('[data-testid="inbox-message"] time').evaluateAll((els) => els.map((e) => e.getAttribute("datetime") ?? ""));
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort().reverse()).toEqual(times);
    const first = page.getByTestId("inbox-message").first();
    const heading = (await first.getByRole("heading").textContent()) ?? "";
    await first.getByRole("button", { name: "Archive" }).click();
    await expect.poll(async () => page.getByTestId("inbox-message").filter({ hasText: heading }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByRole("link", { name: "Show archived" }).click();
    await page.getByRole("heading", { name: "Archived" }).waitFor();
    await expect(page.getByTestId("inbox-message").filter({ hasText: heading }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe("web push", () => {
  it("registers the site's service worker, active within 10 s, and shows a push with the theme's icon and badge", async () => {
    const { context, page } = await signedIn("solar-household", "/en/settings?tab=push-notifications");
    await context.grantPermissions(["notifications"], { origin: siteUrl(HOST, "").replace(/\/$/, "") });
    await page.reload();
    await page.locator('[data-testid="push-panel"][data-interactive]').waitFor();
    await expectAxeEverywhere(context, page, "/en/settings?tab=push-notifications", '[data-testid="push-panel"][data-interactive]');

    const started = Date.now();
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      return { scope: reg.scope, active: reg.active?.state ?? null };
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(state.active).toBe("activated");

    // A push as the push service hands it to the browser (DevTools protocol), then the notification shown.
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const reg = e.registrations.find((r) => r.scopeURL === state.scope);
        if (reg) resolve(reg.registrationId);
      });
    });
    const url = siteUrl(HOST, "/en/inbox");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: siteUrl(HOST, "").replace(/\/$/, ""),
      registrationId,
      data: JSON.stringify({ title: "Uusi lasku", body: "Lasku 1", url, tag: "e2e-push" }),
    });
    await expect
      .poll(async () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, icon: n.icon, badge: n.badge }))), { timeout: 10_000 })
      .toEqual([{ title: "Uusi lasku", icon: siteUrl(HOST, "/themes/voima/notification-icon.svg"), badge: siteUrl(HOST, "/themes/voima/badge.svg") }]);
    await context.close();
  });
});
