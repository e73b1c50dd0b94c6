import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { pastSeedingDay, siteUrl } from "./helpers";
import { pageFetch } from "./shell-helpers";
import { axeEverywhere, signedInAt } from "./page-checks";

/**
 * Outages as a customer sees them on Aurora Energia: the demo's current fault at the solar
 * household's home with its map, the all-clear of another customer, and outage contacts kept
 * per address in the settings.
 */
const HOST = "aurora.localhost";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const signedIn = (persona: string, path: string, opts: { mobile?: boolean } = {}) => signedInAt(browser, HOST, `aurora-${persona}`, path, opts);

/** Texts in the page's main part that are not pseudo-translated: hard-coded strings. Dates, numbers, names and addresses are data. */
async function unmarkedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip = (el: Element | null) => !!el?.closest('time, [translate="no"], [data-user-content], script, style');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) texts.push(n.textContent ?? "");
    for (const el of document.querySelectorAll("main [aria-label]")) if (!skip(el)) texts.push(el.getAttribute("aria-label") ?? "");
    const strip = (s: string) => {
      let prev = "";
      while (s !== prev) {
        prev = s;
        s = s.replace(/⟦[^⟦⟧]*⟧/g, "");
      }
      return s;
    };
    return texts.filter((t) => /[A-Za-z]/.test(strip(t)));
  });
}

describe("outages page", () => {
  it("shows the current fault with its map, planned work and the past year to the affected customer", async () => {
    const { context, page } = await signedIn("solar-household", "/en/outages");
    await page.getByRole("heading", { level: 1, name: "Outages" }).waitFor();
    const fault = page.locator('[data-testid="outage-fault"]');
    await expect(fault.count()).resolves.toBe(1);
    await fault.getByText("In progress").waitFor({ state: "visible" });
    await fault.getByText("Fallen tree").waitFor({ state: "visible" });
    await expect(fault.locator('[data-testid="outage-map"] circle').count()).resolves.toBe(2);
    await expect(page.locator('[data-testid="all-clear"]').count()).resolves.toBe(0);
    const planned = page.locator('[data-testid="outage-planned"]');
    await planned.getByText("Maintenance").first().waitFor({ state: "visible" });
    await page.locator('[data-testid="meter-events"]').first().getByText("Power lost").first().waitFor({ state: "visible" });
    await expect(page.locator('[data-testid="past-outages"]').count()).resolves.toBeGreaterThan(0);
    // The menu leads here.
    await page.locator('nav a[href$="/outages"]').first().waitFor({ state: "visible" });
    await context.close();
  });

  it("gives a customer without an outage the all-clear", async () => {
    const { context, page } = await signedIn("apartment", "/en/outages");
    const clear = page.locator('[data-testid="all-clear"]');
    await clear.waitFor();
    await clear.getByText("All is well").waitFor({ state: "visible" });
    await expect(page.locator('[data-testid="outage-fault"]').count()).resolves.toBe(0);
    await context.close();
  });

  it("marks every text of the pseudo-locale pages as translated", async () => {
    const { context, page } = await signedIn("solar-household", "/xa/outages");
    await page.locator('[data-testid="outage-fault"]').waitFor();
    expect(await unmarkedTexts(page)).toEqual([]);
    await page.goto(siteUrl(HOST, "/xa/power-control"));
    await page.locator('[data-testid="relay"][data-interactive]').waitFor();
    expect(await unmarkedTexts(page)).toEqual([]);
    await context.close();
  });
});

describe("outage contacts", () => {
  it("adds a neighbour's mobile number for an address, shows field errors, and keeps it after a reload", async () => {
    const { context, page } = await signedIn("apartment", "/en/settings?tab=outage-contacts");
    const form = page.locator('[data-testid="outage-contacts-form"][data-interactive]');
    await form.waitFor();
    await form.locator('[data-testid="outage-contact-add"]').click();
    const row = form.locator('[data-testid="outage-contact-row"]').last();
    await row.locator('[data-testid="outage-contact-kind"]').selectOption("Email");
    await row.locator('[data-testid="outage-contact-value"]').fill("not-an-email");
    await form.locator('[data-testid="outage-contacts-save"]').click();
    await row.getByText("Enter a valid e-mail address.").waitFor();

    await row.locator('[data-testid="outage-contact-kind"]').selectOption("Gsm");
    await row.locator('[data-testid="outage-contact-value"]').fill("040 1234567");
    await row.locator('[data-testid="outage-contact-name"]').fill("Neighbour");
    await form.locator('[data-testid="outage-contacts-save"]').click();
    await page.getByText("Outage contacts saved.").waitFor();
    await expect(row.locator('[data-testid="outage-contact-value"]').inputValue()).resolves.toBe("+358401234567");

    const addresses = await pageFetch<{ addresses: { contractId: string; contacts: number }[] }>(page, "/api/me/outage-addresses");
    const saved = addresses.body.addresses.find((a) => a.contacts > 0)!;
    const contacts = await pageFetch<{ contacts: { kind: string; value: string; name: string }[] }>(page, `/api/me/outage-contacts?contractId=${saved.contractId}`);
    expect(contacts.body.contacts).toEqual([expect.objectContaining({ kind: "Gsm", value: "+358401234567", name: "Neighbour" })]);

    await page.reload();
    await page.locator('[data-testid="outage-contacts-form"][data-interactive]').waitFor();
    await expect(page.locator('[data-testid="outage-contact-value"]').first().inputValue()).resolves.toBe("+358401234567");
    await context.close();
  });
});

describe("power control", () => {
  it("switches the water heater off after a confirmation, pending until the meter confirms", async () => {
    const { context, page } = await signedIn("solar-household", "/en/power-control");
    const relay = page.locator('[data-testid="relay"][data-interactive]');
    await relay.waitFor();
    await expect(relay.locator('[data-testid="relay-state"]').getAttribute("data-state")).resolves.toBe("on");
    // The sandbox head-end fails a command now and then, as real ones do: try again as a customer would.
    // Each try is a new command: wait for its own answer, not the last one's still on screen.
    let outcome: string | null = null;
    let last = "";
    for (let attempt = 0; attempt < 4 && outcome !== "confirmed"; attempt++) {
      await relay.locator('[data-testid="relay-off"]').click();
      await page.locator('[data-testid="relay-off-confirm"]').click();
      const progress = relay.locator(`[data-testid="relay-progress"]:not([data-command="${last}"])`);
      await progress.waitFor();
      last = (await progress.getAttribute("data-command"))!;
      const mine = relay.locator(`[data-testid="relay-progress"][data-command="${last}"]`);
      if (attempt === 0) await expect(mine.getAttribute("data-state")).resolves.toMatch(/pending|sent/);
      await relay.locator(`[data-testid="relay-progress"][data-command="${last}"]:not([data-state="pending"]):not([data-state="sent"])`).waitFor({ timeout: 20_000 });
      outcome = await mine.getAttribute("data-state");
    }
    expect(outcome).toBe("confirmed");
    await expect(relay.locator('[data-testid="relay-state"]').getAttribute("data-state")).resolves.toBe("off");
    await context.close();
  });

  it("schedules the load for the cheapest hours of tomorrow", async () => {
    const { context, page } = await signedIn("solar-household", "/en/power-control");
    const relay = page.locator('[data-testid="relay"][data-interactive]');
    await relay.waitFor();
    await relay.locator('[data-testid="relay-hours"]').selectOption("2");
    await relay.locator('[data-testid="relay-schedule"]').click();
    if (pastSeedingDay()) {
      // The run passed midnight after the demo data was loaded: tomorrow's prices are not known
      // yet, as before the day-ahead auction's results, and the schedule is refused so.
      await page.getByText("Tomorrow's spot prices are not published yet. Try again in the afternoon.").waitFor();
      await expect(relay.locator('[data-testid="relay-scheduled"]').count()).resolves.toBe(0);
      await context.close();
      return;
    }
    await relay.locator('[data-testid="relay-scheduled"]').waitFor();
    const status = await pageFetch<{ commands: { state: string; scheduledFor: string | null }[] }>(
      page,
      `/api/load-controls/metering-point-status/${await relay.getAttribute("aria-labelledby").then((id) => id!.replace("relay-", ""))}`,
    );
    expect(status.body.commands.filter((c) => c.scheduledFor && c.state === "pending")).toHaveLength(2);
    await context.close();
  });
});

describe("accessibility", () => {
  it("passes axe in light and dark, on a phone and a desktop, on the outage pages", async () => {
    const { context, page } = await signedIn("solar-household", "/en/outages");
    const problems = await axeEverywhere(context, page, HOST, [
      { path: "/en/outages", label: "outages", ready: '[data-testid="outage-fault"]' },
      { path: "/en/settings?tab=outage-contacts", label: "outage contacts", ready: '[data-testid="outage-contacts-form"][data-interactive]' },
      { path: "/en/power-control", label: "power control", ready: '[data-testid="relay"][data-interactive]' },
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
