import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { SEEDERS, demoPlans } from "@/server/demo/seed";
import { energyContracts, intervalReadings, meteringPoints, spotPrices } from "@/server/db/schema";
import { computeExpense, type ContractPricing } from "@/lib/energy/pricing";
import { addLocalDays, daysInMonth, formatLocalIso, localParts, zonedTimeToUtc } from "@/lib/energy/time";
import { Prng } from "@/server/demo/prng";
import { queryRows, type Db } from "@/server/db/client";
import { aggregateEnergy, aggregateSpot, energyTotalSql } from "./readings";
import { aggregateExpenses, type ExpenseBucket } from "./expenses";
import { refreshDaily, refreshHourly, refreshHourlyPrices } from "./rollup";
import { queryBuckets } from "./buckets";
import { sql } from "drizzle-orm";

const HEL = "Europe/Helsinki";
let db: Db;
let cleanup: () => Promise<void>;
const point15 = "11111111-1111-4111-8111-111111111111";
const point60 = "22222222-2222-4222-8222-222222222222";
const pointDayNight = "33333333-3333-4333-8333-333333333333";

const spotContract: ContractPricing = { priceModel: "Hourly", marginCentsPerKwh: 0.39, fixedCentsPerKwh: null, dayCentsPerKwh: null, nightCentsPerKwh: null, monthlyFeeCents: 449 };
const dayNightContract: ContractPricing = { priceModel: "Fixed", marginCentsPerKwh: 0.1, fixedCentsPerKwh: null, dayCentsPerKwh: 11.5, nightCentsPerKwh: 7.25, monthlyFeeCents: 295 };

// 2026-03-27 … 2026-04-02 and 2026-10-23 … 2026-10-28 local: both DST changes inside.
const ranges = [
  [zonedTimeToUtc(2026, 3, 27, 0, 0, HEL), zonedTimeToUtc(2026, 4, 2, 0, 0, HEL)],
  [zonedTimeToUtc(2026, 10, 23, 0, 0, HEL), zonedTimeToUtc(2026, 10, 28, 0, 0, HEL)],
] as const;
const readings: { id: string; start: number; wh: number }[] = [];
/** Each point with its interval: 15-minute spot, hourly spot, 15-minute day/night. */
const THREE_POINTS = [
  [point15, 15],
  [point60, 60],
  [pointDayNight, 15],
] as const;

/** Two answers of aggregateExpenses with the same buckets, energy and unpriced counts, and costs to float rounding. */
function expectSameCosts(a: ExpenseBucket[], b: ExpenseBucket[]) {
  expect(a.map((c) => [c.at, c.wh, c.unpriced])).toEqual(b.map((c) => [c.at, c.wh, c.unpriced]));
  a.forEach((c, i) => {
    expect(c.energyCents).toBeCloseTo(b[i].energyCents, 6);
    expect(c.feeCents).toBeCloseTo(b[i].feeCents, 6);
  });
}
const prices = new Map<number, number>();

beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  const customer = demoPlans()[0].customers[0];
  const base = {
    siteId: "aurora",
    customerId: customer.id,
    energyKind: "electricity" as const,
    street: "Testitie 1",
    postalCode: "00100",
    city: "Helsinki",
    locationId: point15,
    locationName: "Testitie 1",
    biddingZone: "FI" as const,
    weatherArea: "FI-HELSINKI",
  };
  await db.insert(meteringPoints).values([
    { ...base, id: point15, gsrn: "643000000000000017", intervalMinutes: 15 },
    { ...base, id: point60, gsrn: "643000000000000024", intervalMinutes: 60 },
    { ...base, id: pointDayNight, gsrn: "643000000000000031", intervalMinutes: 15 },
  ]);
  const contract = (id: string, c: ContractPricing) => ({
    siteId: "aurora",
    customerId: customer.id,
    meteringPointId: id,
    productName: "Test",
    priceModel: c.priceModel,
    marginCentsPerKwh: String(c.marginCentsPerKwh),
    fixedCentsPerKwh: c.fixedCentsPerKwh === null ? null : String(c.fixedCentsPerKwh),
    dayCentsPerKwh: c.dayCentsPerKwh === null ? null : String(c.dayCentsPerKwh),
    nightCentsPerKwh: c.nightCentsPerKwh === null ? null : String(c.nightCentsPerKwh),
    monthlyFeeCents: c.monthlyFeeCents,
    validFrom: "2025-01-01",
  });
  await db.insert(energyContracts).values([contract(point15, spotContract), contract(point60, spotContract), contract(pointDayNight, dayNightContract)]);
  const prng = new Prng("aggregation-test");
  const rows: (typeof intervalReadings.$inferInsert)[] = [];
  const priceRows: (typeof spotPrices.$inferInsert)[] = [];
  for (const [from, to] of ranges) {
    for (let t = from; t < to; t += 900_000) {
      // Constant 100 Wh on one point makes day totals show the day's length.
      rows.push({ meteringPointId: point15, start: new Date(t), valueWh: 100, series: 1 });
      readings.push({ id: point15, start: t, wh: 100 });
      const wh = prng.int(0, 900);
      readings.push({ id: pointDayNight, start: t, wh });
      rows.push({ meteringPointId: pointDayNight, start: new Date(t), valueWh: wh, series: 1 });
      const price = Math.round(prng.normal(60, 40) * 100) / 100;
      prices.set(t, price);
      priceRows.push({ zone: "FI", resolutionMinutes: 15, start: new Date(t), priceEurMwh: price.toFixed(2) });
      if (t % 3_600_000 === 0) {
        const h = prng.int(0, 3000);
        readings.push({ id: point60, start: t, wh: h });
        rows.push({ meteringPointId: point60, start: new Date(t), valueWh: h, series: 1 });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 2000) await db.insert(intervalReadings).values(rows.slice(i, i + 2000));
  for (let i = 0; i < priceRows.length; i += 2000) await db.insert(spotPrices).values(priceRows.slice(i, i + 2000));
  for (const [from, to] of ranges) await refreshHourlyPrices("FI", from, to, db);
  // Written around the importers, so the rollup is refreshed by hand.
  for (const [from, to] of ranges) {
    await refreshHourly({ pointIds: [point15, point60, pointDayNight] }, from, to, db);
    await refreshDaily({ pointIds: [point15, point60, pointDayNight] }, from, to, db);
  }
});
afterAll(async () => cleanup());

const local = (ms: number) => formatLocalIso(ms, HEL);

describe("aggregation in the site's time zone across DST", () => {
  it("gives the 23-hour and 25-hour days their real totals", async () => {
    const [from, to] = ranges[0];
    const days = await aggregateEnergy([{ id: point15, intervalMinutes: 15 }], "consumption", { fromMs: from, toMs: to, resolution: "day", tz: HEL }, db);
    expect(days.map((d) => [local(d.at), d.value])).toEqual([
      ["2026-03-27T00:00:00+02:00", 9600],
      ["2026-03-28T00:00:00+02:00", 9600],
      ["2026-03-29T00:00:00+02:00", 9200],
      ["2026-03-30T00:00:00+03:00", 9600],
      ["2026-03-31T00:00:00+03:00", 9600],
      ["2026-04-01T00:00:00+03:00", 9600],
    ]);
    const [aFrom, aTo] = ranges[1];
    const autumn = await aggregateEnergy([{ id: point15, intervalMinutes: 15 }], "consumption", { fromMs: aFrom, toMs: aTo, resolution: "day", tz: HEL }, db);
    expect(autumn.find((d) => local(d.at).startsWith("2026-10-25"))?.value).toBe(10_000);
    expect(autumn.map((d) => d.value)).toEqual([9600, 9600, 10_000, 9600, 9600]);
  });

  it("has 25 hourly buckets on the autumn day, the repeated 03:00 twice", async () => {
    const from = zonedTimeToUtc(2026, 10, 25, 0, 0, HEL);
    const to = addLocalDays(from, 1, HEL);
    const hours = await aggregateEnergy([{ id: point15, intervalMinutes: 15 }], "consumption", { fromMs: from, toMs: to, resolution: "60", tz: HEL }, db);
    expect(hours).toHaveLength(25);
    expect(hours.every((h) => h.value === 400)).toBe(true);
    expect(hours.filter((h) => local(h.at).slice(11, 16) === "03:00").map((h) => local(h.at))).toEqual(["2026-10-25T03:00:00+03:00", "2026-10-25T03:00:00+02:00"]);
    const spring = zonedTimeToUtc(2026, 3, 29, 0, 0, HEL);
    const springHours = await aggregateEnergy([{ id: point15, intervalMinutes: 15 }], "consumption", { fromMs: spring, toMs: addLocalDays(spring, 1, HEL), resolution: "60", tz: HEL }, db);
    expect(springHours).toHaveLength(23);
  });

  it("groups months by the local calendar", async () => {
    const from = zonedTimeToUtc(2026, 3, 1, 0, 0, HEL);
    const to = zonedTimeToUtc(2026, 5, 1, 0, 0, HEL);
    const months = await aggregateEnergy([{ id: point15, intervalMinutes: 15 }], "consumption", { fromMs: from, toMs: to, resolution: "month", tz: HEL }, db);
    // 27–31 March (one 23-hour day) and 1 April.
    expect(months.map((m) => [local(m.at), m.value])).toEqual([
      ["2026-03-01T00:00:00+02:00", 4 * 9600 + 9200],
      ["2026-04-01T00:00:00+03:00", 9600],
    ]);
  });

  it("averages spot prices per bucket", async () => {
    const from = zonedTimeToUtc(2026, 3, 27, 10, 0, HEL);
    const hours = await aggregateSpot("FI", { fromMs: from, toMs: from + 3_600_000, resolution: "60", tz: HEL }, db);
    const expected = [0, 1, 2, 3].map((q) => prices.get(from + q * 900_000)!).reduce((a, b) => a + b, 0) / 4;
    expect(hours).toHaveLength(1);
    expect(hours[0].value).toBeCloseTo(expected, 6);
  });
});

describe("expenses in SQL equal the pure computation", () => {
  const expectDaysMatch = async (pointId: string, intervalMinutes: number, contract: ContractPricing, vat: number) => {
    // Whole local days read the daily rollup; the hourly rollup gives the same days.
    for (const [[from, to], rollup] of ranges.flatMap(
      (r) =>
        [
          [r, "auto"],
          [r, "hourly"],
        ] as const,
    )) {
      const buckets = await aggregateExpenses([{ id: pointId, intervalMinutes }], { fromMs: from, toMs: to, resolution: "day", tz: HEL }, vat, db, "cost", { rollup });
      expect(buckets.length).toBeGreaterThan(0);
      for (const b of buckets) {
        const end = addLocalDays(b.at, 1, HEL);
        const intervals = readings
          .filter((r) => r.id === pointId && r.start >= b.at && r.start < end)
          .map((r) => {
            const p = localParts(r.start, HEL);
            const spot = intervalMinutes === 60 ? [0, 1, 2, 3].map((q) => prices.get(r.start + q * 900_000)!).reduce((a, c) => a + c, 0) / 4 : prices.get(r.start)!;
            return { wh: r.wh, intervalMinutes, spotEurPerMwh: spot, localHour: p.hour, daysInLocalMonth: daysInMonth(p.year, p.month) };
          });
        const expected = computeExpense(intervals, contract, vat);
        expect(Math.round(b.energyCents)).toBe(expected.energyCents);
        expect(Math.round(b.feeCents)).toBe(expected.feeCents);
        expect(b.wh).toBe(intervals.reduce((s, i) => s + i.wh, 0));
        expect(b.unpriced).toBe(0);
      }
    }
  };
  it("for a spot contract on 15-minute readings", () => expectDaysMatch(point15, 15, spotContract, 2550));
  it("for a fixed day/night contract (night 22–07 local)", () => expectDaysMatch(pointDayNight, 15, dayNightContract, 2400));
  it("for a spot contract on hourly readings with quarter-hour prices (the hour's average)", () => expectDaysMatch(point60, 60, spotContract, 2550));
  it("with another VAT rate", () => expectDaysMatch(point60, 60, spotContract, 2100));
});

describe("the hourly rollup", () => {
  it("gives the same hours and days as the intervals", async () => {
    for (const [from, to] of ranges) {
      for (const [id, intervalMinutes] of THREE_POINTS) {
        const raw = await aggregateEnergy([{ id, intervalMinutes }], "consumption", { fromMs: from, toMs: to, resolution: "15", tz: HEL }, db);
        const hours = await aggregateEnergy([{ id, intervalMinutes }], "consumption", { fromMs: from, toMs: to, resolution: "60", tz: HEL }, db);
        const byHour = new Map<number, number>();
        for (const r of raw) byHour.set(Math.floor(r.at / 3_600_000) * 3_600_000, (byHour.get(Math.floor(r.at / 3_600_000) * 3_600_000) ?? 0) + r.value!);
        expect(hours.map((h) => [h.at, h.value])).toEqual([...byHour.entries()]);
      }
    }
  });

  it("prices days from the rollup exactly as from the intervals", async () => {
    for (const [from, to] of ranges) {
      for (const [id, minutes] of [
        [pointDayNight, 15],
        [point60, 60],
      ] as const) {
        const days = await aggregateExpenses([{ id, intervalMinutes: minutes }], { fromMs: from, toMs: to, resolution: "day", tz: HEL }, 2550, db);
        // A range not on whole hours reads the intervals.
        const fine = await aggregateExpenses([{ id, intervalMinutes: minutes }], { fromMs: from, toMs: to, resolution: "15", tz: HEL }, 2550, db);
        for (const d of days) {
          const end = addLocalDays(d.at, 1, HEL);
          const inDay = fine.filter((f) => f.at >= d.at && f.at < end);
          expect(d.energyCents).toBeCloseTo(
            inDay.reduce((s, f) => s + f.energyCents, 0),
            6,
          );
          expect(d.feeCents).toBeCloseTo(
            inDay.reduce((s, f) => s + f.feeCents, 0),
            6,
          );
          expect(d.wh).toBe(inDay.reduce((s, f) => s + f.wh, 0));
        }
      }
    }
  });
});

describe("the daily rollup", () => {
  it("gives the same days and months, energy and costs, as the hourly rollup, across both DST changes", async () => {
    const spring = zonedTimeToUtc(2026, 3, 1, 0, 0, HEL);
    const after = zonedTimeToUtc(2026, 12, 1, 0, 0, HEL);
    for (const [id, intervalMinutes] of THREE_POINTS) {
      for (const resolution of ["day", "month"] as const) {
        const range = { fromMs: spring, toMs: after, resolution, tz: HEL };
        const energy = await aggregateEnergy([{ id, intervalMinutes }], "consumption", range, db);
        expect(energy.length).toBeGreaterThan(0);
        expect(energy).toEqual(await aggregateEnergy([{ id, intervalMinutes }], "consumption", range, db, { rollup: "hourly" }));
        const costs = await aggregateExpenses([{ id, intervalMinutes }], range, 2550, db);
        const viaHours = await aggregateExpenses([{ id, intervalMinutes }], range, 2550, db, "cost", { rollup: "hourly" });
        expectSameCosts(costs, viaHours);
      }
    }
  });

  it("reads a range that ends within a day (this month so far) as the intervals alone do", async () => {
    // From a local midnight to a moment in the fifth day, across each DST change: five day buckets.
    const cases = [
      [ranges[0][0], zonedTimeToUtc(2026, 3, 31, 13, 37, HEL)],
      [ranges[1][0], zonedTimeToUtc(2026, 10, 27, 0, 5, HEL)],
    ] as const;
    for (const [fromMs, toMs] of cases) {
      for (const [id, intervalMinutes] of THREE_POINTS) {
        for (const resolution of ["day", "month"] as const) {
          const range = { fromMs, toMs, resolution, tz: HEL };
          const split = await aggregateExpenses([{ id, intervalMinutes }], range, 2550, db);
          // "hourly" keeps the range whole, and a range off whole hours reads only the intervals.
          const whole = await aggregateExpenses([{ id, intervalMinutes }], range, 2550, db, "cost", { rollup: "hourly" });
          expect(split.length).toBe(resolution === "day" ? 5 : 1);
          expectSameCosts(split, whole);
          // Energy by bucket, and as one total, the same way.
          const energy = await aggregateEnergy([{ id, intervalMinutes }], "consumption", range, db);
          expect(energy.map((e) => [e.at, e.value])).toEqual(whole.map((c) => [c.at, c.wh]));
          const [total] = await queryRows<{ wh: number }>(db, sql`select ${energyTotalSql([{ id, intervalMinutes }], "consumption", fromMs, toMs, HEL)} as wh`);
          expect(Number(total.wh)).toBe(whole.reduce((s, c) => s + c.wh, 0));
        }
      }
    }
  });

  it("is exactly what a full recomputation gives", async () => {
    // Σ Wh × price is a float: summed in another order it may differ in the last bits.
    const read = async () =>
      (await queryRows<Record<string, unknown>>(db, sql`select * from interval_readings_daily order by 1, 2, 3`)).map((r) => ({ ...r, spot_wh: Math.round(Number(r.spot_wh) * 1e4) / 1e4 }));
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    await db.execute(sql`truncate interval_readings_daily`);
    await refreshDaily({ pointIds: [point15, point60, pointDayNight] }, Date.UTC(2020, 0, 1), Date.UTC(2030, 0, 1), db);
    expect(await read()).toEqual(before);
  });
});

describe("answers as one row of lists", () => {
  it("keeps every column aligned with the bucket times, a NULL value as NaN, and an empty answer empty", async () => {
    const grouped = sql`select b, v, w from (values
      (timestamptz '2026-03-29 00:00:00+00', 1.5::float8, 7),
      (timestamptz '2026-03-29 02:00:00+00', 0.1::float8, 8),
      (timestamptz '2026-03-29 01:00:00+00', null::float8, 9)) as x(b, v, w)`;
    const bucket = { inner: sql`b`, toInstant: (e: number) => e * 1000 };
    const { at, cols } = await queryBuckets(db, grouped, ["v", "w"], bucket);
    const h = Date.UTC(2026, 2, 29);
    expect(at).toEqual([h, h + 3_600_000, h + 7_200_000]);
    expect(cols).toEqual([
      [1.5, NaN, 0.1],
      [7, 9, 8],
    ]);
    // Doubles come back exactly.
    const exact = await queryBuckets(db, sql`select timestamptz '2026-01-01 00:00:00+00' as b, (1::float8 / 3) as v`, ["v"], bucket);
    expect(exact.cols[0][0]).toBe(1 / 3);
    expect(await queryBuckets(db, sql`select b, v from (${grouped}) g where false`, ["v"], bucket)).toEqual({ at: [], cols: [[]] });
  });
});
