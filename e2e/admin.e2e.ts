import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { fastForwardUntil, showsAsClockRuns, siteUrl } from "./helpers";
import { pageFetch } from "./shell-helpers";
import { axeEverywhere, signedInAt } from "./page-checks";

/**
 * The site administration area on Aurora Energia, as its administrator uses it. Every change a
 * test makes is put back at its end, so other browser tests see the demo site as seeded.
 */
const HOST = "aurora.localhost";
const ADMIN = "aurora-site-admin";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const signedIn = (identity: string, path: string, opts: { mobile?: boolean } = {}) => signedInAt(browser, HOST, identity, path, opts);

async function interactive(page: Page, testId: string) {
  await page.locator(`[data-testid="${testId}"][data-interactive]`).waitFor();
}

async function switcherLanguages(page: Page): Promise<string[]> {
  await page.locator('[data-testid="language-switcher"][data-interactive]').click();
  const items = page.getByRole("menuitem");
  await items.first().waitFor();
  const names = (await items.allInnerTexts()).map((s) => s.trim());
  await page.keyboard.press("Escape");
  return names;
}

describe("site administration", () => {
  it("is reached from the account menu by the site's administrator only; customers and customer service get the not-found page", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/");
    await page.locator('[data-testid="account-menu"][data-interactive]').click();
    await page.getByTestId("account-menu-admin").click();
    await page.waitForURL(/\/en\/admin$/);
    await expect(page.getByRole("heading", { level: 1 }).innerText()).resolves.toBe("Site administration");
    await context.close();

    for (const persona of ["aurora-solar-household", "aurora-customer-service"]) {
      const other = await signedIn(persona, "/en/");
      await other.page.locator('[data-testid="account-menu"][data-interactive]').click();
      await other.page.getByTestId("account-menu-settings").waitFor();
      await expect(other.page.getByTestId("account-menu-admin").count()).resolves.toBe(0);
      const res = await other.page.goto(siteUrl(HOST, "/en/admin"));
      expect(res?.status()).toBe(404);
      expect(await other.page.content()).not.toContain("Site administration");
      await other.context.close();
    }
  });

  it("changes the timezone (times on a customer's dashboard move with it) and the theme with a live preview; the history shows the change", async () => {
    const customer = await signedIn("aurora-solar-household", "/en/dashboard");
    const spotStart = async () => {
      const text = await customer.page.getByTestId("spot-now").innerText();
      const [h, m] = /(\d{1,2})[:.](\d{2})/.exec(text)!.slice(1).map(Number);
      return h * 60 + m;
    };
    const before = await spotStart();

    const { context, page } = await signedIn(ADMIN, "/en/admin");
    await interactive(page, "admin-site-form");
    const preview = page.getByTestId("admin-theme-preview");
    const themeBefore = await preview.getAttribute("data-theme");
    await page.getByTestId("admin-theme").click();
    await page.getByRole("option", { name: "Kerava", exact: false }).first().click();
    await expect(preview.getAttribute("data-theme")).resolves.toBe("kerava");
    // Two drawings: light and dark.
    await expect(preview.getByRole("img").count()).resolves.toBe(2);
    await page.getByTestId("admin-theme").click();
    await page
      .getByRole("option", { name: new RegExp(themeBefore!, "i") })
      .first()
      .click();

    await page.getByTestId("admin-timezone").fill("London");
    await page.getByRole("option", { name: "Europe/London" }).click();
    await page.getByTestId("admin-site-save").click();
    await page.getByText("The site settings were saved.").waitFor();
    // Saved: nothing is left unsaved, so leaving the page asks nothing.
    await expect(page.getByRole("button", { name: "Undo changes" }).isDisabled()).resolves.toBe(true);
    const site = await pageFetch<{ timezone: string; themeId: string }>(page, "/api/admin/site/aurora");
    expect(site.body).toMatchObject({ timezone: "Europe/London", themeId: themeBefore });

    // Helsinki is two hours ahead of London in winter (the quarter hour may have turned meanwhile).
    await customer.page.reload();
    const after = await spotStart();
    const shift = (before - after + 1440) % 1440;
    expect(shift).toBeGreaterThanOrEqual(105);
    expect(shift).toBeLessThanOrEqual(120);

    await page.getByTestId("settings-tabs").getByRole("link", { name: "History" }).click();
    await page.waitForURL(/\/admin\/history$/);
    const first = page.getByTestId("admin-history").locator("tbody tr").first();
    await expect(first.getAttribute("data-action")).resolves.toBe("site.update");
    await expect(first.innerText()).resolves.toContain("timezone");

    expect((await pageFetch(page, "/api/admin/site/aurora", { method: "PATCH", body: { timezone: "Europe/Helsinki" } })).status).toBe(200);
    await customer.context.close();
    await context.close();
  });

  it("removes a language: the switcher hides it at once; adding it back shows it again", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin/locales");
    expect(await switcherLanguages(page)).toEqual(expect.arrayContaining(["Svenska"]));
    await interactive(page, "admin-locales-form");
    // The default language cannot be unticked.
    await expect(page.getByTestId("admin-locale-fi-FI").isDisabled()).resolves.toBe(true);
    await page.getByTestId("admin-locale-sv-FI").uncheck();
    await page.getByTestId("admin-locales-save").click();
    await page.getByText("The languages were saved.", { exact: false }).waitFor();
    await page.reload();
    expect(await switcherLanguages(page)).not.toContain("Svenska");
    expect((await page.goto(siteUrl(HOST, "/sv/")))?.status()).toBe(404);

    await page.goto(siteUrl(HOST, "/en/admin/locales"));
    await interactive(page, "admin-locales-form");
    await page.getByTestId("admin-locale-sv-FI").check();
    await page.getByTestId("admin-locales-save").click();
    await page.getByText("The languages were saved.", { exact: false }).waitFor();
    await page.reload();
    expect(await switcherLanguages(page)).toContain("Svenska");
    await context.close();
  });

  it("adds a domain, refuses another site's, and removes the added one", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin/domains");
    await page.locator('[data-testid="admin-domains"][data-interactive]').waitFor();
    const form = page.getByTestId("admin-domain-form");
    await form.getByRole("textbox").fill("laane.localhost");
    await form.getByRole("button").click();
    await page.getByText("This host name is not available").waitFor();
    await form.getByRole("textbox").fill("portal.aurora.test");
    await form.getByRole("button").click();
    const row = page.locator('tr[data-host="portal.aurora.test"]');
    await row.waitFor();
    await row.getByRole("button", { name: "Remove portal.aurora.test" }).click();
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("overrides a text: the home page shows it in that language only, on the next load; a broken message is refused; revert restores it", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin/translations?locale=en-GB");
    await interactive(page, "admin-translations");
    await page.getByTestId("admin-translations-search").fill("home.welcome");
    const row = page.locator('[data-testid="admin-translation"][data-key="home.welcome"]');
    const box = row.getByRole("textbox");
    await box.fill("Hello there, {nimi}");
    await row.getByRole("button", { name: "Save home.welcome" }).click();
    await row.getByText("Keep the same placeholders", { exact: false }).waitFor();
    await box.fill("Hello there, {name}!");
    await row.getByRole("button", { name: "Save home.welcome" }).click();
    await row.getByText("Site's own text").waitFor();

    await page.goto(siteUrl(HOST, "/en/"));
    await page.getByText("Hello there, ", { exact: false }).first().waitFor();
    await page.goto(siteUrl(HOST, "/"));
    await page.locator("h1").first().waitFor();
    expect(await page.content()).not.toContain("Hello there");

    await page.goto(siteUrl(HOST, "/en/admin/translations?locale=en-GB"));
    await interactive(page, "admin-translations");
    await page.getByTestId("admin-translations-search").fill("home.welcome");
    await row.getByRole("button", { name: "Use the product's text for home.welcome" }).click();
    await row.getByText("Site's own text").waitFor({ state: "detached" });
    await page.goto(siteUrl(HOST, "/en/"));
    await page.getByText("Welcome, ", { exact: false }).first().waitFor();
    await context.close();
  });

  it("creates a feedback form, a customer answers it, the admin sees the result and exports it; renewing asks the customer again", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin/feedback");
    await interactive(page, "admin-feedback-forms");
    const add = page.getByTestId("admin-feedback-add");
    await add.getByRole("textbox").fill("e2e-survey");
    await add.getByRole("button").click();
    const card = page.locator('[data-form="e2e-survey"]');
    await card.waitFor();
    await card.getByRole("switch").click();
    await expect.poll(() => card.getByRole("switch").isChecked()).toBe(true);
    const formId = (await pageFetch<{ forms: { id: string; name: string }[] }>(page, "/api/admin/site/aurora/feedback-form")).body.forms.find((f) => f.name === "e2e-survey")!.id;

    const customer = await signedIn("aurora-apartment", "/en/");
    const asked = (await pageFetch<{ form: { id: string; refreshedAt: string } }>(customer.page, "/api/feedback/form")).body.form;
    expect(asked.id).toBe(formId);
    expect((await pageFetch(customer.page, "/api/feedback/send", { method: "PUT", body: { formId, rating: 5, openText: "Clear and quick" } })).status).toBeLessThan(300);

    await card.getByTestId("admin-feedback-results-link").click();
    const result = page.getByTestId("admin-feedback-result");
    await result.waitFor();
    await expect(result.getAttribute("data-answers")).resolves.toBe("1");
    await expect(page.locator('[data-testid="admin-feedback-distribution"] tr[data-rating="5"]').innerText()).resolves.toContain("1");
    await page.getByText("Clear and quick").waitFor();
    const href = await page.getByTestId("admin-feedback-csv").getAttribute("href");
    const csv = await pageFetch<string>(page, href!);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("Clear and quick");

    // Before the renewal the customer, who has handled the feedback prompt, is not asked.
    const dialog = customer.page.getByRole("dialog", { name: "How are we doing?" });
    await customer.page.clock.install();
    await customer.page.reload();
    await customer.page.getByTestId("account-summary").waitFor();
    expect(await showsAsClockRuns(customer.page, "00:21", dialog)).toBe(false);

    await page.goto(siteUrl(HOST, "/en/admin/feedback"));
    await interactive(page, "admin-feedback-forms");
    await card.getByTestId("admin-feedback-renew").click();
    await page.getByText("Customers will be asked again.").waitFor();
    const again = (await pageFetch<{ form: { id: string; refreshedAt: string } }>(customer.page, "/api/feedback/form")).body.form;
    expect(Date.parse(again.refreshedAt)).toBeGreaterThan(Date.parse(asked.refreshedAt));
    // After it, the customer's next page asks again after a while.
    await customer.page.reload();
    await customer.page.getByTestId("account-summary").waitFor();
    await fastForwardUntil(customer.page, "00:21", dialog);
    // The demo form is the one customers are asked about again.
    await card.getByRole("switch").click();
    await expect.poll(() => card.getByRole("switch").isChecked()).toBe(false);
    await customer.context.close();
    await context.close();
  });

  it("writes an announcement with the editor that customers see, and withdraws it", async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin/announcements");
    await interactive(page, "admin-announcements");
    await page.getByTestId("announcement-title").fill("Planned maintenance tonight");
    const editor = page.getByTestId("announcement-content");
    await editor.click();
    await page.keyboard.type("The portal is closed from 22 to 23.");
    await page.getByTestId("announcement-save").click();
    const item = page.locator('[data-testid="admin-announcement"][data-status="live"]', { hasText: "Planned maintenance tonight" });
    await item.waitFor();

    const customer = await signedIn("aurora-apartment", "/en/");
    await customer.page.getByText("Planned maintenance tonight").first().waitFor();

    await item.getByRole("button", { name: "Withdraw Planned maintenance tonight" }).click();
    await page.locator('[data-testid="admin-announcement"][data-status="ended"]', { hasText: "Planned maintenance tonight" }).waitFor();
    await customer.page.reload();
    await customer.page.locator("h1").first().waitFor();
    expect(await customer.page.content()).not.toContain("Planned maintenance tonight");
    await customer.context.close();
    await context.close();
  });

  it("marks every text of the pseudo-locale admin pages as translated", async () => {
    const { context, page } = await signedIn(ADMIN, "/xa/admin");
    for (const path of ["/xa/admin", "/xa/admin/locales", "/xa/admin/domains", "/xa/admin/translations", "/xa/admin/feedback", "/xa/admin/announcements", "/xa/admin/history"]) {
      await page.goto(siteUrl(HOST, path));
      await page.locator('[data-testid="admin-area"]').waitFor();
      expect(await unmarkedTexts(page), path).toEqual([]);
    }
    await context.close();
  });

  it("passes axe in light and dark, on a phone and a desktop, on every admin page, and nothing is wider than the window", { timeout: 600_000 }, async () => {
    const { context, page } = await signedIn(ADMIN, "/en/admin");
    const forms = (await pageFetch<{ forms: { id: string }[] }>(page, "/api/admin/site/aurora/feedback-form")).body.forms;
    const pages = [
      "/en/admin",
      "/en/admin/locales",
      "/en/admin/domains",
      "/en/admin/translations",
      "/en/admin/feedback",
      `/en/admin/feedback/${forms[0].id}`,
      "/en/admin/announcements",
      "/en/admin/history",
    ];
    const problems = await axeEverywhere(
      context,
      page,
      HOST,
      pages.map((path) => ({ path, label: path })),
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** Texts in the page's main part that are not pseudo-translated: hard-coded strings. Names, host names, keys and user content are data. */
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
