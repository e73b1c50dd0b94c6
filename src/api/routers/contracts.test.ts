import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { contractEvents, energyContracts, sites } from "@/server/db/schema";
import { listAudit } from "@/server/audit/audit";
import { invalidateSiteCache } from "@/server/sites/sites";
import { todayIn, addDays } from "@/lib/invoices/dates";
import type { Feature } from "@/lib/features";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering", "contracts and products"].some((n) => s.name.startsWith(n))) }));
}, 600_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.31.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function staffFor(site: string, clientCode: string) {
  const api = new ApiClient(`${site}.localhost`, { ip: `10.31.1.${ipSeq++}` });
  await api.signInSandbox(site, { identityId: `${site}-customer-service` });
  expect((await api.post("/api/customer-service/open", { clientCode })).status).toBe(200);
  return api;
}

async function contractRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(energyContracts).where(eq(energyContracts.id, id));
  return row;
}

async function eventCount(id: string) {
  const db = await getDb();
  return (await db.select().from(contractEvents).where(eq(contractEvents.contractId, id))).length;
}

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

describe("contract list and detail", () => {
  it("lists every contract of the customer on every demo site, with product, term, prices and channel", async () => {
    for (const site of ["aurora", "laane", "daugava"]) {
      const api = await signedIn(site, "house-gas");
      const res = await api.get("/api/contracts");
      expect(res.status).toBe(200);
      const contracts = res.body.contracts;
      expect(contracts.length).toBeGreaterThanOrEqual(2);
      for (const c of contracts) {
        expect(c.contractNumber).toMatch(/^(FI|EE|LV)\d{7}$/);
        expect(c.productId).not.toBeNull();
        expect(c.priceComponents.some((p: { type: string }) => p.type === "Monthly")).toBe(true);
        expect(["Email", "Address", "IBAN", "OVT", "EInvoiceRequest"]).toContain(c.billingChannel.type);
        expect(c.documents[0].filename).toBe(`contract-${c.contractNumber}.pdf`);
      }
      // The fixed-price contract before the switch to spot has ended; the spot one is active.
      const statuses = contracts.filter((c: { usagePoint: { energyKind: string } }) => c.usagePoint.energyKind === "electricity").map((c: { status: string }) => c.status);
      expect(statuses).toEqual(["active", "ended"]);
    }
  });

  it("has several contract types, a business customer, and fixed terms ending within the renewal window", async () => {
    const db = await getDb();
    for (const site of ["aurora", "laane", "daugava"]) {
      const types = await queryRows<{ t: string }>(db, sql`select distinct contract_type as t from energy_contracts where site_id = ${site}`);
      expect(types.map((r) => r.t).sort()).toEqual(expect.arrayContaining(["SupplyContract", "HeatingGridContract"]));
      const api = await signedIn(site, "apartment");
      const mine = (await api.get("/api/contracts")).body.contracts;
      const fixed = mine.find((c: { termMonths: number | null }) => c.termMonths === 12);
      expect(fixed.termEnd).toBe(addDays(todayIn(plan(site).site.timezone), 40));
      expect(mine.some((c: { type: string }) => c.type === "HeatingGridContract")).toBe(true);
      const offers = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contract_offers where site_id = ${site} and contract_id = ${fixed.id} and kind = 'renewal'`);
      expect(Number(offers[0].n)).toBe(2);
      const legal = plan(site)
        .customers.filter((c) => c.kind === "legal")
        .map((c) => c.id);
      const [business] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from energy_contracts where site_id = ${site} and customer_id = ${legal[0]}`);
      expect(Number(business.n)).toBeGreaterThan(0);
    }
    const aurora = plan("aurora").customers.find((c) => c.kind === "legal")!;
    const [channel] = await queryRows<{ ch: { type: string; ovt: string } }>(db, sql`select billing_channel as ch from energy_contracts where customer_id = ${aurora.id} limit 1`);
    expect(channel.ch.type).toBe("OVT");
  });

  it("shows one contract with its history; another customer's is not found everywhere", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    const detail = await api.get(`/api/contracts/${first.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: first.id, contractNumber: first.contractNumber, history: [] });
    expect(detail.body.usagePoint.gsrn).toMatch(/^\d{18}$/);

    const other = await signedIn("aurora", "apartment");
    expect((await other.get(`/api/contracts/${first.id}`)).status).toBe(404);
    expect((await other.get(`/api/contracts/${first.id}/billing-channels`)).status).toBe(404);
    expect((await other.get(`/api/contracts/${first.id}/download`)).status).toBe(204);
    const before = await contractRow(first.id);
    expect((await other.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "Email", email: "thief@example.com" })).status).toBe(404);
    expect(await contractRow(first.id)).toEqual(before);
    // A person of another site does not reach it either.
    const foreign = await signedIn("laane", "solar-household");
    const res = await foreign.raw("GET", `/api/contracts/${first.id}`, { headers: { host: "aurora.localhost" } });
    expect(res.status).toBe(404);
    expect((await api.get("/api/contracts/not-a-uuid")).status).toBe(404);
  });

  it("downloads the contract as a PDF in the customer's language, with its number and prices", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    const res = await api.raw("GET", `/api/contracts/${first.id}/download?locale=en-GB`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="contract-${first.contractNumber}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "contract-pdf-"));
    try {
      fs.writeFileSync(path.join(dir, "c.pdf"), pdf);
      const text = execFileSync("pdftotext", ["-layout", path.join(dir, "c.pdf"), "-"], { encoding: "utf8" });
      expect(text).toContain(first.contractNumber);
      expect(text).toContain("Contract");
      expect(text).toContain(first.usagePoint.gsrn);
      expect(text).toContain("Margin");
      expect(text).toContain("Aurora Energia Oy");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the list and documents but not the flows when contract management is off; nothing at all with contracts off", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    await withFeatures(
      "aurora",
      (f) => [...f, "contracts.management-disabled"],
      async () => {
        const list = await api.get("/api/contracts");
        expect(list.status).toBe(200);
        expect(list.body.contracts[0].actions.changeBillingChannel).toBe(false);
        expect((await api.raw("GET", `/api/contracts/${first.id}/download`)).status).toBe(200);
        expect((await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "Email", email: "a@example.com" })).status).toBe(404);
      },
    );
    await withFeatures(
      "aurora",
      (f) => f.filter((x) => x !== "contracts"),
      async () => {
        expect((await api.get("/api/contracts")).status).toBe(404);
      },
    );
  });
});

describe("billing channel", () => {
  it("offers the country's channels and changes to each, validated for what it is", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    const options = await api.get(`/api/contracts/${first.id}/billing-channels`);
    expect(options.body).toMatchObject({ available: ["Email", "OVT", "IBAN", "Address"], preferEInvoice: false });

    const operators = (await api.get("/api/banks/operators")).body.operators as { code: string }[];
    const ok = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "OVT", ovt: "0037 14636114", operatorCode: operators[0].code });
    expect(ok.status).toBe(200);
    expect(ok.body.billingChannel).toEqual({ type: "OVT", ovt: "003714636114", operatorCode: operators[0].code });
    expect(ok.body.history[0]).toMatchObject({ action: "billing-channel-changed", byCustomerService: false });

    const iban = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "IBAN", iban: "fi21 1234 5600 0007 85" });
    expect(iban.status).toBe(200);
    expect(iban.body.billingChannel).toEqual({ type: "IBAN", iban: "FI2112345600000785" });
    const email = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "Email", email: " Someone@Example.COM " });
    expect(email.body.billingChannel).toEqual({ type: "Email", email: "someone@example.com" });
    const address = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "Address", street: "Koivukuja 2", postalCode: "00100", city: "Helsinki" });
    expect(address.body.billingChannel.type).toBe("Address");
    expect(await eventCount(first.id)).toBe(4);
  });

  it("refuses bad channels with translated field errors and changes nothing", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    const before = await contractRow(first.id);
    const events = await eventCount(first.id);
    const cases: [unknown, string, string][] = [
      [{ type: "IBAN", iban: "FI2112345600000786" }, "iban", "contracts.errors.iban-invalid"],
      [{ type: "OVT", ovt: "003714636115", operatorCode: "003721291126" }, "ovt", "contracts.errors.ovt-invalid"],
      [{ type: "OVT", ovt: "003714636114", operatorCode: "NOPE" }, "operatorCode", "contracts.errors.operator-unknown"],
      [{ type: "EInvoiceRequest", bankBic: "HABAEE2X" }, "type", "contracts.errors.channel-not-offered"],
      [{ type: "Email", email: "not-an-email" }, "email", "validation.invalid_format"],
      [{ type: "Fax", number: "1" }, "type", "validation.invalid_union"],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post(`/api/contracts/${first.id}/change-billing-channels`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const fields = res.body.error.details.fields as { path: string; message: string }[];
      expect(
        fields.some((f) => f.path === field && f.message === message),
        JSON.stringify(fields),
      ).toBe(true);
    }
    expect(await contractRow(first.id)).toEqual(before);
    expect(await eventCount(first.id)).toBe(events);
  });

  it("checks Baltic e-invoice banks, and puts e-invoice first where the site prefers it", async () => {
    const api = await signedIn("laane", "solar-household");
    const [first] = (await api.get("/api/contracts")).body.contracts;
    const banks = (await api.get("/api/banks?type=E_INVOICE")).body.banks as { bic: string }[];
    expect(banks.length).toBeGreaterThan(0);
    const ok = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "EInvoiceRequest", bankBic: banks[0].bic });
    expect(ok.status).toBe(200);
    const bad = await api.post(`/api/contracts/${first.id}/change-billing-channels`, { type: "EInvoiceRequest", bankBic: "NOPEEE22" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "bankBic", message: "contracts.errors.bank-unknown" });
    await withFeatures(
      "laane",
      (f) => [...f, "contracts.billing-prefer-e-invoice"],
      async () => {
        expect((await api.get(`/api/contracts/${first.id}/billing-channels`)).body).toMatchObject({ available: ["EInvoiceRequest", "Email", "IBAN", "Address"], preferEInvoice: true });
      },
    );
  });

  it("refuses a change on an ended contract", async () => {
    const api = await signedIn("aurora", "house-gas");
    const ended = (await api.get("/api/contracts")).body.contracts.find((c: { status: string }) => c.status === "ended");
    const res = await api.post(`/api/contracts/${ended.id}/change-billing-channels`, { type: "Email", email: "a@example.com" });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0].message).toBe("contracts.errors.contract-ended");
  });

  it("lets customer service change it, audited with the staff member; a representative only reads", async () => {
    const p = plan("aurora");
    const rep = p.people.find((x) => x.persona === "representative")!;
    const relative = p.customers.find((c) => c.id === p.representations.find((r) => r.personId === rep.id)!.customerId)!;
    const repApi = await signedIn("aurora", "representative");
    expect((await repApi.put("/api/me/active-customer", { customerId: relative.id })).status).toBe(200);
    const [contract] = (await repApi.get("/api/contracts")).body.contracts;
    const before = await contractRow(contract.id);
    const refused = await repApi.post(`/api/contracts/${contract.id}/change-billing-channels`, { type: "Email", email: "rep@example.com" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("contracts.errors.representative-read-only");
    expect(await contractRow(contract.id)).toEqual(before);

    const staff = await staffFor("aurora", relative.clientCode);
    const ok = await staff.post(`/api/contracts/${contract.id}/change-billing-channels`, { type: "Email", email: "relative@example.com" });
    expect(ok.status).toBe(200);
    expect(ok.body.history[0].byCustomerService).toBe(true);
    const audit = (await listAudit("aurora", { customerId: relative.id })).find((a) => a.action === "contracts:billing-channel-changed")!;
    expect(audit.details).toMatchObject({ contractId: contract.id, to: "Email", customerService: true });
    expect(audit.actorPersonId).toBe(p.staff.find((s) => s.role === "customer_service")!.person.id);
  });

  it("never answers 5xx to any body and stores nothing on rejection", async () => {
    const api = await signedIn("aurora", "company-owner");
    const [contract] = (await api.get("/api/contracts")).body.contracts;
    const before = await contractRow(contract.id);
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          type: fc.constantFrom("Email", "Address", "IBAN", "OVT", "EInvoiceRequest", "x"),
          email: fc.string(),
          iban: fc.string(),
          ovt: fc.string(),
          operatorCode: fc.string(),
          bankBic: fc.string(),
          street: fc.string(),
        },
        { requiredKeys: ["type"] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await api.post(`/api/contracts/${contract.id}/change-billing-channels`, b);
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) expect(await contractRow(contract.id)).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});

describe("business code validation", () => {
  it("validates by the site's country and check digit", async () => {
    const fi = await signedIn("aurora", "company-owner");
    expect((await fi.get("/api/business/validate/1463611-4")).body).toEqual({ valid: true, country: "FI", normalized: "1463611-4", reason: null, message: null });
    expect((await fi.get("/api/business/validate/1463611-5")).body).toMatchObject({ valid: false, reason: "checksum", message: "contracts.errors.business-code-checksum" });
    expect((await fi.get("/api/business/validate/40003032949?country=LV")).body).toMatchObject({ valid: true, country: "LV" });
    const ee = await signedIn("laane", "company-owner");
    expect((await ee.get("/api/business/validate/10421629")).body).toMatchObject({ valid: true, country: "EE" });
    expect((await ee.get("/api/business/validate/hello")).body).toMatchObject({ valid: false, reason: "format" });
    expect((await new ApiClient("aurora.localhost").get("/api/business/validate/1463611-4")).status).toBe(401);
  });
});

describe("move-out", () => {
  it("ends an active contract on the chosen day, with the final invoice address and a reading", async () => {
    const api = await signedIn("laane", "apartment");
    const contracts = (await api.get("/api/contracts")).body.contracts;
    const heat = contracts.find((c: { type: string; status: string }) => c.type === "HeatingGridContract" && c.status === "active");
    const detail = (await api.get(`/api/contracts/${heat.id}`)).body;
    const today = todayIn("Europe/Tallinn");
    expect(detail.moveOutWindow).toEqual({ minDate: today, maxDate: addDays(today, 90) });
    const endDate = addDays(today, 14);
    const res = await api.post(`/api/contracts/${heat.id}/move-out`, { endDate, address: "new", newAddress: { street: "Uus tn 5", postalCode: "10115", city: "Tallinn" }, meterReadingKwh: 12345.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "ending",
      endDate,
      moveOut: { finalInvoiceAddress: { street: "Uus tn 5", postalCode: "10115", city: "Tallinn" }, readingKwh: 12345.5 },
      moveOutWindow: null,
    });
    expect(res.body.actions.moveOut).toBe(false);
    expect(res.body.history[0].action).toBe("moved-out");
    const listed = (await api.get("/api/contracts")).body.contracts.find((c: { id: string }) => c.id === heat.id);
    expect(listed.status).toBe("ending");
    // Already ending: not eligible again, and nothing changes.
    const before = await contractRow(heat.id);
    const again = await api.post(`/api/contracts/${heat.id}/move-out`, { endDate: addDays(today, 20), address: "current" });
    expect(again.status).toBe(422);
    expect(again.body.error.details.fields[0]).toMatchObject({ path: "endDate", message: "contracts.errors.move-out-not-eligible" });
    expect(await contractRow(heat.id)).toEqual(before);
  });

  it("moves out to the current address without a reading", async () => {
    const api = await signedIn("daugava", "apartment");
    const heat = (await api.get("/api/contracts")).body.contracts.find((c: { type: string; status: string }) => c.type === "HeatingGridContract" && c.status === "active");
    const today = todayIn("Europe/Riga");
    const res = await api.post(`/api/contracts/${heat.id}/move-out`, { endDate: today, address: "current" });
    expect(res.status).toBe(200);
    const me = plan("daugava").customers.find((c) => c.owner?.persona === "apartment" && c.kind === "private")!;
    expect(res.body.moveOut).toEqual({ finalInvoiceAddress: { street: me.street, postalCode: me.postalCode, city: me.city }, readingKwh: null });
  });

  it("refuses ineligible contracts and dates with field errors, changing nothing", async () => {
    const api = await signedIn("aurora", "house-gas");
    const contracts = (await api.get("/api/contracts")).body.contracts;
    const ended = contracts.find((c: { status: string }) => c.status === "ended");
    const active = contracts.find((c: { status: string }) => c.status === "active");
    const today = todayIn("Europe/Helsinki");
    const cases: [string, unknown, string, string][] = [
      [ended.id, { endDate: addDays(today, 5), address: "current" }, "endDate", "contracts.errors.move-out-not-eligible"],
      [active.id, { endDate: addDays(today, -1), address: "current" }, "endDate", "contracts.errors.move-out-date-past"],
      [active.id, { endDate: addDays(today, 91), address: "current" }, "endDate", "contracts.errors.move-out-date-too-late"],
      [active.id, { endDate: addDays(today, 5), address: "new" }, "newAddress", "contracts.errors.address-required"],
      [active.id, { endDate: "2026-02-30", address: "current" }, "endDate", "validation.custom"],
      [active.id, { endDate: addDays(today, 5), address: "elsewhere" }, "address", "validation.invalid_value"],
    ];
    for (const [id, body, field, message] of cases) {
      const before = await contractRow(id);
      const res = await api.post(`/api/contracts/${id}/move-out`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const fields = res.body.error.details.fields as { path: string; message: string }[];
      expect(
        fields.some((f) => f.path === field && f.message === message),
        JSON.stringify(fields),
      ).toBe(true);
      expect(await contractRow(id)).toEqual(before);
    }
  });

  it("is refused to a representative and another customer; customer service is audited", async () => {
    const p = plan("daugava");
    const rep = p.people.find((x) => x.persona === "representative")!;
    const relative = p.customers.find((c) => c.id === p.representations.find((r) => r.personId === rep.id)!.customerId)!;
    const repApi = await signedIn("daugava", "representative");
    expect((await repApi.put("/api/me/active-customer", { customerId: relative.id })).status).toBe(200);
    const active = (await repApi.get("/api/contracts")).body.contracts.find((c: { status: string }) => c.status === "active");
    const body = { endDate: addDays(todayIn("Europe/Riga"), 3), address: "current" };
    expect((await repApi.post(`/api/contracts/${active.id}/move-out`, body)).status).toBe(403);
    expect((await (await signedIn("daugava", "solar-household")).post(`/api/contracts/${active.id}/move-out`, body)).status).toBe(404);
    expect((await contractRow(active.id)).validTo).toBeNull();
    const staff = await staffFor("daugava", relative.clientCode);
    expect((await staff.post(`/api/contracts/${active.id}/move-out`, body)).status).toBe(200);
    const audit = (await listAudit("daugava", { customerId: relative.id })).find((a) => a.action === "contracts:moved-out")!;
    expect(audit.details).toMatchObject({ contractId: active.id, endDate: body.endDate, customerService: true });
  });

  it("never answers 5xx to any body and stores nothing on rejection", async () => {
    const api = await signedIn("laane", "house-gas");
    const active = (await api.get("/api/contracts")).body.contracts.find((c: { status: string }) => c.status === "active");
    const before = await contractRow(active.id);
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          endDate: fc.oneof(fc.string(), fc.constantFrom("2020-01-01", "9999-12-31", "2026-13-01", "")),
          address: fc.constantFrom("current", "new", "x", 1),
          newAddress: fc.anything(),
          meterReadingKwh: fc.oneof(fc.double(), fc.string()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await api.post(`/api/contracts/${active.id}/move-out`, b);
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(200);
        expect(await contractRow(active.id)).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});

describe("renewal", () => {
  it("accepts a renewal offer: the old contract ends with its term and the follow-up starts the next day, once", async () => {
    const api = await signedIn("aurora", "apartment");
    const fixed = (await api.get("/api/contracts")).body.contracts.find((c: { termMonths: number | null; actions: { renew: boolean } }) => c.termMonths === 12 && c.actions.renew);
    const detail = (await api.get(`/api/contracts/${fixed.id}`)).body;
    const start = addDays(fixed.termEnd, 1);
    expect(detail.renewal.startDate).toBe(start);
    expect(detail.renewal.offers.map((o: { termMonths: number }) => o.termMonths)).toEqual([12, 24]);
    const offer = detail.renewal.offers[1];
    expect(offer.priceComponents).toEqual([
      { type: "Base", value: 7.99, unit: "c/kWh" },
      { type: "Monthly", value: 395, unit: "cents/month" },
    ]);

    const res = await api.post(`/api/contracts/${fixed.id}/renew`, { offerId: offer.offerId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productName: "Kiinteä hinta 24 kk", startDate: start, status: "pending", termMonths: 24, previousContractId: fixed.id, billingChannel: fixed.billingChannel });
    expect(res.body.contractNumber).toMatch(/^FI\d{9}$/);
    const [y, m, d] = start.split("-").map(Number);
    expect(res.body.termEnd).toBe(addDays(new Date(Date.UTC(y, m - 1 + 24, d)).toISOString().slice(0, 10), -1));
    const row = await contractRow(res.body.id);
    expect(row).toMatchObject({ priceModel: "Fixed", fixedCentsPerKwh: "7.9900", monthlyFeeCents: 395, meteringPointId: (await contractRow(fixed.id)).meteringPointId });

    const old = (await api.get(`/api/contracts/${fixed.id}`)).body;
    expect(old).toMatchObject({ endDate: fixed.termEnd, status: "ending", followUpContractId: res.body.id, renewal: null });
    expect(old.history[0].action).toBe("renewed");

    const before = await contractRow(fixed.id);
    const again = await api.post(`/api/contracts/${fixed.id}/renew`, { offerId: detail.renewal.offers[0].offerId });
    expect(again.status).toBe(422);
    expect(again.body.error.details.fields[0]).toMatchObject({ path: "offerId", message: "contracts.errors.renewal-not-eligible" });
    expect(await contractRow(fixed.id)).toEqual(before);
    const listed = (await api.get("/api/contracts")).body.contracts.map((c: { id: string }) => c.id);
    expect(listed).toContain(res.body.id);
  });

  it("refuses contracts that are not eligible and offers that are not theirs, changing nothing", async () => {
    const db = await getDb();
    const solar = await signedIn("laane", "solar-household");
    const spot = (await solar.get("/api/contracts")).body.contracts.find((c: { status: string }) => c.status === "active");
    const before = await contractRow(spot.id);
    const r1 = await solar.post(`/api/contracts/${spot.id}/renew`, { offerId: "00000000-0000-4000-8000-000000000000" });
    expect(r1.status).toBe(422);
    expect(r1.body.error.details.fields[0].message).toBe("contracts.errors.renewal-not-eligible");
    expect(await contractRow(spot.id)).toEqual(before);

    const api = await signedIn("laane", "apartment");
    const fixed = (await api.get("/api/contracts")).body.contracts.find((c: { actions: { renew: boolean } }) => c.actions.renew);
    const fixedBefore = await contractRow(fixed.id);
    // An offer of another contract (another customer's) is not one of this contract's offers.
    const [foreign] = await queryRows<{ id: string }>(db, sql`select id from contract_offers where site_id = 'laane' and kind = 'renewal' and contract_id <> ${fixed.id} limit 1`);
    for (const offerId of [foreign.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await api.post(`/api/contracts/${fixed.id}/renew`, { offerId });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0]).toMatchObject({ path: "offerId", message: "contracts.errors.offer-unknown" });
    }
    expect((await api.post(`/api/contracts/${fixed.id}/renew`, { offerId: "nope" })).status).toBe(422);
    expect(await contractRow(fixed.id)).toEqual(fixedBefore);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from energy_contracts where previous_contract_id = ${fixed.id}`);
    expect(Number(n)).toBe(0);
  });

  it("never answers 5xx to any body and stores nothing on rejection", async () => {
    const db = await getDb();
    const api = await signedIn("daugava", "apartment");
    const fixed = (await api.get("/api/contracts")).body.contracts.find((c: { actions: { renew: boolean } }) => c.actions.renew);
    const before = await contractRow(fixed.id);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ offerId: fc.oneof(fc.uuid(), fc.string()) }, { requiredKeys: [] })), async (b) => {
        const res = await api.post(`/api/contracts/${fixed.id}/renew`, b);
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(200);
        expect(await contractRow(fixed.id)).toEqual(before);
      }),
      { numRuns: 60 },
    );
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from energy_contracts where previous_contract_id = ${fixed.id}`);
    expect(Number(n)).toBe(0);
  });
});

describe("my data", () => {
  it("exports the customer's contracts with their history", async () => {
    const api = await signedIn("aurora", "solar-household");
    const contracts = (await api.get("/api/contracts")).body.contracts;
    expect((await api.post(`/api/contracts/${contracts[0].id}/change-billing-channels`, { type: "Email", email: "export@example.com" })).status).toBe(200);
    const file = (await api.get("/api/me/export")).body;
    expect(file.sections.contracts.map((c: { contractNumber: string }) => c.contractNumber)).toEqual(contracts.map((c: { contractNumber: string }) => c.contractNumber));
    expect(file.sections.contracts[0].history.length).toBeGreaterThan(0);
  });
});

describe("products and offers", () => {
  const codes = (body: { products: { code: string }[] }) => body.products.map((p) => p.code).sort();

  it("shows public products, personal ones with an offer, target-group ones to the group and campaign ones with the code", async () => {
    const solar = await signedIn("aurora", "solar-household");
    const res = await solar.get("/api/products");
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(["day-night", "district-heat", "fixed-12", "fixed-24", "gas", "loyalty-12", "spot"]);
    const fixed = res.body.products.find((p: { code: string }) => p.code === "fixed-12");
    expect(fixed).toMatchObject({ name: "Kiinteä hinta 12 kk", priceModel: "FixedTermWithTermlessFollowup", termMonths: 12, visibility: "Public" });
    expect(fixed.priceComponents).toEqual([
      { type: "Base", value: 8.49, unit: "c/kWh" },
      { type: "Monthly", value: 395, unit: "cents/month" },
    ]);
    expect(codes((await solar.get("/api/products?campaignCode=syksy")).body)).toContain("campaign-12");
    expect(codes((await solar.get("/api/products?campaignCode=WRONG")).body)).not.toContain("campaign-12");
    expect(codes((await solar.get("/api/products?energyKind=heating")).body)).toEqual(["district-heat"]);

    // Another private customer has no personal offer; a business sees the business product and none for private customers only.
    expect(codes((await (await signedIn("aurora", "house-gas")).get("/api/products")).body)).not.toContain("loyalty-12");
    const owner = await signedIn("aurora", "company-owner");
    const business = plan("aurora").customers.find((c) => c.kind === "legal" && c.owner?.persona === "company-owner")!;
    expect((await owner.put("/api/me/active-customer", { customerId: business.id })).status).toBe(200);
    const legal = codes((await owner.get("/api/products")).body);
    expect(legal).toContain("business-spot");
    expect(legal).not.toContain("day-night");
    expect(codes((await solar.get("/api/products")).body)).not.toContain("business-spot");
  });

  it("serves products by id with the visibility rules, for a usage point of the customer only", async () => {
    const solar = await signedIn("aurora", "solar-household");
    const all = (await solar.get("/api/products?campaignCode=SYKSY")).body.products as { id: string; code: string }[];
    const ids = all.filter((p) => ["spot", "fixed-24", "campaign-12"].includes(p.code)).map((p) => p.id);
    const res = await solar.get(`/api/products/by-ids?${ids.map((id) => `productId[]=${id}`).join("&")}&supplyStartDate=${addDays(todayIn("Europe/Helsinki"), 30)}`);
    expect(res.status).toBe(200);
    // Campaign products need their code, by id too.
    expect(codes(res.body)).toEqual(["fixed-24", "spot"]);
    const dayNight = all.find((p) => p.code === "day-night")!.id;
    expect(codes((await solar.get(`/api/products/by-ids?productId=${dayNight}&legalEntity=false`)).body)).toEqual(["day-night"]);
    expect(codes((await solar.get(`/api/products/by-ids?productId=${dayNight}&legalEntity=true`)).body)).toEqual([]);
    const [contract] = (await solar.get("/api/contracts")).body.contracts;
    const byPoint = await solar.get(`/api/products/by-ids?productId[]=${ids.join("&productId[]=")}&meteringPointId=${contract.usagePoint.id}`);
    expect(byPoint.status).toBe(200);
    const other = await signedIn("aurora", "apartment");
    expect((await other.get(`/api/products/by-ids?productId=${ids[0]}&meteringPointId=${contract.usagePoint.id}`)).status).toBe(404);
    expect((await other.get(`/api/products?meteringPointId=${contract.usagePoint.id}`)).status).toBe(404);
    expect((await solar.get("/api/products/by-ids?supplyStartDate=2026-02-31")).status).toBe(422);
    expect((await solar.get("/api/products/by-ids")).body.products).toEqual([]);
  });

  it("lists the customer's open offers, each leading to renewal or signing", async () => {
    const apartment = await signedIn("laane", "apartment");
    const offers = (await apartment.get("/api/me/contract-offers")).body.offers;
    expect(offers.length).toBeGreaterThanOrEqual(2);
    expect(offers.every((o: { kind: string; flow: string; contractId: string }) => o.kind === "renewal" && o.flow === "renewal" && o.contractId)).toBe(true);
    const solar = await signedIn("laane", "solar-household");
    const mine = (await solar.get("/api/me/contract-offers")).body.offers;
    expect(mine).toEqual([expect.objectContaining({ kind: "personal", flow: "sign", contractId: null, product: expect.objectContaining({ name: "Püsikliendi hind 12 kuud" }) })]);
  });
});
