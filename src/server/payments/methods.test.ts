import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { payments } from "@/server/db/schema";
import { getSiteById, invalidateSiteCache } from "@/server/sites/sites";
import { createTestInvoice } from "@/server/invoices/test-fixtures";
import { startFakeEveryPay, startFakeNeonomics, type FakeEveryPay, type FakeNeonomics } from "@/server/providers/payments/fake-providers";
import { clearNeonomicsTokens } from "@/server/providers/payments/neonomics";
import { PAYMENT_METHODS, paymentMethods } from "./methods";

/**
 * The invoice page offers the methods paymentMethods names, and POST /api/invoices/{n}/payments
 * routes by the same rule: what the page offers the API accepts, at the provider the page names.
 */
let cleanup: () => Promise<void>;
let everypay: FakeEveryPay;
let neonomics: FakeNeonomics;
const EP = { apiUsername: "ep-user", apiSecret: "ep-secret", accountName: "EUR3D1" };
const NEO = { clientId: "neo-client", clientSecret: "neo-secret", realm: "sandbox" };

const neonomicsService = () => ({
  type: "PAYMENT",
  name: "Neonomics",
  url: "https://neonomics.io",
  settings: {
    provider: "neonomics",
    baseUrl: neonomics.url,
    realm: "sandbox",
    clientId: NEO.clientId,
    clientSecret: NEO.clientSecret,
    creditorIban: "EE382200221020145685",
    creditorName: "Lääne Energia AS",
    webhookApiKey: "neo-hook",
  },
});
const everypayService = () => ({
  type: "PAYMENT",
  name: "EveryPay",
  url: "https://every-pay.com",
  settings: { provider: "everypay", baseUrl: everypay.apiBase, apiUsername: EP.apiUsername, apiSecret: EP.apiSecret, accountName: EP.accountName, callbackToken: "ep-callback" },
});

async function setServices(siteId: string, services: object[]) {
  const db = await getDb();
  await db.execute(sql`update sites set external_services = ${JSON.stringify(services)}::jsonb where id = ${siteId}`);
  invalidateSiteCache();
}

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  everypay = await startFakeEveryPay(EP);
  neonomics = await startFakeNeonomics(NEO);
  clearNeonomicsTokens();
  // Neonomics listed first: it takes bank transfers only, so cards must go to EveryPay.
  await setServices("laane", [neonomicsService(), everypayService()]);
  await setServices("daugava", [neonomicsService()]);
});
afterAll(async () => {
  await everypay?.close();
  await neonomics?.close();
  await cleanup?.();
});

const customerOf = (site: string, persona: string) =>
  demoPlans()
    .find((p) => p.site.id === site)!
    .customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

let ip = 1;
async function signedIn(site: string, persona: string) {
  const api = new ApiClient(`${site}.localhost`, { ip: `10.32.0.${ip++}` });
  await api.signInSandbox(site, { identityId: `${site}-${persona}` });
  return api;
}

async function paymentsOf(invoiceId: string) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

/** Starts paying a fresh invoice with each method as the invoice page would (no provider named). */
async function tryEveryMethod(site: string, persona: string, bankBic: string) {
  const api = await signedIn(site, persona);
  const results: Record<string, { status: number; provider?: string; field?: string; started: number }> = {};
  for (const method of PAYMENT_METHODS) {
    const inv = await createTestInvoice({ siteId: site, customerId: customerOf(site, persona).id });
    const res = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, method === "bank" ? { method, bankBic } : { method });
    results[method] = { status: res.status, provider: res.body.provider, field: res.body.error?.details?.fields?.[0]?.path, started: (await paymentsOf(inv.id)).length };
  }
  return results;
}

describe("payment methods of a site", () => {
  it("offers cards on a site with Neonomics and EveryPay, and the API takes them to EveryPay", async () => {
    const options = await paymentMethods((await getSiteById("laane"))!);
    expect(options).toMatchObject({ bank: true, card: true, providers: { bank: "neonomics", card: "everypay" } });
    expect(options.banks.map((b) => b.bic)).toContain("HABAEE2X");

    const results = await tryEveryMethod("laane", "solar-household", "HABAEE2X");
    for (const method of PAYMENT_METHODS) {
      expect(results[method]).toMatchObject({ status: 200, provider: options.providers[method], started: 1 });
    }
    expect(everypay.requests.some((r) => r.path === "/api/v4/payments/oneoff")).toBe(true);
  });

  it("does not offer cards where no provider takes them, and the API refuses them on the method and starts nothing", async () => {
    const options = await paymentMethods((await getSiteById("daugava"))!);
    expect(options).toMatchObject({ bank: true, card: false, providers: { bank: "neonomics" } });
    expect(options.providers.card).toBeUndefined();

    const api = await signedIn("daugava", "apartment");
    const inv = await createTestInvoice({ siteId: "daugava", customerId: customerOf("daugava", "apartment").id });
    const res = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card" });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "method", message: "invoices.errors.payment-method-unavailable" });
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it("refuses a named provider that does not take the method, before asking it", async () => {
    const api = await signedIn("laane", "apartment");
    const inv = await createTestInvoice({ siteId: "laane", customerId: customerOf("laane", "apartment").id });
    const before = neonomics.requests.length;
    const res = await api.post(`/api/invoices/${inv.invoiceNumber}/payments`, { method: "card", provider: "NEONOMICS" });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "method", message: "invoices.errors.payment-method-unavailable" });
    expect(neonomics.requests.length).toBe(before);
    expect(await paymentsOf(inv.id)).toHaveLength(0);
  });

  it("offers both methods through the sandbox on a site without providers of its own", async () => {
    const options = await paymentMethods((await getSiteById("aurora"))!);
    expect(options).toMatchObject({ bank: true, card: true, providers: { bank: "sandbox", card: "sandbox" } });
    const results = await tryEveryMethod("aurora", "solar-household", "NDEAFIHH");
    for (const method of PAYMENT_METHODS) expect(results[method]).toMatchObject({ status: 200, provider: "sandbox", started: 1 });
  });
});
