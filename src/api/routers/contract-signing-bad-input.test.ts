import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { contractProducts } from "@/server/db/schema";
import { addDays, todayIn } from "@/lib/invoices/dates";

/**
 * Bad input to signing a new contract (create, the Estonian variant, finalize, status): never a
 * 5xx, always the API's error shape, and no signing, provider session or contract stored when refused.
 */

let cleanup: () => Promise<void>;
let api: ApiClient;
let ee: ApiClient;
let freePoint = "";
let productId = "";
let businessCode = "";
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering", "contracts and products"].some((n) => s.name.startsWith(n))) }));
  // The company owner acts for the business, whose new depot has no contract (the demo data).
  const business = (site: string) =>
    demoPlans()
      .find((p) => p.site.id === site)!
      .customers.find((c) => c.kind === "legal" && c.owner?.persona === "company-owner")!;
  api = new ApiClient("aurora.localhost", { ip: "10.42.0.1" });
  await api.signInSandbox("aurora", { identityId: "aurora-company-owner" });
  await api.put("/api/me/active-customer", { customerId: business("aurora").id });
  businessCode = business("aurora").registryCode ?? "";
  ee = new ApiClient("laane.localhost", { ip: "10.42.0.2" });
  await ee.signInSandbox("laane", { identityId: "laane-company-owner" });
  await ee.put("/api/me/active-customer", { customerId: business("laane").id });
  const db = await getDb();
  const [p] = await queryRows<{ id: string }>(
    db,
    sql`select p.id from metering_points p join customers c on c.id = p.customer_id
        where p.site_id = 'aurora' and p.street = 'Varastotie 4' limit 1`,
  );
  freePoint = p.id;
  const [product] = await db
    .select({ id: contractProducts.id })
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, "aurora"), eq(contractProducts.code, "fixed-12")));
  productId = product.id;
}, 600_000);
afterAll(async () => cleanup());

async function counts() {
  const db = await getDb();
  const [row] = await queryRows<{ s: number; x: number; c: number }>(
    db,
    sql`select (select count(*)::int from contract_signings) as s, (select count(*)::int from sandbox_signing_sessions) as x, (select count(*)::int from energy_contracts) as c`,
  );
  return row;
}

const expectErrorShape = (res: { status: number; body: any }) => {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) expect(res.body?.error).toMatchObject({ code: expect.any(String), message: expect.any(String), status: res.status });
};

const text = fc.oneof(
  fc.string(),
  fc.constantFrom("", " ", "x".repeat(5000), "a\u0000b", "\ud800", "<script>alert(1)</script>", "'; drop table contract_signings; --"),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const date = fc.oneof(
  fc.constantFrom("2026-02-30", "2026-13-01", "0000-00-00", "9999-12-31", "1970-01-01", "", "today"),
  fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  text,
);
const uuidish = fc.oneof(fc.uuid(), fc.constantFrom("00000000-0000-0000-0000-000000000000", "not-a-uuid", ""), text);
const channel = fc.oneof(
  fc.record(
    { type: fc.constantFrom("Email", "Address", "IBAN", "OVT", "EInvoiceRequest", "Fax"), email: text, iban: text, ovt: text, operatorCode: text, bankBic: text, street: text },
    { requiredKeys: ["type"] },
  ),
  fc.anything(),
);
const options = fc.oneof(
  fc.record({ additionalProductId: uuidish, eInvoice: fc.anything(), emailInvoice: fc.boolean(), ownGridProducts: fc.boolean(), termMonths: fc.oneof(fc.integer(), text) }, { requiredKeys: [] }),
  fc.anything(),
);

describe("bad input to contract signing never breaks the API or stores anything", () => {
  it("POST /api/contracts/create", async () => {
    const good = { meteringPointId: freePoint, productId, startDate: addDays(todayIn("Europe/Helsinki"), 30), billingChannel: { type: "Email", email: "a@example.com" }, businessCode };
    const bad = fc.oneof(
      fc.anything(),
      fc.record(
        {
          meteringPointId: fc.oneof(fc.constant(freePoint), uuidish),
          productId: fc.oneof(fc.constant(productId), uuidish),
          startDate: date,
          billingChannel: channel,
          options,
          businessCode: text,
          coOwnerName: text,
          campaignCode: text,
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      // One field wrong at a time, the rest valid.
      fc.tuple(fc.constantFrom("meteringPointId", "productId", "startDate", "billingChannel", "options", "locale", "businessCode"), fc.anything()).map(([k, v]) => ({ ...good, [k]: v })),
    );
    let before = await counts();
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const res = await api.call("POST", "/api/contracts/create", JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        if (res.status === 200) {
          // A random value can be a valid choice: the signing is kept, as it would be.
          before = await counts();
          return;
        }
        expect([400, 422]).toContain(res.status);
        expect(await counts()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/contracts/create/estonia, finalize and status", async () => {
    const before = await counts();
    const bad = fc.oneof(fc.anything(), fc.record({ eicCode: text, productId: uuidish, startDate: date, billingChannel: channel, registryCode: text, options }, { requiredKeys: [] }));
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const res = await ee.call("POST", "/api/contracts/create/estonia", JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        expect([400, 422]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ signingToken: text }, { requiredKeys: [] })), async (body) => {
        const res = await api.call("POST", "/api/contracts/finalize", JSON.stringify(body) ?? "null");
        expectErrorShape(res);
        expect([204, 400, 422]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (token) => {
        const res = await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`);
        expectErrorShape(res);
        expect([404, 422]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
    expect(await counts()).toEqual(before);
  });
});
