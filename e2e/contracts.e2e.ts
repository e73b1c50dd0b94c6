import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser";
import { databaseUrl, siteUrl } from "./helpers";
import { expectAxeClean, setScheme, signedInAt } from "./page-checks";

const HOST = "aurora.localhost";
const PDFTOPPM = "/usr/bin/pdftoppm";

interface ContractSummary {
  id: string;
  type: string;
  contractNumber: string;
  status: string;
  productName: string;
  billingChannel: { type: string };
  usagePoint: { street: string; gsrn: string };
}

let browser: Browser;
let tmp: string;
beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "contracts-e2e-"));
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const signedIn = (persona: string, opts: { mobile?: boolean; path?: string } = {}) => signedInAt(browser, HOST, `aurora-${persona}`, opts.path ?? "/en/contracts", opts);

async function contractsOf(page: Page): Promise<ContractSummary[]> {
  const res = await page.evaluate(async () => {
    const r = await fetch("/api/contracts", { credentials: "same-origin" });
    return { status: r.status, text: await r.text() };
  });
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { contracts: ContractSummary[] }).contracts;
}

/** Switches a site feature in the server's database and tells its processes (the cache bus). */
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

describe("contracts", () => {
  it("lists the contracts by address and usage point, as the API has them, from the menu", async () => {
    const { context, page } = await signedIn("house-gas", { path: "/en/" });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Contracts" }).first().click();
    await page.waitForURL(/\/en\/contracts$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Contracts");
    const contracts = await contractsOf(page);
    const cards = page.getByTestId("contract-card");
    await expect(cards.count()).resolves.toBe(contracts.length);
    for (const c of contracts) {
      const card = page.locator(`[data-testid="contract-card"][data-contract="${c.contractNumber}"]`);
      await expect(card.getAttribute("data-status")).resolves.toBe(c.status);
      await expect(card.textContent()).resolves.toContain(c.productName);
    }
    await page.getByRole("heading", { level: 2, name: new RegExp(contracts[0].usagePoint.street) }).waitFor({ state: "visible" });
    await expect(page.locator('[data-status="ended"]').first().textContent()).resolves.toContain("Ended");
    await context.close();
  });

  it("downloads a contract as a PDF that renders", async () => {
    const { context, page } = await signedIn("solar-household");
    const [first] = await contractsOf(page);
    const link = page.locator(`[data-contract="${first.contractNumber}"]`).getByTestId("contract-download");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`contract-${first.contractNumber}.pdf`);
    const file = path.join(tmp, download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    execFileSync(PDFTOPPM, ["-png", "-r", "40", "-f", "1", "-l", "1", file, path.join(tmp, "contract")]);
    const png = fs.readdirSync(tmp).find((f) => f.startsWith("contract") && f.endsWith(".png"));
    expect(png).toBeDefined();
    const image = fs.readFileSync(path.join(tmp, png!));
    expect(image.subarray(1, 4).toString()).toBe("PNG");
    expect(image.readUInt32BE(16) * image.readUInt32BE(20)).toBeGreaterThan(100_000);
    await context.close();
  });

  it("changes the billing channel to e-invoice, showing a translated error for a bad address first", async () => {
    const { context, page } = await signedIn("solar-household");
    const [first] = (await contractsOf(page)).filter((c) => c.status !== "ended");
    const card = page.locator(`[data-testid="contract-card"][data-contract="${first.contractNumber}"]`);
    const open = card.getByTestId("channel-open");
    await page.locator('[data-testid="channel-open"][data-interactive]').first().waitFor();
    await open.click();
    const dialog = page.getByRole("dialog");
    await dialog.locator("[data-interactive]").first().waitFor();
    await dialog.getByRole("radio", { name: "E-invoice", exact: true }).check();
    await dialog.getByLabel("E-invoice address").fill("003714636115");
    await dialog.getByLabel("E-invoice operator").click();
    await page.getByRole("option", { name: /Maventa/ }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Check the e-invoice address").waitFor();

    await dialog.getByLabel("E-invoice address").fill("003714636114");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => card.getByTestId("contract-channel").textContent(), { timeout: 10_000 }).toBe("E-invoice: 003714636114 · Maventa");
    expect((await contractsOf(page)).find((c) => c.id === first.id)!.billingChannel).toEqual({ type: "OVT", ovt: "003714636114", operatorCode: "003721291126" });
    await context.close();
  });

  it.skipIf(!databaseUrl())("keeps the list and documents but not the flows when contract management is off", async () => {
    const { context, page } = await signedIn("solar-household");
    await expect(page.getByTestId("channel-open").count()).resolves.toBeGreaterThan(0);
    await withFeature("contracts.management-disabled", async () => {
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.locator("h1").first().waitFor();
            return page.getByTestId("channel-open").count();
          },
          { timeout: 15_000 },
        )
        .toBe(0);
      await expect(page.getByTestId("contract-card").count()).resolves.toBeGreaterThan(0);
      await expect(page.getByTestId("contract-download").count()).resolves.toBeGreaterThan(0);
    });
    await context.close();
  });

  it("moves out of a contract to the confirmation, and the list shows it ending", async () => {
    const { context, page } = await signedIn("apartment");
    const contracts = await contractsOf(page);
    const heat = contracts.find((c) => c.status === "active" && c.type === "HeatingGridContract")!;
    const card = page.locator(`[data-testid="contract-card"][data-contract="${heat.contractNumber}"]`);
    await card.getByTestId("contract-move-out").click();
    await page.waitForURL(new RegExp(`/en/contracts/${heat.id}/move-out$`));
    await page.locator('[data-testid="move-out-form"][data-interactive]').waitFor();
    await expectAxeClean(page, "move-out");
    // The day a week ahead in the site's time zone.
    const endDate = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Europe/Helsinki" });
    await page.getByLabel("Last day of the contract").fill(endDate);
    await page.getByRole("radio", { name: "To a new address" }).check();
    await page.getByLabel("Street address").fill("Uusi katu 3");
    await page.getByLabel("Postal code").fill("00150");
    await page.getByLabel("City").fill("Helsinki");
    await page.getByLabel("Meter reading on moving out (kWh)").fill("4321");
    await page.getByTestId("move-out-submit").click();
    await page.waitForURL(new RegExp(`/en/contracts/${heat.id}/move-out/confirmation$`));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Move-out confirmed");
    const shown = (await page.getByTestId("move-out-confirmation").textContent())!;
    expect(shown).toContain(`${endDate.slice(8, 10)}.${endDate.slice(5, 7)}.${endDate.slice(0, 4)}`);
    expect(shown).toContain("Uusi katu 3, 00150 Helsinki");
    await expectAxeClean(page, "move-out confirmation");
    await page.getByRole("link", { name: "Back to contracts" }).click();
    await page.waitForURL(/\/en\/contracts$/);
    await expect(page.locator(`[data-testid="contract-card"][data-contract="${heat.contractNumber}"]`).getAttribute("data-status")).resolves.toBe("ending");
    await expect(page.locator(`[data-testid="contract-card"][data-contract="${heat.contractNumber}"]`).getByTestId("contract-move-out").count()).resolves.toBe(0);
    await context.close();
  });

  it("accepts a renewal offer to the confirmation, and the follow-up contract is in the list", async () => {
    const { context, page } = await signedIn("apartment");
    const before = await contractsOf(page);
    const fixed = before.find((c) => (c as unknown as { actions: { renew: boolean } }).actions.renew)!;
    await page.locator(`[data-testid="contract-card"][data-contract="${fixed.contractNumber}"]`).getByTestId("contract-renew").click();
    await page.waitForURL(new RegExp(`/en/contracts/${fixed.id}/offer$`));
    await page.locator('[data-testid="renewal-form"][data-interactive]').waitFor();
    await expectAxeClean(page, "renewal offer");
    await page.getByRole("button", { name: "Accept the offer" }).click();
    await page.getByText("Choose one of the offers.").waitFor({ state: "visible" });
    await page.getByRole("radio", { name: "Kiinteä hinta 24 kk" }).click();
    await page.getByRole("button", { name: "Accept the offer" }).click();
    await page.waitForURL(new RegExp(`/en/contracts/${fixed.id}/offer/confirmation$`));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Renewal confirmed");
    await expectAxeClean(page, "renewal confirmation");
    const after = await contractsOf(page);
    const followUp = after.find((c) => !before.some((b) => b.id === c.id))!;
    expect(followUp).toMatchObject({ productName: "Kiinteä hinta 24 kk", status: "pending" });
    await expect(page.getByTestId("renewal-confirmation").textContent()).resolves.toContain(followUp.contractNumber);
    await page.getByRole("link", { name: "Back to contracts" }).click();
    await page.waitForURL(/\/en\/contracts$/);
    await expect(page.locator(`[data-testid="contract-card"][data-contract="${followUp.contractNumber}"]`).getAttribute("data-status")).resolves.toBe("pending");
    await expect(page.locator(`[data-testid="contract-card"][data-contract="${fixed.contractNumber}"]`).getAttribute("data-status")).resolves.toBe("ending");
    await context.close();
  });

  it("has no unmarked text in the pseudo-locale", async () => {
    const { context, page } = await signedIn("house-gas", { path: "/xa/contracts" });
    const contracts = (await contractsOf(page)) as (ContractSummary & { billingChannel: Record<string, string>; usagePoint: Record<string, string> })[];
    // Data is not translated: addresses, product names, numbers, where invoices go, the price unit.
    const data = contracts
      .flatMap((c) => [
        c.productName,
        c.contractNumber,
        c.usagePoint.street,
        c.usagePoint.postalCode,
        c.usagePoint.city,
        c.usagePoint.gsrn,
        ...Object.entries(c.billingChannel)
          .filter(([k]) => k !== "type")
          .map(([, v]) => v),
      ])
      .concat(["c/kWh", "PDF"])
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const leftover = await page.evaluate((data) => {
      let text = (document.querySelector("main") as HTMLElement).innerText;
      for (let before = ""; before !== text;) {
        before = text;
        text = text.replace(/⟦[^⟦⟧]*⟧/g, " ");
      }
      for (const d of data) text = text.split(d).join(" ");
      return text;
    }, data);
    expect(leftover.match(/\p{L}+/gu) ?? []).toEqual([]);
    await context.close();
  });

  it("has no axe violations in light and dark, on a desktop and at 375 px, and does not scroll sideways on a phone", async () => {
    const { context, page } = await signedIn("house-gas");
    for (const scheme of ["light", "dark"] as const) {
      await setScheme(context, HOST, scheme);
      for (const size of [
        { width: 1280, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(size);
        await page.goto(siteUrl(HOST, "/en/contracts"));
        await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(scheme);
        await expectAxeClean(page, `contracts ${scheme} ${size.width}px`);
        if (size.width === 375) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
      }
    }
    // The flow pages, in light and dark, on a phone and a desktop.
    const flows = (await contractsOf(page)) as (ContractSummary & { actions: { moveOut: boolean } })[];
    const movable = flows.find((c) => c.actions.moveOut);
    expect(movable).toBeDefined();
    for (const url of [`/en/contracts/${movable!.id}/move-out`]) {
      for (const scheme of ["light", "dark"] as const) {
        await setScheme(context, HOST, scheme);
        for (const size of [
          { width: 1280, height: 900 },
          { width: 375, height: 812 },
        ]) {
          await page.setViewportSize(size);
          await page.goto(siteUrl(HOST, url));
          await page.locator("[data-interactive]").first().waitFor();
          await expectAxeClean(page, `${url} ${scheme} ${size.width}px`);
        }
      }
    }
    await page.goto(siteUrl(HOST, "/en/contracts"));
    // The billing channel dialog too.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('[data-testid="channel-open"][data-interactive]').first().click();
    await page.getByRole("dialog").locator("[data-interactive]").first().waitFor();
    await expectAxeClean(page, "billing channel dialog dark 375px");
    await context.close();
  });
});
