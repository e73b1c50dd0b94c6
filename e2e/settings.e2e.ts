import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { draftKept, happensWithin, siteUrl } from "./helpers";
import { pageFetch, serverHtml } from "./shell-helpers";
import { demoPlans } from "../src/server/demo/plan-access";
import { expectAxeClean, setScheme, signedInAt } from "./page-checks";

/**
 * The settings page as customers use it. Aurora's solar household (a cooperative member) is only
 * looked at; the changes are made on Lääne Energia's demo people, whom no other browser test uses.
 */
const AURORA = "aurora.localhost";
const LAANE = "laane.localhost";
const TABS = ["profile", "contacts", "addresses", "bank-accounts", "outage-contacts", "notifications", "push-notifications", "membership", "api-access", "appearance"] as const;
const TAB_NAMES: Record<(typeof TABS)[number], string> = {
  profile: "Profile",
  contacts: "Contact details",
  addresses: "Addresses",
  "bank-accounts": "Bank accounts",
  "outage-contacts": "Outage contacts",
  notifications: "Notifications",
  "push-notifications": "Push notifications",
  membership: "Membership",
  "api-access": "API access",
  appearance: "Appearance",
};

const plans = demoPlans();
const plan = (site: string) => plans.find((p) => p.site.id === site)!;
const ownCustomer = (site: string, persona: string) => {
  const person = plan(site).people.find((p) => p.persona === persona)!;
  return { person, customer: plan(site).customers.find((c) => c.owner?.id === person.id && c.kind === "private")! };
};

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "settings-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const signedIn = (host: string, identity: string, opts: { mobile?: boolean; path?: string; colorScheme?: "light" | "dark" } = {}) =>
  signedInAt(browser, host, identity, opts.path ?? "/en/settings", opts);

/** A settings tab has loaded: its panel is there and its controls are hydrated. */
async function openTab(page: Page, host: string, tab: string, locale = "en") {
  await page.goto(siteUrl(host, `/${locale}/settings?tab=${tab}`));
  await page.locator(`[data-testid="settings-panel"][data-tab="${tab}"]`).waitFor();
}

const panelTitle = (page: Page) => page.locator("#settings-panel-title").textContent();

const schemeOf = (html: string) => /<html[^>]*data-mantine-color-scheme="(\w+)"/.exec(html)?.[1] ?? null;
const cookieHeader = async (context: BrowserContext) => (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

/** The newest mail to `to` in the development mailbox, waiting for the mail job to have sent it. */
async function mailTo(page: Page, to: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.goto(siteUrl(LAANE, "/en/dev/mailbox"));
    const mail = page.getByTestId("mail").filter({ hasText: `: ${to} ` });
    if (await mail.count()) return (await mail.first().locator("pre, code").first().textContent()) ?? "";
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the development mailbox`);
    await page.waitForTimeout(500);
  }
}

describe("settings tabs", () => {
  it("shows the site's tabs as links on a desktop, with the URL as the state and profile for an unknown tab", async () => {
    const { context, page } = await signedIn(AURORA, "aurora-solar-household");
    const nav = page.getByRole("navigation", { name: "Settings sections" });
    await nav.waitFor();
    await expect(nav.getByRole("link").allTextContents()).resolves.toEqual(TABS.map((t) => TAB_NAMES[t]));
    await expect(nav.getByRole("link", { name: "Profile" }).getAttribute("aria-current")).resolves.toBe("page");

    for (const tab of TABS) {
      await nav.getByRole("link", { name: TAB_NAMES[tab], exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("tab") === tab);
      await page.locator(`[data-testid="settings-panel"][data-tab="${tab}"]`).waitFor();
      await expect(panelTitle(page)).resolves.toBe(TAB_NAMES[tab]);
      await expect(nav.getByRole("link", { name: TAB_NAMES[tab], exact: true }).getAttribute("aria-current")).resolves.toBe("page");
    }
    // A reload keeps the tab; the keyboard reaches the tabs in order.
    await page.reload();
    await page.locator('[data-testid="settings-panel"][data-tab="appearance"]').waitFor();
    await nav.getByRole("link", { name: "Membership" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("API access");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("tab") === "api-access");
    await page.locator('[data-testid="settings-panel"][data-tab="api-access"]').waitFor();

    await page.goto(siteUrl(AURORA, "/en/settings?tab=no-such-tab"));
    await expect(panelTitle(page)).resolves.toBe("Profile");

    // The membership tab shows the member's shares and benefits.
    await openTab(page, AURORA, "membership");
    const membership = (await pageFetch<{ memberNumber: string; benefits: unknown[] }>(page, "/api/me/membership")).body;
    await expect(page.getByTestId("member-number").textContent()).resolves.toBe(membership.memberNumber);
    expect(await page.getByTestId("membership-benefit").count()).toBe(membership.benefits.length);

    // The account menu leads here.
    await page.goto(siteUrl(AURORA, "/en"));
    await page.locator('[data-testid="account-menu"][data-interactive]').waitFor();
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await page.waitForURL((u) => u.pathname === "/en/settings");
    await context.close();
  });

  it("shows every tab on a phone in a row that scrolls sideways, without widening the page", async () => {
    const { context, page } = await signedIn(AURORA, "aurora-solar-household", { mobile: true });
    const nav = page.getByRole("navigation", { name: "Settings sections" });
    await nav.waitFor();
    for (const tab of TABS) {
      await openTab(page, AURORA, tab);
      await expect(panelTitle(page)).resolves.toBe(TAB_NAMES[tab]);
      // The chosen tab is scrolled into view in the row.
      const current = nav.locator('[aria-current="page"]');
      await page.waitForFunction(() => {
        const a = document.querySelector('[data-testid="settings-tabs"] [aria-current="page"]')!.getBoundingClientRect();
        return a.left >= 0 && a.right <= window.innerWidth;
      });
      await expect(current.textContent()).resolves.toBe(TAB_NAMES[tab]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // Tapping a tab in the row.
    await nav.getByRole("link", { name: "Contact details" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "contacts");
    await page.locator('[data-testid="settings-panel"][data-tab="contacts"]').waitFor();
    // The menu of small screens has the settings too.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Settings" }).click();
    await page.waitForURL((u) => u.pathname === "/en/settings" && !u.search);
    await context.close();
  });
});

describe("changing settings", { timeout: 120_000 }, () => {
  it("changes the name, and the header shows it", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household");
    const openForm = async () => {
      await page.locator('[data-testid="profile-edit"][data-interactive]').click();
      await page.locator('[data-testid="profile-form"][data-interactive]').waitFor();
    };
    const before = (await pageFetch<{ name: string; firstName: string; lastName: string }>(page, "/api/me")).body;
    await expect(page.getByTestId("active-customer").textContent()).resolves.toContain(before.name);
    await expect(page.getByTestId("profile-name").textContent()).resolves.toBe(before.name);
    await openForm();
    const lastName = before.lastName === "Kask-Tamm" ? "Tamm-Kask" : "Kask-Tamm";
    await page.getByLabel("Last name").fill(lastName);
    await page.getByTestId("profile-save").click();
    const newName = `${before.firstName} ${lastName}`;
    await page.waitForFunction((name) => document.querySelector('[data-testid="active-customer"]')?.textContent?.includes(name), newName);
    await page.waitForFunction((name) => document.querySelector('[data-testid="profile-name"]')?.textContent === name, newName);
    expect((await pageFetch<{ name: string }>(page, "/api/me")).body.name).toBe(newName);
    await page.reload();
    await expect(page.getByTestId("active-customer").textContent()).resolves.toContain(newName);
    await openForm();
    await expect(page.getByLabel("Last name").inputValue()).resolves.toBe(lastName);

    // A refused value comes back next to its field, in the person's language.
    await page.getByLabel("First name").fill("R2-D2");
    await page.getByTestId("profile-save").click();
    const field = page.getByLabel("First name");
    await page.waitForFunction(() => document.querySelector('[data-testid="profile-form"] input[aria-invalid="true"]') !== null);
    await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const message = await page.evaluate(
      (ids) =>
        ids
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(message.trim().length).toBeGreaterThan(0);
    expect(message).not.toMatch(/settings\.|validation\.|errors\./);
    await context.close();
  });

  it("adds an e-mail address and confirms it with the code from the mail", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household", { path: "/en/settings?tab=contacts" });
    await page.locator('[data-testid="contacts"][data-interactive]').waitFor();
    const address = `settings-e2e-${Date.now()}@example.com`;
    await page.getByTestId("contact-add").click();
    const form = page.locator('[data-testid="contact-form"][data-interactive]');
    await form.waitFor();
    await form.getByLabel("Type", { exact: true }).selectOption("Email");
    await form.getByLabel("E-mail address").fill(address);
    await form.getByTestId("contact-save").click();
    const item = page.locator(`[data-testid="contact"][data-value="${address}"]`);
    await item.getByTestId("contact-unverified").waitFor();

    const text = await mailTo(page, address);
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code).toBeDefined();
    await openTab(page, LAANE, "contacts");
    const verify = item.locator('[data-testid="contact-verify"][data-interactive]');
    await verify.waitFor();
    // A wrong code is refused on the field.
    await verify.getByLabel("Confirmation code").fill(code === "000000" ? "111111" : "000000");
    await verify.getByTestId("contact-verify-submit").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="contact-code"][aria-invalid="true"]') !== null);
    await verify.getByLabel("Confirmation code").fill(code!);
    await verify.getByTestId("contact-verify-submit").click();
    await item.getByTestId("contact-verified").waitFor();
    const contacts = (await pageFetch<{ contacts: { value: string; verified: boolean }[] }>(page, "/api/me/contacts")).body.contacts;
    expect(contacts.find((c) => c.value === address)?.verified).toBe(true);
    await context.close();
  });

  it("adds a phone number typed in local form and shows it in international form", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household", { path: "/en/settings?tab=contacts" });
    await page.locator('[data-testid="contacts"][data-interactive]').waitFor();
    await page.getByTestId("contact-add").click();
    const form = page.locator('[data-testid="contact-form"][data-interactive]');
    await form.waitFor();
    await form.getByLabel("Type", { exact: true }).selectOption("Gsm");
    await form.getByLabel("Phone number").fill("5123 4567");
    await expect(form.getByTestId("phone-preview").textContent()).resolves.toBe("Will be saved as +372 5123 4567");
    await form.getByTestId("contact-save").click();
    const item = page.locator('[data-testid="contact"][data-value="+37251234567"]');
    await item.waitFor();
    await expect(item.getByTestId("contact-value-shown").textContent()).resolves.toBe("+372 5123 4567");
    await page.reload();
    await expect(item.getByTestId("contact-value-shown").textContent()).resolves.toBe("+372 5123 4567");

    // Removing it again, after a confirmation.
    await page.locator('[data-testid="contacts"][data-interactive]').waitFor();
    await item.getByTestId("contact-remove").click();
    await page.getByTestId("contact-remove-confirm").click();
    await item.waitFor({ state: "detached" });
    await context.close();
  });

  it("adds an IBAN with its bank and BIC, and deletes it after a confirmation", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household", { path: "/en/settings?tab=bank-accounts" });
    await page.locator('[data-testid="bank-accounts"][data-interactive]').waitFor();
    await page.getByTestId("bank-account-add").click();
    const form = page.locator('[data-testid="bank-account-form"][data-interactive]');
    await form.waitFor();
    // A mistyped IBAN is caught on its field.
    await form.getByLabel("IBAN").fill("EE38 2200 2210 2014 5684");
    await form.getByTestId("bank-account-save").click();
    await form.getByText("Please check the IBAN: it is not a valid account number.").waitFor({ state: "visible" });
    await form.getByLabel("IBAN").fill("ee38 2200 2210 2014 5685");
    await form.getByTestId("bank-account-save").click();
    const item = page.locator('[data-testid="bank-account"][data-iban="EE382200221020145685"]');
    await item.waitFor();
    await expect(item.getByTestId("bank-account-iban-shown").textContent()).resolves.toBe("EE38 2200 2210 2014 5685");
    const account = (await pageFetch<{ bankAccounts: { iban: string; bic: string | null; bankName: string | null }[] }>(page, "/api/me/bank-accounts")).body.bankAccounts.find(
      (a) => a.iban.replace(/\s/g, "") === "EE382200221020145685",
    )!;
    expect(account.bic).toBeTruthy();
    expect(account.bankName).toBeTruthy();
    await expect(item.textContent()).resolves.toContain(account.bankName!);
    await expect(item.textContent()).resolves.toContain(account.bic!);

    await item.getByTestId("bank-account-delete").click();
    const dialog = page.getByRole("dialog", { name: "Delete bank account?" });
    await dialog.waitFor();
    await dialog.getByTestId("bank-account-delete-confirm").click();
    await item.waitFor({ state: "detached" });
    const after = (await pageFetch<{ bankAccounts: { iban: string }[] }>(page, "/api/me/bank-accounts")).body.bankAccounts;
    expect(after.some((a) => a.iban.replace(/\s/g, "") === "EE382200221020145685")).toBe(false);
    // An account a direct debit uses says why it cannot be deleted.
    for (const used of await page.getByTestId("bank-account").all()) {
      if (await used.getByTestId("bank-account-in-use").count()) expect(await used.getByTestId("bank-account-delete").count()).toBe(0);
    }
    await context.close();
  });

  it("changes the postal address", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household", { path: "/en/settings?tab=addresses" });
    const card = page.getByTestId("address-postal");
    await page.locator('[data-testid="address-postal"][data-interactive]').waitFor();
    await card.getByTestId("address-change-postal").click();
    const form = page.locator('[data-testid="address-form-postal"][data-interactive]');
    await form.waitFor();
    await form.getByLabel("Street address").fill("Vabriku tn 12-4");
    await form.getByLabel("Postal code").fill("10115");
    await form.getByLabel("City or town").fill("Tallinn");
    await form.getByLabel("Country").selectOption("EE");
    await form.getByTestId("address-save").click();
    await form.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.querySelector('[data-testid="address-postal"] address')?.textContent?.includes("Vabriku tn 12-4"));
    await page.reload();
    await expect(card.locator("address").textContent()).resolves.toContain("10115 Tallinn");
    const postal = (await pageFetch<{ addresses: { type: string; street: string }[] }>(page, "/api/me/addresses?requestType=postal")).body.addresses[0];
    expect(postal.street).toBe("Vabriku tn 12-4");
    await context.close();
  });

  it("offers a half-filled form back as a draft after leaving it", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household", { path: "/en/settings?tab=addresses" });
    const changeBilling = async () => {
      await page.locator('[data-testid="address-billing"][data-interactive]').waitFor();
      await page.getByTestId("address-change-billing").click();
    };
    await changeBilling();
    const form = page.locator('[data-testid="address-form-billing"][data-interactive]');
    await form.waitFor();
    await form.getByLabel("Street address").fill("Mere pst 3");
    // Leaving asks first; the draft has been kept meanwhile.
    await draftKept(page);
    await page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Profile" }).click();
    await page.getByTestId("leave-confirm").click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "profile");
    await page.locator('[data-testid="settings-panel"][data-tab="profile"]').waitFor();

    await page.goto(siteUrl(LAANE, "/en/settings?tab=addresses"));
    await changeBilling();
    await page.getByTestId("draft-restore").click();
    await expect(page.locator('[data-testid="address-form-billing"]').getByLabel("Street address").inputValue()).resolves.toBe("Mere pst 3");
    // Cancelling drops the draft: it is not offered again.
    await page.locator('[data-testid="address-form-billing"]').getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    await changeBilling();
    await page.locator('[data-testid="address-form-billing"][data-interactive]').waitFor();
    expect(await happensWithin(1500, (timeout) => page.getByTestId("draft-restore").waitFor({ timeout }))).toBe(false);
    await expect(page.locator('[data-testid="address-form-billing"]').getByLabel("Street address").inputValue()).resolves.not.toBe("Mere pst 3");
    await context.close();
  });

  it("switches to dark at once, paints the next page dark from the first frame, and keeps the choice for the person", async () => {
    const { context, page } = await signedIn(LAANE, "laane-house-gas", { path: "/en/settings?tab=appearance" });
    await page.locator('[data-testid="appearance-settings"][data-interactive]').waitFor();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("light");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/me/appearance") && r.request().method() === "PUT");
    await page.getByTestId("color-scheme-choice").getByText("Dark", { exact: true }).click();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    expect((await saved).status()).toBe(200);
    // The server paints the next page dark (the first paint, before any script).
    expect(schemeOf((await serverHtml(LAANE, "/en/settings?tab=appearance", await cookieHeader(context))).body)).toBe("dark");
    await page.reload();
    await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("dark");
    await context.close();

    // Another device: the saved choice comes with signing in.
    const other = await signedIn(LAANE, "laane-house-gas", { path: "/en/settings?tab=appearance" });
    expect(schemeOf((await serverHtml(LAANE, "/en/settings?tab=appearance", await cookieHeader(other.context))).body)).toBe("dark");
    await other.page.locator('[data-testid="appearance-settings"][data-interactive]').waitFor();
    await other.page.getByTestId("color-scheme-choice").getByText("Light", { exact: true }).click();
    await expect(other.page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe("light");
    await other.context.close();
  });

  it("changes the language of the service at once", async () => {
    const { context, page } = await signedIn(LAANE, "laane-house-gas", { path: "/en/settings?tab=appearance" });
    await page.locator('[data-testid="appearance-settings"][data-interactive]').waitFor();
    await page.getByLabel("Language of this service").selectOption("ru-RU");
    await page.waitForURL((u) => u.pathname === "/ru/settings" && u.searchParams.get("tab") === "appearance");
    await page.waitForFunction(() => document.documentElement.lang === "ru-RU");
    expect((await pageFetch<{ locale: string | null }>(page, "/api/me/appearance")).body.locale).toBe("ru-RU");
    await page.locator('[data-testid="appearance-settings"][data-interactive]').waitFor();
    await page.getByTestId("language-choice").selectOption("en-GB");
    await page.waitForURL((u) => u.pathname === "/en/settings");
    await context.close();
  });

  it("downloads my data with the invoices in it", async () => {
    const { context, page } = await signedIn(LAANE, "laane-solar-household");
    await page.locator('[data-testid="my-data-download"][data-interactive]').waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("my-data-download").click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as { format: string; customer: { clientCode: string }; sections: Record<string, unknown> };
    expect(data.format).toBe("portal-my-data");
    expect(data.customer.clientCode).toBe(ownCustomer("laane", "solar-household").customer.clientCode);
    const invoices = (await pageFetch<{ invoices: { invoiceNumber: string }[] }>(page, "/api/invoices")).body.invoices;
    expect(invoices.length).toBeGreaterThan(0);
    const exported = data.sections.invoices as { invoiceNumber: string }[];
    expect(exported.map((i) => i.invoiceNumber).sort()).toEqual(invoices.map((i) => i.invoiceNumber).sort());
    await context.close();
  });
});

describe("accessibility and translations", () => {
  it("passes axe on every tab in light and dark, on a phone and a desktop", async () => {
    const { context, page } = await signedIn(AURORA, "aurora-solar-household");
    for (const scheme of ["light", "dark"] as const) {
      await setScheme(context, AURORA, scheme);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        for (const tab of TABS) {
          await openTab(page, AURORA, tab);
          await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(scheme);
          await expectAxeClean(page, `${tab} ${scheme} ${size.width}px`);
        }
      }
    }
    // The open forms too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTab(page, AURORA, "profile");
    await page.locator('[data-testid="profile-edit"][data-interactive]').click();
    await page.locator('[data-testid="profile-form"][data-interactive]').waitFor();
    await expectAxeClean(page, "profile form");
    await openTab(page, AURORA, "contacts");
    await page.locator('[data-testid="contacts"][data-interactive]').waitFor();
    await page.getByTestId("contact-add").click();
    await page.locator('[data-testid="contact-form"][data-interactive]').waitFor();
    await expectAxeClean(page, "contact form");
    await openTab(page, AURORA, "bank-accounts");
    await page.locator('[data-testid="bank-accounts"][data-interactive]').waitFor();
    await page.getByTestId("bank-account-add").click();
    await page.locator('[data-testid="bank-account-form"][data-interactive]').waitFor();
    await expectAxeClean(page, "bank account form");
    await setScheme(context, AURORA, "light");
    await context.close();
  }, 300_000);

  it("has no unmarked text in the pseudo-locale", async () => {
    const { context, page } = await signedIn(AURORA, "aurora-solar-household", { path: "/xa/settings" });
    const { person, customer } = ownCustomer("aurora", "solar-household");
    const membership = (await pageFetch<{ benefits: { title: string }[] }>(page, "/api/me/membership")).body;
    const contacts = (await pageFetch<{ contacts: { value: string }[] }>(page, "/api/me/contacts")).body.contacts.map((c) => c.value);
    // Names the person gave their API tokens (the tokens' own tests may have made some) are data too.
    const tokens = (await pageFetch<{ tokens: { name: string }[] }>(page, "/api/me/api-tokens")).body.tokens.map((t) => t.name);
    const data = [
      `${person.firstName} ${person.lastName}`,
      customer.name,
      customer.clientCode,
      ...membership.benefits.map((b) => b.title),
      ...contacts,
      ...tokens,
      "English",
      "Suomi",
      "Svenska",
      "Pseudo",
    ];
    for (const tab of TABS) {
      await openTab(page, AURORA, tab, "xa");
      const rest = await page.evaluate((allowed) => {
        const out: string[] = [];
        const main = document.querySelector("main")!;
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
          const el = n.parentElement!;
          if (el.closest("script, style, [translate='no'], option")) continue;
          if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
          out.push(n.data);
        }
        // Translated messages are bracketed and may hold data (names, numbers): strip them from the inside out.
        let text = out.join(" ");
        for (let before = ""; before !== text;) {
          before = text;
          text = text.replace(/⟦[^⟦⟧]*⟧/g, " ");
        }
        for (const a of allowed.sort((x, y) => y.length - x.length)) text = text.split(a).join(" ");
        return text.match(/\p{L}+/gu) ?? [];
      }, data);
      expect(rest, tab).toEqual([]);
    }
    await context.close();
  }, 120_000);
});
