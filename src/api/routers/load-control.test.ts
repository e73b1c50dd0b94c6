import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { auditLog, loadControlRelays, meterEvents, meteringPoints, relayCommands, spotPricesHourly } from "@/server/db/schema";
import { sandboxHeadEnd } from "@/server/providers/head-end/sandbox";
import { setHeadEnd } from "@/server/providers/head-end";
import { addLocalDays, startOfLocalDay } from "@/lib/energy/time";

let cleanup: () => Promise<void>;
let failNext = false;
let delayMs = 300;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({
    seeders: SEEDERS.filter((s) => ["sites, people and customers", "metering points, readings, spot prices and temperatures", "outages and meter events"].includes(s.name)),
  }));
  // The sandbox head-end with a short delay, failing the commands the test asks it to.
  const failing = new Set<string>();
  setHeadEnd({
    name: "sandbox",
    submit: async (command) => {
      if (failNext) failing.add(command.commandId);
      failNext = false;
      return sandboxHeadEnd({ delayMs, fails: (id) => failing.has(id) }).submit(command);
    },
    status: (ref) => sandboxHeadEnd({ delayMs, fails: (id) => failing.has(id) }).status(ref),
  });
}, 300_000);
afterAll(async () => {
  setHeadEnd(null);
  await cleanup();
});

const plan = (site: string) => demoPlans().find((p) => p.site.id === site)!;
const customerOf = (site: string, persona: string) => plan(site).customers.find((c) => c.owner?.persona === persona && c.kind === "private")!;
const clients = new Map<string, ApiClient>();
let ipSeq = 1;
async function signedIn(site: string, persona: string) {
  const key = `${site}-${persona}`;
  if (!clients.has(key)) {
    const api = new ApiClient(`${site}.localhost`, { ip: `10.40.0.${ipSeq++}` });
    await api.signInSandbox(site, { identityId: key });
    clients.set(key, api);
  }
  return clients.get(key)!;
}

async function relayPoint() {
  const db = await getDb();
  const [row] = await db
    .select({ id: meteringPoints.id, gsrn: meteringPoints.gsrn, zone: meteringPoints.biddingZone })
    .from(loadControlRelays)
    .innerJoin(meteringPoints, eq(meteringPoints.id, loadControlRelays.meteringPointId))
    .where(and(eq(loadControlRelays.siteId, "aurora"), eq(loadControlRelays.customerId, customerOf("aurora", "solar-household").id)));
  return row;
}
async function relayState() {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(loadControlRelays)
    .where(eq(loadControlRelays.meteringPointId, (await relayPoint()).id));
  return row.state;
}
async function commandCount() {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(relayCommands);
  return Number(row.n);
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let keySeq = 0;
const key = () => `test-key-${String(++keySeq).padStart(4, "0")}`;

async function follow(api: ApiClient, id: string) {
  for (let i = 0; i < 40; i++) {
    const res = await api.get(`/api/load-controls/connection-status/${id}`);
    expect(res.status).toBe(200);
    if (!["pending", "sent"].includes(res.body.state)) return res.body;
    await wait(100);
  }
  throw new Error("command never finished");
}

describe("load control", () => {
  it("shows the relay of the solar household's usage point, and no relay elsewhere", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    const res = await api.get(`/api/load-controls/metering-point-status/${point.gsrn}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ gsrn: point.gsrn, hasRelay: true, device: "water-heater", state: "on", pending: null });
    expect(res.body.commands.map((c: { state: string }) => c.state)).toEqual(["confirmed", "confirmed"]);
    const apartment = await signedIn("aurora", "apartment");
    const db = await getDb();
    const [own] = await db
      .select({ gsrn: meteringPoints.gsrn })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, "aurora"), eq(meteringPoints.customerId, customerOf("aurora", "apartment").id), eq(meteringPoints.energyKind, "electricity")));
    expect((await apartment.get(`/api/load-controls/metering-point-status/${own.gsrn}`)).body).toMatchObject({ hasRelay: false, state: null });
    const before = await commandCount();
    const refused = await apartment.post("/api/load-controls/change-control", { gsrn: own.gsrn, action: "off", mode: "now", idempotencyKey: key() });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual([{ path: "gsrn", code: "no_relay", message: "load-control.errors.no-relay" }]);
    expect(await commandCount()).toBe(before);
  });

  it("keeps another customer's relay out of reach: 404, nothing switched", async () => {
    const apartment = await signedIn("aurora", "apartment");
    const point = await relayPoint();
    const before = await commandCount();
    expect((await apartment.get(`/api/load-controls/metering-point-status/${point.gsrn}`)).status).toBe(404);
    const res = await apartment.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "off", mode: "now", idempotencyKey: key() });
    expect(res.status).toBe(404);
    expect(await commandCount()).toBe(before);
    const db = await getDb();
    const [demo] = await db.select({ id: relayCommands.id }).from(relayCommands).where(eq(relayCommands.meteringPointId, point.id)).limit(1);
    expect((await apartment.get(`/api/load-controls/connection-status/${demo.id}`)).status).toBe(404);
    expect(await relayState()).toBe("on");
  });

  it("switches off: pending until the meter confirms, once, and the same key twice is one command", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    const idempotencyKey = key();
    const first = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "off", mode: "now", idempotencyKey });
    expect(first.status).toBe(202);
    expect(first.body.state).toBe("sent");
    const again = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "off", mode: "now", idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Not shown as done before the meter confirms.
    expect((await api.get(`/api/load-controls/connection-status/${first.body.id}`)).body.state).toBe("sent");
    expect(await relayState()).toBe("on");
    const busy = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "now", idempotencyKey: key() });
    expect(busy.status).toBe(409);
    const done = await follow(api, first.body.id);
    expect(done.state).toBe("confirmed");
    expect(await relayState()).toBe("off");
    // Asking again applies nothing twice.
    await api.get(`/api/load-controls/connection-status/${first.body.id}`);
    const db = await getDb();
    const events = await db
      .select()
      .from(meterEvents)
      .where(and(eq(meterEvents.meteringPointId, point.id), eq(meterEvents.kind, "relay-open"), gte(meterEvents.at, new Date(Date.now() - 60_000))));
    expect(events).toHaveLength(1);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, "aurora"), eq(auditLog.action, "load-control:change")));
    expect(audit.some((a) => (a.details as { commandId?: string }).commandId === first.body.id)).toBe(true);
    const status = await api.get(`/api/load-controls/metering-point-status/${point.gsrn}`);
    expect(status.body.state).toBe("off");
  });

  it("leaves the relay as it was when the meter fails the command", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    failNext = true;
    const res = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "now", idempotencyKey: key() });
    expect(res.status).toBe(202);
    const done = await follow(api, res.body.id);
    expect(done).toMatchObject({ state: "failed", failure: "meter-not-responding" });
    expect(await relayState()).toBe("off");
  });

  it("lets customer service switch for the customer, audited with the staff member", async () => {
    const p = plan("aurora");
    const staff = new ApiClient("aurora.localhost", { ip: `10.40.1.${ipSeq++}` });
    await staff.signInSandbox("aurora", { identityId: "aurora-customer-service" });
    expect((await staff.post("/api/customer-service/open", { clientCode: customerOf("aurora", "solar-household").clientCode })).status).toBe(200);
    const point = await relayPoint();
    const res = await staff.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "now", idempotencyKey: key() });
    expect(res.status).toBe(202);
    expect(res.body.byCustomerService).toBe(true);
    expect((await follow(staff, res.body.id)).state).toBe("confirmed");
    expect(await relayState()).toBe("on");
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, "aurora"), eq(auditLog.action, "load-control:change")));
    const entry = audit.find((a) => (a.details as { commandId?: string }).commandId === res.body.id)!;
    expect(entry.details).toMatchObject({ customerService: true, action: "on", mode: "now" });
    expect(entry.actorPersonId).toBe(p.staff.find((s) => s.role === "customer_service")!.person.id);
    // The next tests switch it off again.
    const off = await staff.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "off", mode: "now", idempotencyKey: key() });
    expect((await follow(staff, off.body.id)).state).toBe("confirmed");
  });

  it("gives a command up as timed out when the meter does not answer", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    delayMs = 3_600_000;
    try {
      const res = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "now", idempotencyKey: key() });
      expect(res.status).toBe(202);
      expect((await api.get(`/api/load-controls/connection-status/${res.body.id}`)).body.state).toBe("sent");
      const db = await getDb();
      await db
        .update(relayCommands)
        .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
        .where(eq(relayCommands.id, res.body.id));
      expect((await api.get(`/api/load-controls/connection-status/${res.body.id}`)).body.state).toBe("timed_out");
      expect(await relayState()).toBe("off");
    } finally {
      delayMs = 300;
    }
  });

  it("schedules the load on for the cheapest hours of tomorrow, and off after them", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    const res = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "cheapest-hours", hours: 3, idempotencyKey: key() });
    expect(res.status).toBe(202);
    expect(res.body.state).toBe("pending");
    const tz = "Europe/Helsinki";
    const start = addLocalDays(startOfLocalDay(Date.now(), tz), 1, tz);
    const end = addLocalDays(start, 1, tz);
    const db = await getDb();
    const prices = await db
      .select()
      .from(spotPricesHourly)
      .where(and(eq(spotPricesHourly.zone, point.zone), gte(spotPricesHourly.hour, new Date(start)), lt(spotPricesHourly.hour, new Date(end))))
      .orderBy(asc(spotPricesHourly.hour));
    let best = 0;
    for (let i = 0; i + 3 <= prices.length; i++) {
      const sum = (j: number) => prices[j].priceEurMwh + prices[j + 1].priceEurMwh + prices[j + 2].priceEurMwh;
      if (sum(i) < sum(best)) best = i;
    }
    expect(res.body.scheduledFor).toBe(new Date(prices[best].hour).toISOString());
    const scheduled = await db
      .select()
      .from(relayCommands)
      .where(and(eq(relayCommands.meteringPointId, point.id), eq(relayCommands.state, "pending")));
    expect(scheduled.map((c) => [c.action, new Date(c.scheduledFor!).toISOString()]).sort()).toEqual([
      ["off", new Date(new Date(prices[best].hour).getTime() + 3 * 3_600_000).toISOString()],
      ["on", new Date(prices[best].hour).toISOString()],
    ]);
    const bad = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "off", mode: "cheapest-hours", idempotencyKey: key() });
    expect(bad.status).toBe(422);
    // What is scheduled for tomorrow does not hold up switching now.
    const now = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: "on", mode: "now", idempotencyKey: key() });
    expect(now.status).toBe(202);
    expect((await follow(api, now.body.id)).state).toBe("confirmed");
  });

  it("never answers 5xx to arbitrary input, and switches nothing when it refuses", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            {
              gsrn: fc.oneof(fc.constant(point.gsrn), fc.string(), fc.stringMatching(/^[0-9]{18}$/)),
              action: fc.oneof(fc.constantFrom("on", "off"), fc.string()),
              mode: fc.oneof(fc.constantFrom("now", "cheapest-hours"), fc.string()),
              hours: fc.oneof(fc.integer({ min: -5, max: 30 }), fc.double(), fc.string()),
              idempotencyKey: fc.oneof(fc.string(), fc.constant("x")),
            },
            { requiredKeys: [] },
          ),
          fc.anything(),
        ),
        async (body) => {
          const before = await commandCount();
          const res = await api.call("POST", "/api/load-controls/change-control", JSON.stringify(body) ?? "null");
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(await commandCount()).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("limits the rate of commands to one relay", async () => {
    const api = await signedIn("aurora", "solar-household");
    const point = await relayPoint();
    const db = await getDb();
    await db.delete(relayCommands).where(and(eq(relayCommands.meteringPointId, point.id), eq(relayCommands.state, "pending")));
    delayMs = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 14 && !statuses.includes(429); i++) {
      const res = await api.post("/api/load-controls/change-control", { gsrn: point.gsrn, action: i % 2 ? "on" : "off", mode: "now", idempotencyKey: key() });
      statuses.push(res.status);
      if (res.status === 202) await follow(api, res.body.id);
    }
    expect(statuses).toContain(429);
    delayMs = 300;
  });
});
