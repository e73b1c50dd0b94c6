import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { queryRows, type Db } from "@/server/db/client";
import { countries, energyContracts, invoiceLines, invoiceMeteringPoints, invoices, meteringPoints } from "@/server/db/schema";
import { demoPlans, seedDemo } from "./seed";
import { invoiceSeeder } from "./invoice-seeder";
import { localParts, startOfLocalMonth } from "@/lib/energy/time";
import { unitPriceCentsPerKwh } from "@/lib/energy/pricing";
import { isValidNationalReference } from "@/lib/invoices/reference-number";
import { todayIn } from "@/lib/invoices/dates";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

/** The energy cost of one customer's month, computed independently interval by interval. */
async function expectedNetCents(customerId: string, siteId: string, tz: string, monthStartMs: number) {
  const nextMs = startOfLocalMonth(monthStartMs, tz, 1);
  const points = await db
    .select()
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId)));
  let energy = 0;
  let fees = 0;
  for (const p of points) {
    const [contract] = await db.select().from(energyContracts).where(eq(energyContracts.meteringPointId, p.id));
    if (!contract) continue;
    const pricing = {
      priceModel: contract.priceModel,
      marginCentsPerKwh: Number(contract.marginCentsPerKwh),
      fixedCentsPerKwh: contract.fixedCentsPerKwh === null ? null : Number(contract.fixedCentsPerKwh),
      dayCentsPerKwh: contract.dayCentsPerKwh === null ? null : Number(contract.dayCentsPerKwh),
      nightCentsPerKwh: contract.nightCentsPerKwh === null ? null : Number(contract.nightCentsPerKwh),
      monthlyFeeCents: contract.monthlyFeeCents,
    };
    const readings = await queryRows<{ start: string | Date; wh: number }>(
      db,
      sql`select start, value_wh as wh from interval_readings where metering_point_id = ${p.id} and series = 1
          and start >= ${new Date(monthStartMs).toISOString()}::timestamptz and start < ${new Date(nextMs).toISOString()}::timestamptz`,
    );
    const prices = await queryRows<{ start: string | Date; price: string }>(
      db,
      sql`select start, price_eur_mwh::text as price from spot_prices where zone = ${p.biddingZone} and resolution_minutes = 15
          and start >= ${new Date(monthStartMs - 3_600_000).toISOString()}::timestamptz and start < ${new Date(nextMs + 3_600_000).toISOString()}::timestamptz`,
    );
    const quarter = new Map(prices.map((r) => [new Date(r.start).getTime(), r.price === "NaN" ? null : Number(r.price)]));
    const priceAt = (ms: number): number | null => {
      if (p.intervalMinutes === 60) {
        const q = [0, 1, 2, 3].map((k) => quarter.get(ms + k * 900_000)).filter((v): v is number => typeof v === "number");
        return q.length ? q.reduce((s, v) => s + v, 0) / q.length : null;
      }
      return quarter.get(ms - (ms % 900_000)) ?? null;
    };
    for (const r of readings) {
      const ms = new Date(r.start).getTime();
      const unit = unitPriceCentsPerKwh(pricing, priceAt(ms), localParts(ms, tz).hour);
      if (unit === null) {
        energy += (r.wh / 1000) * pricing.marginCentsPerKwh;
        continue;
      }
      energy += (r.wh / 1000) * unit;
    }
    if (readings.length) fees += contract.monthlyFeeCents;
  }
  return { energy, fees, points: points.length };
}

describe("demo invoices", () => {
  it("bills every demo customer with readings, from the readings, prices, contracts and VAT", async () => {
    for (const plan of demoPlans()) {
      const { site } = plan;
      const rows = await db.select().from(invoices).where(eq(invoices.siteId, site.id));
      const withData = plan.customers.filter((c) => !c.noData);
      const billed = new Set(rows.map((r) => r.customerId));
      for (const c of withData) expect(billed.has(c.id), `${site.id} ${c.name}`).toBe(true);
      for (const c of plan.customers.filter((x) => x.noData)) expect(billed.has(c.id)).toBe(false);

      const [vat] = await db.select().from(countries).where(eq(countries.code, site.country));
      const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.siteId, site.id));
      for (const inv of rows) {
        const own = lines.filter((l) => l.invoiceId === inv.id);
        expect(own.reduce((s, l) => s + Number(l.netCents), 0)).toBe(Number(inv.netCents));
        expect(own.reduce((s, l) => s + Number(l.vatCents), 0)).toBe(Number(inv.vatCents));
        expect(Number(inv.totalCents)).toBe(Number(inv.netCents) + Number(inv.vatCents));
        expect(own.every((l) => l.vatRateBasisPoints === vat.vatRateBasisPoints)).toBe(true);
        if (site.country !== "LV") expect(isValidNationalReference(inv.referenceNumber)).toBe(true);
        expect(inv.type === "E-Invoice").toBe(inv.deliveryChannel === "e-invoice");
        expect(own.some((l) => l.component === "PaperBill")).toBe(inv.deliveryChannel === "postal");
      }

      // The latest invoice of everyone is open and not yet due.
      const today = todayIn(site.timezone);
      const latestPeriod = rows.reduce((m, r) => (r.periodStart > m ? r.periodStart : m), "");
      for (const r of rows.filter((x) => x.periodStart === latestPeriod)) {
        expect(r.status).toBe("open");
        expect(r.dueDate >= today).toBe(true);
      }

      // Amounts follow from the interval readings: recompute a spot and a fixed-price customer.
      const spotCustomer = plan.customers.find((c) => c.owner?.persona === "solar-household")!;
      const fixedCustomer = plan.customers.find((c) => c.owner?.persona === "apartment")!;
      for (const customer of [spotCustomer, fixedCustomer]) {
        const [inv] = rows.filter((r) => r.customerId === customer.id && r.periodStart === latestPeriod);
        const own = lines.filter((l) => l.invoiceId === inv.id && l.component !== "PaperBill");
        const [y, m] = inv.periodStart.split("-").map(Number);
        const monthStart = startOfLocalMonth(Date.UTC(y, m - 1, 15), site.timezone);
        const expected = await expectedNetCents(customer.id, site.id, site.timezone, monthStart);
        const energyLines = own.filter((l) => l.component !== "Monthly");
        const feeLines = own.filter((l) => l.component === "Monthly");
        // Each line is rounded to whole cents once.
        expect(Math.abs(energyLines.reduce((s, l) => s + Number(l.netCents), 0) - expected.energy)).toBeLessThanOrEqual(energyLines.length * 0.5 + 1e-6);
        expect(feeLines.reduce((s, l) => s + Number(l.netCents), 0)).toBe(expected.fees);
        const points = await db.select().from(invoiceMeteringPoints).where(eq(invoiceMeteringPoints.invoiceId, inv.id));
        expect(points).toHaveLength(expected.points);
        const consumed = await queryRows<{ wh: number }>(
          db,
          sql`select sum(value_wh)::float8 as wh from interval_readings where series = 1 and metering_point_id in ${points.map((p) => p.meteringPointId)}
              and start >= ${new Date(monthStart).toISOString()}::timestamptz and start < ${new Date(startOfLocalMonth(monthStart, site.timezone, 1)).toISOString()}::timestamptz`,
        );
        expect(points.reduce((s, p) => s + Number(p.consumptionWh), 0)).toBe(Number(consumed[0].wh));
      }
    }
  });

  it("is deterministic: seeding again adds nothing", async () => {
    const before = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from invoices`);
    await seedDemo({ seeders: [invoiceSeeder] });
    const after = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from invoices`);
    expect(after[0].n).toBe(before[0].n);
    const ids = (await db.select({ id: invoices.id }).from(invoices).limit(1)).map((r) => r.id);
    expect(await db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids))).not.toHaveLength(0);
  });

  it("shows a demo customer's invoices through the API", async () => {
    const { ApiClient } = await import("@/test/api-client");
    const api = new ApiClient("aurora.localhost", { ip: "10.40.0.1" });
    await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
    const list = await api.get("/api/invoices");
    expect(list.status).toBe(200);
    expect(list.body.invoices.length).toBeGreaterThan(0);
    const detail = await api.get(`/api/invoices/${list.body.invoices[0].invoiceNumber}`);
    expect(detail.body.lines.some((l: { component: string }) => l.component === "Spot")).toBe(true);
    expect(detail.body.meteringPoints.length).toBeGreaterThan(0);
    expect(detail.body.paymentInstructions.iban).toMatch(/^FI\d{16}$/);
  });
});
