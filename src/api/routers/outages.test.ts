import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { energyContracts, inboxMessages, meteringPoints, notificationOutbox, outageContacts, outages } from "@/server/db/schema";
import { createImportToken } from "@/server/importers/tokens";
import { runImport } from "../../../scripts/import";
import { listAudit } from "@/server/audit/audit";

let cleanup: () => Promise<void>;
let token: string;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({
    seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering points, readings, spot prices and temperatures", "outages and meter events"].includes(s.name)),
  }));
  ({ token } = await createImportToken("aurora", "grid operator"));
}, 300_000);
afterAll(async () => cleanup());

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const customerOf = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;

const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.30.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function pointsOf(site: string, customerId: string) {
  const db = await getDb();
  return db
    .select()
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, site), eq(meteringPoints.customerId, customerId), eq(meteringPoints.energyKind, "electricity")));
}

async function outageCount(site = "aurora") {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outages)
    .where(eq(outages.siteId, site));
  return Number(row.n);
}

const importer = new ApiClient("aurora.localhost", { origin: null });
const post = (body: unknown, type = "application/json", auth: string | null = token) =>
  importer.call("POST", "/api/import/outages", typeof body === "string" ? body : JSON.stringify(body), { "content-type": type, ...(auth ? { authorization: `Bearer ${auth}` } : {}) });

describe("outages of the customer", () => {
  it("shows the demo fault at the solar household's home, planned work next week and a year of past outages", async () => {
    const api = await signedIn("aurora", "solar-household");
    const res = await api.get("/api/outages");
    expect(res.status).toBe(200);
    const own = await pointsOf("aurora", customerOf("aurora", "solar-household").id);
    expect(res.body.current).toHaveLength(1);
    const fault = res.body.current[0];
    expect(fault).toMatchObject({ kind: "fault", status: "active", cause: "tree", endedAt: null, durationMinutes: null });
    expect(fault.affectedPoints.map((p: { gsrn: string }) => p.gsrn).sort()).toEqual(own.map((p) => p.gsrn).sort());
    expect(fault.customersAffected).toBeGreaterThan(0);
    expect(res.body.allClear).toBe(false);
    expect(res.body.planned).toHaveLength(1);
    const planned = res.body.planned[0];
    expect(planned.kind).toBe("planned");
    const inDays = (Date.parse(planned.startsAt) - Date.now()) / 86_400_000;
    expect(inDays).toBeGreaterThan(5);
    expect(inDays).toBeLessThan(9);
    expect(res.body.past.map((p: { gsrn: string }) => p.gsrn).sort()).toEqual(own.map((p) => p.gsrn).sort());
    for (const p of res.body.past) {
      expect(p.totalMinutes).toBe(p.outages.reduce((s: number, o: { durationMinutes: number }) => s + o.durationMinutes, 0));
      for (const o of p.outages) expect(o.durationMinutes).toBe(Math.round((Date.parse(o.endedAt) - Date.parse(o.startsAt)) / 60_000));
    }
  });

  it("gives another customer the all-clear, with when the last outage was", async () => {
    const api = await signedIn("aurora", "apartment");
    const res = await api.get("/api/outages");
    expect(res.status).toBe(200);
    expect(res.body.current).toEqual([]);
    expect(res.body.allClear).toBe(true);
    const ends = res.body.past.flatMap((p: { outages: { endedAt: string }[] }) => p.outages.map((o) => o.endedAt)).sort();
    expect(res.body.lastOutageEndedAt).toBe(ends.at(-1) ?? null);
  });
});

describe("outage import", () => {
  it("refuses a missing or foreign token", async () => {
    const { token: laane } = await createImportToken("laane", "other");
    const body = { outages: [{ id: "X", kind: "fault", areaName: "A", start: "2026-01-01T00:00:00Z", postalCodes: ["00100"] }] };
    expect((await post(body, "application/json", null)).status).toBe(401);
    expect((await post(body, "application/json", laane)).status).toBe(401);
  });

  it("starts, updates and ends an outage by usage point; re-delivery changes nothing; a late start does not reopen it", async () => {
    const apartment = await signedIn("aurora", "apartment");
    const [point] = await pointsOf("aurora", customerOf("aurora", "apartment").id);
    const start = new Date(Date.now() - 90 * 60_000);
    const report = {
      id: "GRID-4711",
      kind: "fault",
      cause: "storm",
      areaName: "Koivukuja",
      start: start.toISOString(),
      estimatedRestoration: new Date(Date.now() + 3_600_000).toISOString(),
      customersAffected: 12,
      gsrns: [point.gsrn],
    };
    expect((await post({ outages: [report] })).body).toEqual({ rows: 1, inserted: 1, updated: 0, unchanged: 0 });
    let mine = await apartment.get("/api/outages");
    expect(mine.body.allClear).toBe(false);
    expect(mine.body.current.map((o: { cause: string }) => o.cause)).toEqual(["storm"]);
    expect(mine.body.current[0].affectedPoints).toEqual([{ gsrn: point.gsrn, address: `${point.street}, ${point.postalCode} ${point.city}` }]);

    expect((await post({ outages: [report] })).body).toEqual({ rows: 1, inserted: 0, updated: 0, unchanged: 1 });
    const updated = { ...report, customersAffected: "40", estimatedRestoration: new Date(Date.now() + 7_200_000).toISOString() };
    expect((await post({ outages: [updated] })).body).toEqual({ rows: 1, inserted: 0, updated: 1, unchanged: 0 });
    mine = await apartment.get("/api/outages");
    expect(mine.body.current[0].customersAffected).toBe(40);

    const end = new Date(start.getTime() + 75 * 60_000);
    const csv = `id;kind;area_name;start;end;gsrns;customers_affected;cause\nGRID-4711;fault;Koivukuja;${start.toISOString()};${end.toISOString()};${point.gsrn};40;storm\n`;
    expect((await post(csv, "text/csv")).body).toEqual({ rows: 1, inserted: 0, updated: 1, unchanged: 0 });
    mine = await apartment.get("/api/outages");
    expect(mine.body.current).toEqual([]);
    expect(mine.body.allClear).toBe(true);
    const past = mine.body.past.find((p: { gsrn: string }) => p.gsrn === point.gsrn);
    expect(past.outages.find((o: { areaName: string }) => o.areaName === "Koivukuja")).toMatchObject({ durationMinutes: 75, endedAt: end.toISOString() });
    expect(mine.body.lastOutageEndedAt >= end.toISOString()).toBe(true);

    // The operator's system delivers an old "started" report again: the outage stays closed.
    expect((await post({ outages: [updated] })).body).toEqual({ rows: 1, inserted: 0, updated: 0, unchanged: 1 });
    expect((await apartment.get("/api/outages")).body.current).toEqual([]);
  });

  it("matches outages to usage points by postal code", async () => {
    const house = customerOf("aurora", "house-gas");
    const [point] = await pointsOf("aurora", house.id);
    const api = await signedIn("aurora", "house-gas");
    const before = (await api.get("/api/outages")).body.current.length;
    const res = await post({
      outages: [
        { id: "AREA-1", kind: "fault", areaName: point.city, start: new Date(Date.now() - 600_000).toISOString(), postalCodes: [point.postalCode], latitude: 60.2, longitude: 24.9, radiusKm: 3 },
      ],
    });
    expect(res.status).toBe(200);
    const after = (await api.get("/api/outages")).body;
    expect(after.current.length).toBe(before + 1);
    const area = after.current.find((o: { areaName: string; latitude: number }) => o.latitude === 60.2);
    expect(area.affectedPoints.map((p: { gsrn: string }) => p.gsrn)).toContain(point.gsrn);
    // Planned work in the future is planned, not current.
    await post({ outages: [{ id: "AREA-2", kind: "planned", areaName: point.city, start: new Date(Date.now() + 86_400_000).toISOString(), postalCodes: [point.postalCode] }] });
    const later = (await api.get("/api/outages")).body;
    expect(later.current.length).toBe(before + 1);
    expect(later.planned.some((o: { status: string }) => o.status === "planned")).toBe(true);
  });

  it("rejects a bad file by line and stores nothing of it", async () => {
    const before = await outageCount();
    const csv = [
      "id,kind,area_name,start,end,postal_codes,gsrns,latitude",
      "OK-1,fault,Town,2026-01-01T10:00:00+02:00,,00100,,",
      "BAD-1,meteor,Town,2026-01-01T10:00:00+02:00,,00100,,",
      "BAD-2,fault,Town,yesterday,,00100,,",
      "BAD-3,fault,Town,2026-01-01T10:00:00Z,2025-12-31T10:00:00Z,00100,,",
      "BAD-4,fault,Town,2026-01-01T10:00:00Z,,,,",
      "BAD-5,fault,Town,2026-01-01T10:00:00Z,,,123,",
      "BAD-6,fault,Town,2026-01-01T10:00:00Z,,00100,,61",
      "",
    ].join("\n");
    const res = await post(csv, "text/csv");
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("outages.import.errors.rejected");
    expect(res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path} ${f.message}`)).toEqual([
      "line.3.kind outages.import.errors.bad-kind",
      "line.4.start outages.import.errors.bad-time",
      "line.5.end outages.import.errors.end-before-start",
      "line.6.postalCodes outages.import.errors.no-area",
      "line.7.gsrns outages.import.errors.bad-gsrn",
      "line.8.longitude outages.import.errors.coordinates-pair",
    ]);
    expect(await outageCount()).toBe(before);
    const missing = await post("id,kind\nA,fault\n", "text/csv");
    expect(missing.status).toBe(422);
    expect(missing.body.error.details.fields.map((f: { path: string }) => f.path)).toEqual(["line.1.areaName", "line.1.start"]);
    const unknown = await post({ outages: [{ id: "U", kind: "fault", areaName: "A", start: "2026-01-01T00:00:00Z", gsrns: ["643000000000000000"] }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.details.fields).toEqual([{ path: "outages.1.gsrns", code: "invalid_value", message: "outages.import.errors.unknown-gsrn" }]);
    // Another site's usage point is unknown here.
    const [laanePoint] = await pointsOf("laane", customerOf("laane", "solar-household").id);
    const foreign = await post({ outages: [{ id: "F", kind: "fault", areaName: "A", start: "2026-01-01T00:00:00Z", gsrns: [laanePoint.gsrn] }] });
    expect(foreign.status).toBe(422);
    expect(await outageCount()).toBe(before);
  });

  it("never answers 5xx to arbitrary reports, and stores nothing when it refuses", async () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("fault", "planned", "restored", "2026-01-01T00:00:00Z", "00100", "\u0000", "-1", "1e309"));
    const report = fc.record(
      {
        id: fc.oneof(text, fc.constant("FUZZ")),
        kind: text,
        status: text,
        cause: text,
        areaName: text,
        start: text,
        end: text,
        customersAffected: fc.oneof(text, fc.integer(), fc.double()),
        postalCodes: fc.array(text, { maxLength: 3 }),
        gsrns: fc.array(text, { maxLength: 2 }),
        latitude: fc.oneof(fc.double(), text),
        longitude: fc.oneof(fc.double(), text),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ outages: fc.array(report, { maxLength: 3 }) }), fc.anything()), async (body) => {
        const before = await outageCount();
        const res = await post(JSON.stringify(body) ?? "null");
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) expect(await outageCount()).toBe(before);
      }),
      { numRuns: 60 },
    );
  });
});

describe("npm run import -- outages", () => {
  it("imports an outages file into a site and reports a bad one by line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outages-cli-"));
    try {
      const good = path.join(dir, "good.csv");
      fs.writeFileSync(good, "id,kind,area_name,start,end,postal_codes\nCLI-1,fault,Town,2026-02-01T10:00:00+02:00,2026-02-01T11:30:00+02:00,00100\n");
      const bad = path.join(dir, "bad.csv");
      fs.writeFileSync(bad, "id,kind,area_name,start,postal_codes\nCLI-2,fault,Town,2026-02-01T10:00:00+02:00,00100\nCLI-3,fault,Town,nope,00100\n");
      const out: string[] = [];
      const err: string[] = [];
      const before = await outageCount();
      expect(
        await runImport(
          ["outages", good, bad, "--site", "aurora"],
          (l) => out.push(l),
          (l) => err.push(l),
        ),
      ).toBe(1);
      expect(out.join("\n")).toContain("1 rows, 1 new");
      expect(err.join("\n")).toContain("line 3, start: outages.import.errors.bad-time");
      expect(await outageCount()).toBe(before + 1);
      const db = await getDb();
      const [row] = await db
        .select()
        .from(outages)
        .where(and(eq(outages.siteId, "aurora"), eq(outages.externalId, "CLI-1")));
      expect(row).toMatchObject({ status: "restored", durationMinutes: 90 });
      expect(
        await runImport(
          ["outages", good],
          () => {},
          () => {},
        ),
      ).toBe(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("meter events", () => {
  it("lists the meter's own events of the customer's usage point, newest first", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [point] = await pointsOf("aurora", customerOf("aurora", "solar-household").id);
    const res = await api.get(`/api/outages/meter-events/${point.gsrn}`);
    expect(res.status).toBe(200);
    expect(res.body.gsrn).toBe(point.gsrn);
    expect(res.body.events.some((e: { kind: string }) => e.kind === "power-loss")).toBe(true);
    const times = res.body.events.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await api.get(`/api/outages/meter-events/${point.gsrn}?days=400`)).status).toBe(422);
    expect((await api.get(`/api/outages/meter-events/12345`)).status).toBe(422);
  });

  it("answers 404 for another customer's usage point", async () => {
    const api = await signedIn("aurora", "apartment");
    const [point] = await pointsOf("aurora", customerOf("aurora", "solar-household").id);
    const res = await api.get(`/api/outages/meter-events/${point.gsrn}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("outages.errors.point-not-found");
  });
});

describe("outage contacts", () => {
  async function contractsOf(customerId: string) {
    const db = await getDb();
    return db
      .select({ id: energyContracts.id })
      .from(energyContracts)
      .where(and(eq(energyContracts.siteId, "aurora"), eq(energyContracts.customerId, customerId)));
  }
  async function storedContacts() {
    const db = await getDb();
    return db.select().from(outageContacts).orderBy(outageContacts.id);
  }

  it("lists the addresses and replaces the contacts of one, normalised", async () => {
    const api = await signedIn("aurora", "solar-household");
    const list = await api.get("/api/me/outage-addresses");
    expect(list.status).toBe(200);
    expect(list.body.addresses.length).toBeGreaterThan(0);
    const address = list.body.addresses[0];
    expect(address.contacts).toBe(0);
    const put = await api.put("/api/me/outage-contacts", {
      contractId: address.contractId,
      contacts: [
        { kind: "Email", value: " Landlord@Example.COM ", name: "Landlord" },
        { kind: "Gsm", value: "040 1234567", name: "Neighbour" },
        { kind: "Phone", value: "+358 9 4250 1000" },
        { kind: "Post", value: "Rantatie 4\nFI-02100 Espoo" },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.contacts.map((c: { kind: string; value: string; name: string | null }) => [c.kind, c.value, c.name])).toEqual([
      ["Email", "landlord@example.com", "Landlord"],
      ["Gsm", "+358401234567", "Neighbour"],
      ["Phone", "+358942501000", null],
      ["Post", "Rantatie 4 FI-02100 Espoo", null],
    ]);
    const got = await api.get(`/api/me/outage-contacts?contractId=${address.contractId}`);
    expect(got.body).toEqual(put.body);
    expect((await api.get("/api/me/outage-addresses")).body.addresses[0].contacts).toBe(4);
    const audit = (await listAudit("aurora", { customerId: customerOf("aurora", "solar-household").id })).find((a) => a.action === "outages:contacts-replaced")!;
    expect(audit.details).toMatchObject({ contractId: address.contractId, kinds: ["Email", "Gsm", "Phone", "Post"], customerService: false });
  });

  it("lets customer service change them for the customer, audited with the staff member", async () => {
    const p = plan("aurora");
    const staff = new ApiClient("aurora.localhost", { ip: `10.30.1.${ipSeq++}` });
    await staff.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    expect((await staff.post("/api/customer-service/open", { clientCode: customerOf("aurora", "house-gas").clientCode })).status).toBe(200);
    const [address] = (await staff.get("/api/me/outage-addresses")).body.addresses;
    const res = await staff.put("/api/me/outage-contacts", { contractId: address.contractId, contacts: [{ kind: "Email", value: "caretaker@example.com" }] });
    expect(res.status).toBe(200);
    const audit = (await listAudit("aurora", { customerId: customerOf("aurora", "house-gas").id })).find((a) => a.action === "outages:contacts-replaced")!;
    expect(audit.details).toMatchObject({ contractId: address.contractId, customerService: true });
    expect(audit.actorPersonId).toBe(p.staff.find((s) => s.role === "customer_service")!.person.id);
  });

  it("answers 422 with translated field errors and stores nothing", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [contract] = await contractsOf(customerOf("aurora", "solar-household").id);
    const before = await storedContacts();
    const res = await api.put("/api/me/outage-contacts", {
      contractId: contract.id,
      contacts: [
        { kind: "Email", value: "not-an-email" },
        { kind: "Gsm", value: "09 4250 1000" },
        { kind: "Phone", value: "12" },
        { kind: "Post", value: "x" },
        { kind: "Email", value: "a@example.com" },
        { kind: "Email", value: "A@example.com" },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.map((f: { path: string; message: string }) => `${f.path} ${f.message}`)).toEqual([
      "contacts.0.value outages.errors.email-invalid",
      "contacts.1.value outages.errors.not-a-mobile-number",
      "contacts.2.value outages.errors.phone-invalid",
      "contacts.3.value outages.errors.address-invalid",
      "contacts.5.value outages.errors.duplicate",
    ]);
    const schema = await api.put("/api/me/outage-contacts", { contractId: contract.id, contacts: [{ kind: "Fax", value: "1" }] });
    expect(schema.status).toBe(422);
    expect(schema.body.error.details.fields[0].path).toBe("contacts.0.kind");
    expect(await storedContacts()).toEqual(before);
  });

  it("keeps another customer's address out of reach: 404, nothing changed", async () => {
    const other = await signedIn("aurora", "apartment");
    const [contract] = await contractsOf(customerOf("aurora", "solar-household").id);
    const before = await storedContacts();
    expect((await other.get(`/api/me/outage-contacts?contractId=${contract.id}`)).status).toBe(404);
    const res = await other.put("/api/me/outage-contacts", { contractId: contract.id, contacts: [] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("outages.errors.contract-not-found");
    expect(await storedContacts()).toEqual(before);
  });

  it("never answers 5xx to arbitrary input, and stores nothing when it refuses", async () => {
    const api = await signedIn("aurora", "solar-household");
    const [contract] = await contractsOf(customerOf("aurora", "solar-household").id);
    const contact = fc.record(
      {
        kind: fc.oneof(fc.constantFrom("Email", "Phone", "Gsm", "Post"), fc.string()),
        value: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("a@b.fi", "+358401234567", "\u0000", "x".repeat(400))),
        name: fc.oneof(fc.string(), fc.constant(null)),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ contractId: fc.oneof(fc.constant(contract.id), fc.uuid(), fc.string()), contacts: fc.array(contact, { maxLength: 12 }) }), fc.anything()), async (body) => {
        const before = await storedContacts();
        const res = await api.call("PUT", "/api/me/outage-contacts", JSON.stringify(body) ?? "null");
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) expect(await storedContacts()).toEqual(before);
      }),
      { numRuns: 80 },
    );
  });
});

describe("outage notifications", () => {
  /** Rows the notification jobs write, waited for. */
  async function eventually<T>(read: () => Promise<T[]>, count: number): Promise<T[]> {
    for (let i = 0; i < 150; i++) {
      const rows = await read();
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  }

  it("tells the affected customer, and the outage contacts of the address, once per outage and state", async () => {
    const api = await signedIn("aurora", "house-gas");
    const customer = customerOf("aurora", "house-gas");
    const address = (await api.get("/api/me/outage-addresses")).body.addresses[0];
    const put = await api.put("/api/me/outage-contacts", {
      contractId: address.contractId,
      contacts: [
        { kind: "Email", value: "cottage-neighbour@example.com", name: "Neighbour" },
        { kind: "Post", value: "Rantatie 4, 02100 Espoo", name: "Landlord" },
      ],
    });
    expect(put.status).toBe(200);
    const db = await getDb();
    const [contract] = await db.select().from(energyContracts).where(eq(energyContracts.id, address.contractId));
    const [point] = await db.select().from(meteringPoints).where(eq(meteringPoints.id, contract.meteringPointId));
    const report = { id: "GRID-NOTIFY-1", kind: "fault", areaName: "Rantatie", start: new Date(Date.now() - 10 * 60_000).toISOString(), gsrns: [point.gsrn] };
    expect((await post({ outages: [report] })).body).toMatchObject({ inserted: 1 });
    const [outage] = await db
      .select()
      .from(outages)
      .where(and(eq(outages.siteId, "aurora"), eq(outages.externalId, "GRID-NOTIFY-1")));
    const eventKey = `outage:${outage.id}:active`;
    const inbox = () =>
      db
        .select()
        .from(inboxMessages)
        .where(and(eq(inboxMessages.siteId, "aurora"), eq(inboxMessages.customerId, customer.id), eq(inboxMessages.eventKey, eventKey)));
    const outbox = () =>
      db
        .select()
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.siteId, "aurora"), eq(notificationOutbox.eventKey, eventKey)));
    expect(await eventually(inbox, 1)).toHaveLength(1);
    const sent = await eventually(outbox, 2);
    expect(sent.map((r) => [r.channel, r.recipient])).toEqual(
      expect.arrayContaining([
        ["Email", "cottage-neighbour@example.com"],
        ["Post", "Landlord, Rantatie 4, 02100 Espoo"],
      ]),
    );
    expect(sent.every((r) => r.customerId === customer.id && r.subject === "outage")).toBe(true);
    // Another customer, untouched by the outage, hears nothing of it.
    const other = customerOf("aurora", "apartment");
    expect(sent.some((r) => r.customerId === other.id)).toBe(false);

    // The same report again is no news; an update of the same state neither.
    expect((await post({ outages: [report] })).body).toMatchObject({ unchanged: 1 });
    expect((await post({ outages: [{ ...report, estimatedRestoration: new Date(Date.now() + 7_200_000).toISOString() }] })).body).toMatchObject({ updated: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await inbox()).toHaveLength(1);
    expect((await outbox()).filter((r) => r.recipient === "cottage-neighbour@example.com")).toHaveLength(1);
  });
});
