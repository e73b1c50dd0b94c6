import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { contractEvents, energyContracts, sites } from "@/server/db/schema";
import { invalidateSiteCache } from "@/server/sites/sites";
import type { Feature } from "@/lib/features";

/** Renewal offers with an additional product (renewal-offers.additional-product): offered, chosen, kept with the follow-up contract. */

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering", "contracts and products"].some((n) => s.name.startsWith(n))) }));
}, 600_000);
afterAll(async () => cleanup());

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.42.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function setFeature(site: string, feature: Feature, on: boolean) {
  const db = await getDb();
  const [{ features }] = await queryRows<{ features: Feature[] }>(db, sql`select features from sites where id = ${site}`);
  const next = on ? [...new Set([...features, feature])] : features.filter((f) => f !== feature);
  await db.update(sites).set({ features: next, updatedAt: new Date() }).where(eq(sites.id, site));
  invalidateSiteCache();
}

async function renewable(api: ApiClient) {
  const contract = (await api.get("/api/contracts")).body.contracts.find((c: { actions: { renew: boolean } }) => c.actions.renew);
  expect(contract).toBeDefined();
  return (await api.get(`/api/contracts/${contract.id}`)).body;
}

async function contractRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(energyContracts).where(eq(energyContracts.id, id));
  return row;
}

async function followUps(id: string) {
  const db = await getDb();
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from energy_contracts where previous_contract_id = ${id}`);
  return Number(n);
}

describe("renewal with an additional product", () => {
  it("offers none and refuses opting in where the site has the feature off, changing nothing", async () => {
    await setFeature("aurora", "renewal-offers.additional-product", false);
    const api = await signedIn("aurora", "apartment");
    const detail = await renewable(api);
    expect(detail.renewal.offers.length).toBeGreaterThan(0);
    expect(detail.renewal.offers.every((o: { additionalProduct: unknown }) => o.additionalProduct === null)).toBe(true);
    const before = await contractRow(detail.id);
    const res = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: detail.renewal.offers[0].offerId, additionalProduct: true });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "additionalProduct", message: "contracts.errors.additional-product-not-offered" });
    expect(await contractRow(detail.id)).toEqual(before);
    expect(await followUps(detail.id)).toBe(0);
  });

  it("offers the additional product with its price and keeps the customer's choice with the follow-up contract", async () => {
    await setFeature("laane", "renewal-offers.additional-product", true);
    const api = await signedIn("laane", "apartment");
    const detail = await renewable(api);
    const offer = detail.renewal.offers.find((o: { termMonths: number }) => o.termMonths === 24);
    expect(offer.additionalProduct).toMatchObject({ name: "Rohelise energia sertifikaat", priceComponents: [{ type: "Monthly", value: 199, unit: "cents/month" }] });
    // The additional product is never a product to sign on its own.
    const products = (await api.get("/api/products")).body.products.map((p: { id: string }) => p.id);
    expect(products).not.toContain(offer.additionalProduct.productId);

    const res = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: offer.offerId, additionalProduct: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ previousContractId: detail.id, status: "pending", additionalProduct: { productId: offer.additionalProduct.productId, name: "Rohelise energia sertifikaat" } });
    expect((await contractRow(res.body.id)).additionalProductId).toBe(offer.additionalProduct.productId);
    const listed = (await api.get("/api/contracts")).body.contracts.find((c: { id: string }) => c.id === res.body.id);
    expect(listed.additionalProduct.name).toBe("Rohelise energia sertifikaat");
    const db = await getDb();
    const [created] = await db.select().from(contractEvents).where(eq(contractEvents.contractId, res.body.id));
    expect(created).toMatchObject({ action: "created-by-renewal", details: expect.objectContaining({ additionalProductId: offer.additionalProduct.productId }) });
    // The old contract no longer takes any renewal.
    const again = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: offer.offerId, additionalProduct: true });
    expect(again.status).toBe(422);
    expect(await followUps(detail.id)).toBe(1);
  });

  it("renews without the additional product when the customer leaves it out", async () => {
    await setFeature("daugava", "renewal-offers.additional-product", true);
    const api = await signedIn("daugava", "apartment");
    const detail = await renewable(api);
    const offer = detail.renewal.offers[0];
    expect(offer.additionalProduct).not.toBeNull();
    const res = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: offer.offerId, additionalProduct: false });
    expect(res.status).toBe(200);
    expect(res.body.additionalProduct).toBeNull();
    expect((await contractRow(res.body.id)).additionalProductId).toBeNull();
  });

  it("refuses an offer without an additional product when opting in, and never answers 5xx to bad bodies", async () => {
    await setFeature("aurora", "renewal-offers.additional-product", true);
    const db = await getDb();
    const api = await signedIn("aurora", "apartment");
    const detail = await renewable(api);
    const offer = detail.renewal.offers[0];
    // One offer carries none.
    await db.execute(sql`update contract_offers set additional_product_id = null where id = ${offer.offerId}`);
    const before = await contractRow(detail.id);
    const res = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: offer.offerId, additionalProduct: true });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "additionalProduct", message: "contracts.errors.additional-product-not-offered" });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constantFrom("true", 1, null, [], {})).filter((v) => typeof v !== "boolean" && v !== undefined),
        async (additionalProduct) => {
          const bad = await api.post(`/api/contracts/${detail.id}/renew`, { offerId: detail.renewal.offers[1].offerId, additionalProduct });
          expect(bad.status).toBe(422);
          expect(bad.body.error.details.fields.map((f: { path: string }) => f.path)).toContain("additionalProduct");
        },
      ),
      { numRuns: 60, examples: [["true"], [1], [null]] },
    );
    expect(await contractRow(detail.id)).toEqual(before);
    expect(await followUps(detail.id)).toBe(0);
  });
});
