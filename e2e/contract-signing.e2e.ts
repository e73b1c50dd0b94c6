import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { databaseUrl, siteUrl } from "./helpers";
import { axeEverywhere, signedInAt } from "./page-checks";

/**
 * Signing a new contract as a customer does it: the company-owner persona's business has a new
 * depot without a contract; they choose it, a product and where invoices go, give the business
 * ID, sign at the sandbox signing provider's page, come back to the confirmation and find the
 * contract in the list.
 */
const HOST = "aurora.localhost";
const COTTAGE = "Varastotie 4";
const BUSINESS_ID = "1463611-4";

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "contract-signing-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const signedIn = (persona: string, opts: { mobile?: boolean; path?: string } = {}) => signedInAt(browser, HOST, `aurora-${persona}`, opts.path ?? "/en/contracts", opts);

/** The company owner acts for the business (the demo depot is the business's). */
async function actForBusiness(page: Page) {
  const status = await page.evaluate(async () => {
    const me = (await (await fetch("/api/me/representatives", { credentials: "same-origin" })).json()) as { customers: { id: string; kind: string }[] };
    const business = me.customers.find((c) => c.kind === "legal")!;
    const res = await fetch("/api/me/active-customer", {
      method: "PUT",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ customerId: business.id }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await page.locator("h1").first().waitFor();
}

/** Removes the contract a test made on the cottage, so the next test can sign again. */
async function freeTheCottage() {
  if (!databaseUrl()) return;
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql`delete from energy_contracts where site_id = 'aurora' and metering_point_id in (select id from metering_points where site_id = 'aurora' and street = ${COTTAGE})`;
  } finally {
    await sql.end();
  }
}

async function withFeature(feature: string, run: () => Promise<void>) {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const [{ features }] = await sql<{ features: string[] }[]>`select features from sites where id = 'aurora'`;
  const announce = () => sql`select pg_notify('portal_cache', 'site:*')`;
  try {
    await sql`update sites set features = ${sql.array([...features, feature])} where id = 'aurora'`;
    await announce();
    await run();
  } finally {
    await sql`update sites set features = ${sql.array(features)} where id = 'aurora'`;
    await announce();
    await sql.end();
  }
}

/** From the contract list to the sandbox signing page, with the first fixed-term product. */
async function startSigning(page: Page) {
  await page.getByTestId("contracts-sign-new").click();
  await page.waitForURL(/\/contracts\/sign$/);
  const cottage = page.getByTestId("sign-point").filter({ hasText: COTTAGE });
  await cottage.getByRole("link").click();
  await page.waitForURL(/\/contracts\/sign\?point=/);
  await expect(page.getByTestId("sign-start-info").innerText()).resolves.toContain("Earliest supply start");
  // The cottage has no readings yet: the estimate says it is for a typical year.
  await expect(page.getByTestId("sign-estimate-source").first().getAttribute("data-source")).resolves.toBe("typical");
  await page.locator('[data-testid="sign-form"][data-interactive]').waitFor();
  await page.getByRole("radio", { name: "Kiinteä hinta 12 kk" }).check();
  await page.getByTestId("sign-business-code").fill(BUSINESS_ID);
  await page.getByTestId("sign-submit").click();
  await page.waitForURL(/\/sandbox\/signing\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("sandbox-signing-code").innerText()).resolves.toMatch(/^\d{4}$/);
}

async function contractsOf(page: Page): Promise<{ id: string; contractNumber: string; status: string; usagePoint: { street: string } }[]> {
  const res = await page.evaluate(async () => (await fetch("/api/contracts", { credentials: "same-origin" })).text());
  return JSON.parse(res).contracts;
}

describe("signing a new contract", () => {
  it.skipIf(!databaseUrl())("signs through the sandbox signing page to the confirmation, downloads the signed PDF and finds the contract in the list", async () => {
    await freeTheCottage();
    const { context, page } = await signedIn("company-owner");
    await actForBusiness(page);
    await startSigning(page);
    await page.getByTestId("sandbox-signing-sign").click();
    await page.waitForURL(/\/contracts\/sign\/confirmation\?signing=/);
    await page.getByTestId("signing-done").waitFor({ timeout: 20_000 });
    const number = (await page.getByTestId("signing-done").innerText()).match(/FI\d{9}/)?.[0];
    expect(number).toBeDefined();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("signing-download").click()]);
    expect(download.suggestedFilename()).toBe(`contract-${number}-signed.pdf`);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");

    await page.getByTestId("signing-to-contracts").click();
    await page.waitForURL(/\/en\/contracts$/);
    const card = page.locator(`[data-testid="contract-card"][data-contract="${number}"]`);
    await card.waitFor();
    await expect(card.getAttribute("data-status")).resolves.toBe("pending");
    expect((await contractsOf(page)).find((c) => c.contractNumber === number)?.usagePoint.street).toBe(COTTAGE);
    await context.close();
    await freeTheCottage();
  });

  it("declining at the signing page makes no contract", async () => {
    const { context, page } = await signedIn("company-owner");
    await actForBusiness(page);
    const before = (await contractsOf(page)).length;
    await startSigning(page);
    await page.getByTestId("sandbox-signing-decline").click();
    await page.waitForURL(/\/contracts\/sign\/confirmation\?signing=/);
    await page.getByTestId("signing-declined").waitFor({ timeout: 20_000 });
    expect((await contractsOf(page)).length).toBe(before);
    await context.close();
  });

  it.skipIf(!databaseUrl())("is gone when contract management is off", async () => {
    const { context, page } = await signedIn("company-owner");
    await actForBusiness(page);
    await page.getByTestId("contracts-sign-new").waitFor();
    await withFeature("contracts.management-disabled", async () => {
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.locator("h1").first().waitFor();
            return page.getByTestId("contracts-sign-new").count();
          },
          { timeout: 15_000 },
        )
        .toBe(0);
      await page.goto(siteUrl(HOST, "/en/contracts/sign"));
      await page.locator("h1").first().waitFor();
      await expect(page.getByTestId("sign-point").count()).resolves.toBe(0);
      await expect(page.getByTestId("sign-form").count()).resolves.toBe(0);
    });
    await context.close();
  });

  it("has no axe violations in light and dark, on a desktop and at 375 px, and nothing wider than a phone", async () => {
    const { context, page } = await signedIn("company-owner");
    await actForBusiness(page);
    await page.goto(siteUrl(HOST, "/en/contracts/sign"));
    const cottageHref = await page.getByTestId("sign-point").filter({ hasText: COTTAGE }).getByRole("link").getAttribute("href");
    // A pending signing for the provider's page and the confirmation page.
    await page.goto(siteUrl(HOST, cottageHref!));
    await page.locator('[data-testid="sign-form"][data-interactive]').waitFor();
    await page.getByRole("radio", { name: "Pörssisähkö", exact: true }).check();
    await page.getByTestId("sign-business-code").fill(BUSINESS_ID);
    await page.getByTestId("sign-submit").click();
    await page.waitForURL(/\/sandbox\/signing\//);
    const sandboxUrl = new URL(page.url()).pathname;
    const pages = ["/en/contracts", "/en/contracts/sign", cottageHref!, sandboxUrl];
    expect(
      await axeEverywhere(
        context,
        page,
        HOST,
        pages.map((path) => ({ path, label: path })),
      ),
    ).toEqual([]);
    // The confirmation page while the signing waits (declined here, so the cottage stays free).
    await page.goto(siteUrl(HOST, sandboxUrl));
    await page.getByTestId("sandbox-signing-decline").click();
    await page.waitForURL(/\/contracts\/sign\/confirmation\?signing=/);
    await page.getByTestId("signing-declined").waitFor();
    const confirmation = new URL(page.url());
    expect(await axeEverywhere(context, page, HOST, [{ path: `${confirmation.pathname}${confirmation.search}`, label: "confirmation", ready: '[data-testid="signing-declined"]' }])).toEqual([]);
    await context.close();
  }, 180_000);

  it("has no unmarked text in the pseudo-locale", async () => {
    const { context, page } = await signedIn("company-owner", { path: "/xa/contracts/sign" });
    await actForBusiness(page);
    const href = await page.getByTestId("sign-point").filter({ hasText: COTTAGE }).getByRole("link").getAttribute("href");
    for (const url of ["/xa/contracts/sign", href!]) {
      await page.goto(siteUrl(HOST, url));
      await page.locator("h1").first().waitFor();
      // Data is not translated: product names and descriptions, amounts, units.
      const leftover = await page.evaluate(() => {
        const main = document.querySelector("main") as HTMLElement;
        const clone = main.cloneNode(true) as HTMLElement;
        clone.querySelectorAll('[translate="no"], input, select, option').forEach((n) => n.remove());
        let text = clone.innerText;
        for (let before = ""; before !== text;) {
          before = text;
          text = text.replace(/⟦[^⟦⟧]*⟧/g, " ");
        }
        return text;
      });
      const products = await page.evaluate(async () => (await (await fetch("/api/products", { credentials: "same-origin" })).json()).products as { name: string; description: string }[]);
      let rest = leftover;
      for (const p of products
        .flatMap((x) => [x.name, x.description])
        .filter(Boolean)
        .sort((a, b) => b.length - a.length))
        rest = rest.split(p).join(" ");
      rest = rest.replace(/c\/kWh|kWh|GSRN|EUR|€/g, " ");
      expect(rest.match(/\p{L}+/gu) ?? [], url).toEqual([]);
    }
    await context.close();
  });
});
