import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { demoPlans } from "@/server/demo/seed";
import { getSiteById, type Site } from "@/server/sites/sites";
import { shiftYears } from "@/lib/energy/chart";
import { whToKwh } from "@/lib/energy/pricing";
import { formatLocalIso, localDateString, startOfLocalMonth } from "@/lib/energy/time";
import { aggregateEnergy, type EnergySeries } from "./readings";
import type { PointIntervals } from "./rollup-reads";
import { aggregateExpenses } from "./expenses";
import { listCustomerPoints, type MeteringPointRow } from "./points";
import { energyStatistics, periodStatistics } from "./statistics";

/**
 * The dashboard reads its statistics in combined statements; on the full demo data they must
 * give what the one-sum-per-query functions (aggregateEnergy, and totals summed from the
 * intervals themselves) and the per-interval pricing give.
 */
let db: Db;
let cleanup: () => Promise<void>;
let site: Site;
const now = Date.now();
const customers: { id: string; points: MeteringPointRow[] }[] = [];

beforeAll(async () => {
  // Three months of history (tests take one by default): days older than two months too.
  process.env.DEMO_HISTORY_MONTHS = "3";
  ({ db, cleanup } = await useTestDatabase({ full: true }));
  delete process.env.DEMO_HISTORY_MONTHS;
  site = (await getSiteById("aurora"))!;
  // The solar household (spot contract, production), the apartment (electricity and district heat)
  // and a company (hourly meters) of the demo plan.
  const plan = demoPlans().find((p) => p.site.id === "aurora")!;
  const rows = [
    plan.customers.find((c) => c.owner?.persona === "solar-household")!,
    plan.customers.find((c) => c.owner?.persona === "apartment")!,
    plan.customers.find((c) => c.owner?.persona === "company-owner")!,
  ].map((c) => ({ customer_id: c.id }));
  for (const r of rows) customers.push({ id: r.customer_id, points: await listCustomerPoints({ siteId: "aurora", customerId: r.customer_id }, db) });
});
afterAll(async () => cleanup?.());

/** Σ Wh over a range from the intervals themselves (15-minute buckets read no rollup); null without readings. */
async function intervalTotal(points: PointIntervals[], series: EnergySeries, fromMs: number, toMs: number): Promise<number | null> {
  const values = await aggregateEnergy(points, series, { fromMs, toMs, resolution: "15", tz: site.timezone }, db);
  return values.length ? values.reduce((s, v) => s + (v.value ?? 0), 0) : null;
}

describe("dashboard statistics in one statement", () => {
  it("finds the demo customers it compares", () => {
    expect(customers).toHaveLength(3);
    expect(customers[0].points.some((p) => p.hasProduction)).toBe(true);
    expect(customers[1].points.some((p) => p.energyKind === "heating")).toBe(true);
  });

  it("gives the period card the numbers of the separate sums", async () => {
    const tz = site.timezone;
    const monthStart = startOfLocalMonth(now, tz);
    const toMs = Math.floor(now / 60_000) * 60_000;
    const lastFrom = startOfLocalMonth(now, tz, -1);
    const lastTo = lastFrom + Math.max(toMs - monthStart, 86_400_000);
    let compared = 0;
    for (const c of customers) {
      const scope = { siteId: "aurora", customerId: c.id };
      for (const kind of ["electricity", "heating"] as const) {
        const points = c.points.filter((p) => p.energyKind === kind);
        if (!points.length) continue;
        const producing = points.some((p) => p.hasProduction);
        const q = { from: localDateString(monthStart, tz), to: formatLocalIso(toMs, tz), resolution: "day" as const, gsrn: points.map((p) => p.gsrn) };
        const answer = await periodStatistics(site, scope, q, { from: localDateString(lastFrom, tz), to: formatLocalIso(lastTo, tz) }, producing, now);
        for (const [series, part] of [
          ["consumption", answer.consumption],
          ["production", answer.production],
        ] as const) {
          if (series === "production" && !producing) {
            expect(part).toBeNull();
            continue;
          }
          const usable = series === "production" ? points.filter((p) => p.hasProduction) : points;
          const values = await aggregateEnergy(usable, series, { fromMs: monthStart, toMs, resolution: "day", tz }, db);
          const kwh = (wh: number | null) => (wh === null ? null : whToKwh(wh));
          expect(part!.values).toEqual(values.map((v) => ({ date: formatLocalIso(v.at, tz), value: kwh(v.value) })));
          expect(part!.values.length).toBeGreaterThan(0);
          expect(part!.total).toBe(kwh(await intervalTotal(usable, series, monthStart, toMs)));
          expect(part!.previousYearTotal).toBe(kwh(await intervalTotal(usable, series, shiftYears(monthStart, -1, tz), shiftYears(toMs, -1, tz))));
          expect(part!.compareTotal).toBe(kwh(await intervalTotal(usable, series, lastFrom, lastTo)));
          expect(part!.compareTotal).not.toBeNull();
          // The API's single-series answer is the same statement's.
          const api = await energyStatistics(site, scope, series, q, now);
          expect(api.values).toEqual(part!.values);
          expect(api.total).toBe(part!.total);
          expect(api.previousYearTotal).toBe(part!.previousYearTotal);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(5);
  });

  it("gives the same totals over whole local days (read from the daily rollup) as the intervals", async () => {
    const tz = site.timezone;
    const from = startOfLocalMonth(now, tz, -1);
    const to = startOfLocalMonth(now, tz);
    const before = startOfLocalMonth(now, tz, -2);
    let compared = 0;
    for (const c of customers) {
      const points = c.points.filter((p) => p.energyKind === "electricity");
      if (!points.length) continue;
      const producing = points.some((p) => p.hasProduction);
      const q = { from: localDateString(from, tz), to: localDateString(to, tz), resolution: "day" as const, gsrn: points.map((p) => p.gsrn) };
      const answer = await periodStatistics(site, { siteId: "aurora", customerId: c.id }, q, { from: localDateString(before, tz), to: localDateString(from, tz) }, producing, now);
      for (const [series, part] of [
        ["consumption", answer.consumption],
        ["production", answer.production],
      ] as const) {
        if (!part) continue;
        const usable = series === "production" ? points.filter((p) => p.hasProduction) : points;
        const kwh = (wh: number | null) => (wh === null ? null : whToKwh(wh));
        expect(part.total).toBe(kwh(await intervalTotal(usable, series, from, to)));
        expect(part.compareTotal).toBe(kwh(await intervalTotal(usable, series, before, from)));
        expect(part.previousYearTotal).toBe(kwh(await intervalTotal(usable, series, shiftYears(from, -1, tz), shiftYears(to, -1, tz))));
        expect(part.total).not.toBeNull();
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(3);
  });

  it("prices twelve months from the hourly facts as the intervals price them, to a thousandth of a cent", async () => {
    const tz = site.timezone;
    const fromMs = startOfLocalMonth(now, tz, -11);
    const toMs = startOfLocalMonth(now, tz, 1);
    let compared = 0;
    for (const c of customers) {
      for (const p of c.points) {
        for (const mode of p.hasProduction ? (["cost", "revenue"] as const) : (["cost"] as const)) {
          const months = await aggregateExpenses([p], { fromMs, toMs, resolution: "month", tz }, 2550, db, mode);
          // Below an hour the statement prices every interval by itself (no rollup), hourly meters too.
          const fine = await aggregateExpenses([p], { fromMs, toMs, resolution: "15", tz }, 2550, db, mode);
          const byMonth = new Map<string, { wh: number; energy: number; fee: number; unpriced: number }>();
          for (const b of fine) {
            const key = localDateString(b.at, tz).slice(0, 7);
            const m = byMonth.get(key) ?? { wh: 0, energy: 0, fee: 0, unpriced: 0 };
            m.wh += b.wh;
            m.energy += b.energyCents;
            m.fee += b.feeCents;
            m.unpriced += b.unpriced;
            byMonth.set(key, m);
          }
          expect(months.map((m) => localDateString(m.at, tz).slice(0, 7))).toEqual([...byMonth.keys()]);
          for (const m of months) {
            const ref = byMonth.get(localDateString(m.at, tz).slice(0, 7))!;
            expect(m.wh).toBe(ref.wh);
            expect(m.unpriced).toBe(ref.unpriced);
            expect(m.energyCents).toBeCloseTo(ref.energy, 3);
            expect(m.feeCents).toBeCloseTo(ref.fee, 3);
            if (mode === "cost") expect(m.energyCents).toBeGreaterThan(0);
          }
          compared += months.length;
        }
      }
    }
    // Hour buckets (each priced on its own local date) over the last week, across midnight.
    const weekFrom = startOfLocalMonth(now, tz) - 7 * 86_400_000;
    const weekTo = weekFrom + 7 * 86_400_000;
    let hoursCompared = 0;
    for (const c of customers) {
      for (const p of c.points) {
        const hours = await aggregateExpenses([p], { fromMs: weekFrom, toMs: weekTo, resolution: "60", tz }, 2550, db);
        const fine = await aggregateExpenses([p], { fromMs: weekFrom, toMs: weekTo, resolution: "15", tz }, 2550, db);
        const byHour = new Map<number, { energy: number; fee: number }>();
        for (const b of fine) {
          const h = Math.floor(b.at / 3_600_000) * 3_600_000;
          const m = byHour.get(h) ?? { energy: 0, fee: 0 };
          m.energy += b.energyCents;
          m.fee += b.feeCents;
          byHour.set(h, m);
        }
        expect(hours.map((h) => h.at)).toEqual([...byHour.keys()]);
        hoursCompared += hours.length;
        for (const h of hours) {
          expect(h.energyCents).toBeCloseTo(byHour.get(h.at)!.energy, 6);
          expect(h.feeCents).toBeCloseTo(byHour.get(h.at)!.fee, 6);
        }
      }
    }
    expect(hoursCompared).toBeGreaterThan(7 * 24);
    // Every point and mode with at least a month of readings (the test demo keeps a shorter history).
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it("counts every whole past day of the demo data as a whole day of every meter, so each month carries its whole monthly fee", async () => {
    // The fee is spread over measured minutes (intervals × the point's interval): a meter whose
    // readings were of another interval than its own would carry a part of it.
    const rows = await queryRows<{ interval_minutes: number; days: number; points: number; short: number }>(
      db,
      sql`select mp.interval_minutes, count(*)::int as days, count(distinct d.metering_point_id)::int as points,
          count(*) filter (where d.minutes <> extract(epoch from ((d.day + 1)::timestamp at time zone s.timezone) - (d.day::timestamp at time zone s.timezone)) / 60)::int as short
        from interval_readings_daily d join metering_points mp on mp.id = d.metering_point_id join sites s on s.id = mp.site_id
        where d.series = 1 and d.day < (now() at time zone s.timezone)::date - 1
        group by 1 order by 1`,
    );
    expect(rows.map((r) => [Number(r.interval_minutes), Number(r.short)])).toEqual([
      [5, 0],
      [15, 0],
      [60, 0],
    ]);
    // At least a month of whole past days for every meter (the test demo keeps a month and this one so far).
    for (const r of rows) expect(Number(r.days)).toBeGreaterThanOrEqual(28 * Number(r.points));
  });
});
