import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { signedInClients } from "@/test/energy-fixtures";
import type { Db } from "@/server/db/client";
import { energyContracts } from "@/server/db/schema";
import { forgetCustomerData } from "./customer-data";
import { holdsCustomerFigures } from "./customer-figures";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const signedIn = signedInClients(2);
const SITE = "aurora";

/** The figures are kept per quarter-hour: a test that reads a kept answer twice starts well inside one. */
const QUARTER_HOUR_MARGIN_MS = 30_000;
async function insideAQuarterHour() {
  const left = 900_000 - (Date.now() % 900_000);
  if (left < QUARTER_HOUR_MARGIN_MS) await new Promise((r) => setTimeout(r, left + 100));
}
/** A test that may wait for the next quarter-hour gets that wait on top of the usual 30 s. */
const waitsForAQuarterHour = { timeout: 30_000 + QUARTER_HOUR_MARGIN_MS };

/** Changes rows with the tables' triggers switched off: nothing tells the caches. */
async function quietly(change: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });
}

type Overview = { customer: { id: string }; locations: { meteringPoints: { id: string; contract: { productName: string } | null }[] }[] };
const firstPoint = (o: Overview) => o.locations[0].meteringPoints[0];

describe("the dashboard's figures kept per customer", () => {
  it("serves the overview from memory until a write to the metering data is announced", waitsForAQuarterHour, async () => {
    await insideAQuarterHour();
    const api = await signedIn(SITE, "apartment");
    const first = await api.get("/api/dashboard/overview");
    expect(first.status).toBe(200);
    const overview = first.body as Overview;
    const customerId = overview.customer.id;
    expect(holdsCustomerFigures(SITE, customerId)).toBe(true);
    const point = firstPoint(overview);
    const productName = point.contract!.productName;
    const onPoint = and(eq(energyContracts.siteId, SITE), eq(energyContracts.meteringPointId, point.id));

    // A change no trigger announces stays unseen: the answer comes from memory.
    await quietly((tx) => tx.update(energyContracts).set({ productName: "Quiet tariff" }).where(onPoint));
    expect(firstPoint((await api.get("/api/dashboard/overview")).body).contract!.productName).toBe(productName);

    // Any write the triggers see (here straight to the database, as an import or another process would).
    await db.update(energyContracts).set({ productName: "Loud tariff" }).where(onPoint);
    await expect.poll(async () => firstPoint((await api.get("/api/dashboard/overview")).body).contract!.productName, { timeout: 5_000, interval: 20 }).toBe("Loud tariff");

    await db.update(energyContracts).set({ productName }).where(onPoint);
    await expect.poll(async () => firstPoint((await api.get("/api/dashboard/overview")).body).contract!.productName, { timeout: 5_000, interval: 20 }).toBe(productName);
  });

  it("forgets a customer's figures with the customer's data, and keeps another customer's", waitsForAQuarterHour, async () => {
    await insideAQuarterHour();
    const apartment = await signedIn(SITE, "apartment");
    const solar = await signedIn(SITE, "solar-household");
    const a = (await apartment.get("/api/dashboard/overview")).body as Overview;
    const s = (await solar.get("/api/dashboard/overview")).body as Overview;
    expect(a.customer.id).not.toBe(s.customer.id);
    expect(holdsCustomerFigures(SITE, a.customer.id)).toBe(true);
    expect(holdsCustomerFigures(SITE, s.customer.id)).toBe(true);
    forgetCustomerData(SITE, a.customer.id);
    expect(holdsCustomerFigures(SITE, a.customer.id)).toBe(false);
    expect(holdsCustomerFigures(SITE, s.customer.id)).toBe(true);
  });

  it("answers a customer's write with figures that include it", waitsForAQuarterHour, async () => {
    await insideAQuarterHour();
    const api = await signedIn(SITE, "apartment");
    const overview = (await api.get("/api/dashboard/overview")).body as Overview;
    expect(holdsCustomerFigures(SITE, overview.customer.id)).toBe(true);
    // Any API write acting for the customer drops what this process keeps of them before it answers.
    const res = await api.put("/api/feedback/send", {});
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(holdsCustomerFigures(SITE, overview.customer.id)).toBe(false);
  });
});
