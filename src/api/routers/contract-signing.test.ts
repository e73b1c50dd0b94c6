import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { contractEvents, contractProducts, contractSignings, energyContracts, sandboxSigningSessions, sites } from "@/server/db/schema";
import { decideSandboxSigning } from "@/server/providers/signing/sandbox";
import { expireSignings } from "@/server/contracts/signing";
import { getStartInfo, signablePoints } from "@/server/contracts/signing-start";
import { getSiteById, invalidateSiteCache } from "@/server/sites/sites";
import { estimateYearlyCost, TYPICAL_YEARLY_KWH } from "@/server/contracts/estimate";
import { addDays, todayIn } from "@/lib/invoices/dates";
import type { Feature } from "@/lib/features";
import { validateBusinessCode } from "@/lib/business-code";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering", "contracts and products"].some((n) => s.name.startsWith(n))) }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const persona = (site: string, name: string) => plan(site).customers.find((c) => c.kind === "private" && c.owner?.persona === name)!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, who: string) {
  const key = `${site}-${who}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.41.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    // The company owner acts for the business, whose new depot has no contract (the demo data).
    if (who === "company-owner") expect((await api.put("/api/me/active-customer", { customerId: company(site).id })).status).toBe(200);
    clients.set(key, api);
  }
  return clients.get(key)!;
}

/** A registry code valid by Estonia's check digit (the demo's Estonian codes are not all). */
function validEstonianCode(): string {
  for (let n = 1000000; ; n++) {
    const code = `1${String(n).slice(1)}`;
    for (let d = 0; d < 10; d++) if (validateBusinessCode("EE", `${code}${d}`).valid) return `${code}${d}`;
  }
}

const company = (site: string) => plan(site).customers.find((c) => c.kind === "legal" && c.owner?.persona === "company-owner")!;

async function withFeatures(site: string, change: (f: Feature[]) => Feature[], run: () => Promise<void>) {
  const db = await getDb();
  const [{ features }] = await queryRows<{ features: Feature[] }>(db, sql`select features from sites where id = ${site}`);
  await db
    .update(sites)
    .set({ features: change(features), updatedAt: new Date() })
    .where(eq(sites.id, site));
  invalidateSiteCache();
  try {
    await run();
  } finally {
    await db.update(sites).set({ features, updatedAt: new Date() }).where(eq(sites.id, site));
    invalidateSiteCache();
  }
}

/** The customer's usage point without a contract (the demo's new depot of the business), and one with an open contract. */
async function points(site: string, who = "company-owner") {
  const db = await getDb();
  const customerId = who === "company-owner" ? company(site).id : persona(site, who).id;
  const rows = await queryRows<{ id: string; eic_code: string | null; open: boolean }>(
    db,
    sql`select p.id, p.eic_code, exists (select 1 from energy_contracts c where c.metering_point_id = p.id and c.valid_to is null) as open
        from metering_points p where p.site_id = ${site} and p.customer_id = ${customerId} order by p.gsrn`,
  );
  return { free: rows.find((r) => !r.open)!, taken: rows.find((r) => r.open)!, all: rows.map((r) => r.id), customerId };
}

async function product(site: string, code: string) {
  const db = await getDb();
  const [p] = await db
    .select()
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, site), eq(contractProducts.code, code)));
  return p;
}

async function counts() {
  const db = await getDb();
  const [{ signings, sessions, contracts }] = await queryRows<{ signings: number; sessions: number; contracts: number }>(
    db,
    sql`select (select count(*)::int from contract_signings) as signings, (select count(*)::int from sandbox_signing_sessions) as sessions, (select count(*)::int from energy_contracts) as contracts`,
  );
  return { signings, sessions, contracts };
}

const today = (site: string) => todayIn(plan(site).site.timezone);

async function validRequest(site: string, extra: Record<string, unknown> = {}) {
  const { free } = await points(site);
  return {
    meteringPointId: free.id,
    productId: (await product(site, "fixed-12")).id,
    startDate: addDays(today(site), 30),
    billingChannel: { type: "Email", email: "depot@example.com" },
    businessCode: company(site).registryCode,
    ...extra,
  };
}

describe("start information", () => {
  it("gives the earliest start, the supplier now and the country's rules; another customer's point is 404", async () => {
    const api = await signedIn("aurora", "company-owner");
    const { free, taken } = await points("aurora");
    const res = await api.get(`/api/contracts/start-info/${free.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ usagePointId: free.id, energyKind: "electricity", eligible: true, currentSupplier: null, earliestStartDate: addDays(today("aurora"), 14) });
    expect(res.body.countryRules).toEqual({ country: "FI", switchDays: 14, withdrawalDays: 14, identifier: "GSRN", businessCode: "y-tunnus", eInvoice: "OVT" });
    const busy = await api.get(`/api/contracts/start-info/${taken.id}`);
    expect(busy.body).toMatchObject({ eligible: false, currentSupplier: { name: expect.any(String), endDate: null } });
    const other = await signedIn("aurora", "apartment");
    expect((await other.get(`/api/contracts/start-info/${free.id}`)).status).toBe(404);
    expect((await api.get(`/api/contracts/start-info/not-a-uuid`)).status).toBe(404);
    const ee = await signedIn("laane", "company-owner");
    expect((await ee.get(`/api/contracts/start-info/${(await points("laane")).free.id}`)).body.countryRules).toMatchObject({ country: "EE", identifier: "EIC", switchDays: 21 });
  });

  it("lists the customer's points with whether each may get a new contract, as the start information says", async () => {
    const { free, taken, customerId } = await points("aurora");
    const site = (await getSiteById("aurora"))!;
    const listed = await signablePoints(site, customerId);
    expect(listed.map((p) => p.id).sort()).toEqual((await points("aurora")).all.sort());
    expect(listed.find((p) => p.id === free.id)?.eligible).toBe(true);
    expect(listed.find((p) => p.id === taken.id)?.eligible).toBe(false);
    for (const p of listed) expect(p.eligible, p.gsrn).toBe((await getStartInfo(site, customerId, p.id)).eligible);
    expect(await signablePoints(site, persona("aurora", "new-customer").id)).toEqual([]);
  });
});

describe("signing a new contract", () => {
  it("goes pending → signed → finalized once, and only then is the contract in the list", async () => {
    const api = await signedIn("aurora", "company-owner");
    const before = (await api.get("/api/contracts")).body.contracts.length;
    const body = await validRequest("aurora");
    const created = await api.post("/api/contracts/create", body);
    expect(created.status).toBe(200);
    expect(created.body.signingUrl).toMatch(/\/sandbox\/signing\/[A-Za-z0-9_-]{43}$/);
    const token = created.body.signingToken as string;
    expect(created.body.signingUrl.endsWith(token)).toBe(true);
    // Nothing half-made shows.
    expect((await api.get("/api/contracts")).body.contracts.length).toBe(before);
    const pending = await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`);
    expect(pending.body).toMatchObject({ status: "pending", contractId: null, contractNumber: created.body.contractNumber });
    const early = await api.post("/api/contracts/finalize", { signingToken: token });
    expect(early.status).toBe(422);
    expect(early.body.error.details.fields[0]).toMatchObject({ path: "signingToken", message: "contract-signing.errors.signing-pending" });

    // The sandbox provider's page: the customer confirms.
    const db = await getDb();
    const [session] = await db.select().from(sandboxSigningSessions).where(eq(sandboxSigningSessions.token, token));
    expect(session.controlCode).toMatch(/^\d{4}$/);
    const { returnUrl } = await decideSandboxSigning(token, "sign", "aurora");
    expect(returnUrl).toMatch(new RegExp(`^http://aurora\\.localhost(/[a-z]{2})?/contracts/sign/confirmation\\?signing=${created.body.signingId}$`));
    expect((await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`)).body.status).toBe("signed");

    const [first, second] = await Promise.all([api.post("/api/contracts/finalize", { signingToken: token }), api.post("/api/contracts/finalize", { signingToken: token })]);
    for (const r of [first, second]) {
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("application/pdf");
    }
    const contractId = first.headers.get("x-contract-id")!;
    expect(second.headers.get("x-contract-id")).toBe(contractId);
    const third = await api.post("/api/contracts/finalize", { signingToken: token });
    expect(third.headers.get("x-contract-id")).toBe(contractId);
    const rows = await db.select().from(energyContracts).where(eq(energyContracts.meteringPointId, body.meteringPointId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: contractId,
      validFrom: body.startDate,
      validTo: null,
      termMonths: 12,
      contractNumber: created.body.contractNumber,
      priceModel: "Fixed",
      fixedCentsPerKwh: expect.any(String),
    });
    expect(await db.select().from(contractEvents).where(eq(contractEvents.contractId, contractId))).toEqual([expect.objectContaining({ action: "created-by-signing" })]);

    const list = (await api.get("/api/contracts")).body.contracts as { id: string; status: string }[];
    expect(list.find((c) => c.id === contractId)).toMatchObject({ status: "pending" });
    expect((await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`)).body).toMatchObject({ status: "signed", contractId });

    const pdf = await api.raw("GET", `/api/contracts/signing/download?signingToken=${encodeURIComponent(token)}&contractId=${contractId}`);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await api.raw("GET", `/api/contracts/signing/download?signingToken=${encodeURIComponent(token)}&contractId=${crypto.randomUUID()}`)).status).toBe(204);
    expect((await api.raw("GET", `/api/contracts/signing/download?signingToken=nope&contractId=${contractId}`)).status).toBe(204);

    // Another customer learns nothing of the signing.
    const other = await signedIn("aurora", "apartment");
    expect((await other.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await other.post("/api/contracts/finalize", { signingToken: token })).status).toBe(204);
    expect((await other.raw("GET", `/api/contracts/signing/download?signingToken=${encodeURIComponent(token)}&contractId=${contractId}`)).status).toBe(204);

    // The point is now supplied: another signing for it is refused.
    const again = await api.post("/api/contracts/create", { ...body, startDate: addDays(today("aurora"), 60) });
    expect(again.status).toBe(422);
    expect(again.body.error.details.fields.map((f: { path: string }) => f.path)).toContain("meteringPointId");
    await db.delete(energyContracts).where(eq(energyContracts.id, contractId));
  });

  it("declined: the status says so, finalize is 422 and no contract is made", async () => {
    const api = await signedIn("aurora", "company-owner");
    const created = await api.post("/api/contracts/create", await validRequest("aurora"));
    expect(created.status).toBe(200);
    const before = await counts();
    await decideSandboxSigning(created.body.signingToken, "decline", "aurora");
    await expect(decideSandboxSigning(created.body.signingToken, "sign", "aurora")).rejects.toMatchObject({ code: "conflict" });
    expect((await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(created.body.signingToken)}`)).body.status).toBe("declined");
    const fin = await api.post("/api/contracts/finalize", { signingToken: created.body.signingToken });
    expect(fin.status).toBe(422);
    expect(fin.body.error.details.fields[0]).toMatchObject({ path: "signingToken", message: "contract-signing.errors.signing-declined" });
    expect((await counts()).contracts).toBe(before.contracts);
  });

  it("expired: a signing left unsigned past its deadline expires (the scheduled job) and cannot be signed", async () => {
    const api = await signedIn("aurora", "company-owner");
    const created = await api.post("/api/contracts/create", await validRequest("aurora"));
    const token = created.body.signingToken as string;
    const db = await getDb();
    const past = new Date(Date.now() - 60_000);
    await db.update(contractSignings).set({ expiresAt: past }).where(eq(contractSignings.token, token));
    await db.update(sandboxSigningSessions).set({ expiresAt: past }).where(eq(sandboxSigningSessions.token, token));
    expect(await expireSignings()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(contractSignings).where(eq(contractSignings.token, token));
    expect(row.state).toBe("expired");
    const [session] = await db.select().from(sandboxSigningSessions).where(eq(sandboxSigningSessions.token, token));
    expect(session).toMatchObject({ state: "expired", pdf: null });
    await expect(decideSandboxSigning(token, "sign", "aurora")).rejects.toMatchObject({ code: "conflict" });
    expect((await api.get(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`)).body.status).toBe("expired");
    expect((await api.post("/api/contracts/finalize", { signingToken: token })).body.error.details.fields[0].message).toBe("contract-signing.errors.signing-expired");
  });

  it("refuses ineligible choices with 422 and every field error, storing nothing", async () => {
    const api = await signedIn("aurora", "company-owner");
    const { taken } = await points("aurora");
    const campaign = await product("aurora", "campaign-12");
    const gas = await product("aurora", "gas");
    const cases: [Record<string, unknown>, string[]][] = [
      [{ startDate: today("aurora") }, ["startDate"]],
      [{ startDate: addDays(today("aurora"), 400) }, ["startDate"]],
      [{ productId: campaign.id }, ["productId"]],
      [{ productId: gas?.id ?? crypto.randomUUID() }, ["productId"]],
      [{ meteringPointId: taken.id }, ["meteringPointId"]],
      [{ billingChannel: { type: "IBAN", iban: "FI00 1234" } }, ["billingChannel.iban"]],
      [{ options: { eInvoice: true, termMonths: 24 } }, ["options.eInvoice", "options.termMonths"]],
      [{ options: { additionalProductId: crypto.randomUUID() } }, ["options.additionalProductId"]],
      [{ meteringPointId: (await points("aurora", "apartment")).taken.id }, ["meteringPointId"]],
      [{ meteringPointId: crypto.randomUUID() }, ["meteringPointId"]],
    ];
    const before = await counts();
    for (const [change, paths] of cases) {
      const res = await api.post("/api/contracts/create", await validRequest("aurora", change));
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.error.details.fields.map((f: { path: string }) => f.path).sort(), JSON.stringify(change)).toEqual(paths.sort());
    }
    expect(await counts()).toEqual(before);
    // The campaign's product is for private customers: with its code too, a business is not offered it.
    const withCode = await api.post("/api/contracts/create", await validRequest("aurora", { productId: campaign.id, campaignCode: "syksy" }));
    expect(withCode.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(["productId"]);
  });

  it("allows the options the site's features allow", async () => {
    const api = await signedIn("aurora", "company-owner");
    await withFeatures(
      "aurora",
      (f) => [...f, "contracts.signing.e-invoice", "contracts.signing.term-changes", "contracts.signing.co-owner-disabled"],
      async () => {
        const ok = await api.post("/api/contracts/create", await validRequest("aurora", { options: { eInvoice: true, termMonths: 24 } }));
        expect(ok.status).toBe(200);
        const db = await getDb();
        const [row] = await db.select().from(contractSignings).where(eq(contractSignings.token, ok.body.signingToken));
        expect(row.terms.options).toMatchObject({ eInvoice: true, termMonths: 24 });
        const co = await api.post("/api/contracts/create", await validRequest("aurora", { coOwnerName: "Matti Meikäläinen" }));
        expect(co.status).toBe(422);
        expect(co.body.error.details.fields[0].path).toBe("coOwnerName");
      },
    );
  });

  it("checks a business customer's business code", async () => {
    const api = await signedIn("aurora", "company-owner");
    const { taken } = await points("aurora");
    // The point is supplied already: only the business code's fields are looked at here.
    const body = { meteringPointId: taken.id, productId: (await product("aurora", "spot")).id, startDate: addDays(today("aurora"), 30), billingChannel: { type: "Email", email: "a@example.com" } };
    const none = await api.post("/api/contracts/create", body);
    expect(none.body.error.details.fields.map((f: { path: string }) => f.path)).toContain("businessCode");
    const bad = await api.post("/api/contracts/create", { ...body, businessCode: "1463611-5" });
    expect(bad.body.error.details.fields).toContainEqual(expect.objectContaining({ path: "businessCode", message: "contracts.errors.business-code-checksum" }));
    const good = await api.post("/api/contracts/create", { ...body, businessCode: "1463611-4" });
    expect(good.body.error.details.fields.map((f: { path: string }) => f.path)).not.toContain("businessCode");
  });

  it("the Estonian variant finds the usage point by its EIC code, only on an Estonian site", async () => {
    const api = await signedIn("laane", "company-owner");
    const { free, taken } = await points("laane");
    const start = addDays(today("laane"), 30);
    const body = {
      eicCode: free.eic_code,
      productId: (await product("laane", "spot")).id,
      startDate: start,
      billingChannel: { type: "Email", email: "ladu@example.com" },
      registryCode: validEstonianCode(),
    };
    const created = await api.post("/api/contracts/create/estonia", body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(contractSignings).where(eq(contractSignings.token, created.body.signingToken));
    expect(row).toMatchObject({ meteringPointId: free.id, siteId: "laane" });
    expect(row.terms.variant).toBe("estonia");
    const wrong = await api.post("/api/contracts/create/estonia", { ...body, eicCode: "38ZEE-0000000-00" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details.fields[0].path).toBe("eicCode");
    expect((await api.post("/api/contracts/create/estonia", { ...body, eicCode: taken.eic_code })).status).toBe(422);
    const fi = await signedIn("aurora", "company-owner");
    expect((await fi.post("/api/contracts/create/estonia", body)).status).toBe(404);
  });

  it("is gone with contract management switched off, and a representative may not sign", async () => {
    const api = await signedIn("aurora", "company-owner");
    const body = await validRequest("aurora");
    await withFeatures(
      "aurora",
      (f) => [...f, "contracts.management-disabled"],
      async () => {
        expect((await api.post("/api/contracts/create", body)).status).toBe(404);
        expect((await api.get(`/api/contracts/start-info/${body.meteringPointId}`)).status).toBe(404);
        expect((await api.get(`/api/contracts/signing/status?signingToken=x`)).status).toBe(404);
        expect((await api.post("/api/contracts/finalize", { signingToken: "x" })).status).toBe(404);
        expect((await api.get(`/api/contracts/signing/download?signingToken=x&contractId=y`)).status).toBe(404);
      },
    );
    const rep = await signedIn("aurora", "representative");
    const relative = plan("aurora").representations[0].customerId;
    expect((await rep.put("/api/me/active-customer", { customerId: relative })).status).toBe(200);
    const before = await counts();
    expect((await rep.post("/api/contracts/create", body)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("yearly cost estimate", () => {
  it("prices a year of use by the product's components, or a typical year", () => {
    const use = { source: "typical" as const, kwh: TYPICAL_YEARLY_KWH.electricity, nightKwh: 1000, spotCents: 8 };
    const fixed = estimateYearlyCost(
      use,
      [
        { type: "Base", value: 10, unit: "c/kWh" },
        { type: "Monthly", value: 300, unit: "cents/month" },
      ],
      2550,
    );
    expect(fixed).toEqual({ source: "typical", kwh: 5000, cents: 50_000 + 3_600, centsWithVat: Math.round(53_600 * 1.255) });
    const spot = estimateYearlyCost(
      { ...use, source: "readings" },
      [
        { type: "Margin", value: 0.5, unit: "c/kWh" },
        { type: "Ceiling", value: 6, unit: "c/kWh" },
      ],
      0,
    );
    expect(spot.cents).toBe(5000 * 6.5);
    const dayNight = estimateYearlyCost(
      use,
      [
        { type: "Day", value: 10, unit: "c/kWh" },
        { type: "Night", value: 5, unit: "c/kWh" },
      ],
      0,
    );
    expect(dayNight.cents).toBe(4000 * 10 + 1000 * 5);
  });
});
