import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { demoPlans } from "@/server/demo/seed";
import { planDemoPoints } from "@/server/demo/energy/points-plan";
import { queryRows, type Db } from "@/server/db/client";
import { refreshDaily, refreshHourly } from "@/server/metering/rollup";
import { importReadings, type ReadingInput } from "./readings";
import { importSpotPrices } from "./spot-prices";
import { ImportError } from "./types";

let db: Db;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
});
afterAll(async () => cleanup());

const quarterPoints = () => planDemoPoints(demoPlans().find((p) => p.site.id === "aurora")!).filter((p) => p.intervalMinutes === 15 && p.energyKind === "electricity" && !p.hasProduction);

const Q = 15 * 60_000;
function rowsFor(gsrn: string, fromMs: number, count: number, value: (i: number) => number): ReadingInput[] {
  return Array.from({ length: count }, (_, i) => ({
    line: i + 2,
    gsrn,
    timestamp: new Date(fromMs + i * Q).toISOString(),
    intervalMinutes: "15",
    value: String(value(i)),
    unit: "Wh",
  }));
}

interface HourRow {
  hour: string;
  value_wh: number;
  spot_wh: number;
  priced_wh: number;
  intervals: number;
  unpriced: number;
  xmin: string;
}
async function rollupOf(gsrn: string, fromMs: number, toMs: number): Promise<HourRow[]> {
  const rows = await queryRows<HourRow>(
    db,
    sql`select h.hour, h.value_wh, h.spot_wh, h.priced_wh, h.intervals, h.unpriced, h.xmin::text as xmin
        from interval_readings_hourly h join metering_points m on m.id = h.metering_point_id
        where m.gsrn = ${gsrn} and h.series = 1 and h.hour >= ${new Date(fromMs).toISOString()}::timestamptz and h.hour < ${new Date(toMs).toISOString()}::timestamptz
        order by h.hour`,
  );
  return rows.map((r) => ({
    ...r,
    hour: new Date(r.hour).toISOString(),
    value_wh: Number(r.value_wh),
    spot_wh: Math.round(Number(r.spot_wh) * 1e6) / 1e6,
    priced_wh: Number(r.priced_wh),
    intervals: Number(r.intervals),
    unpriced: Number(r.unpriced),
  }));
}
const withoutXmin = (rows: HourRow[]) => rows.map(({ xmin: _xmin, ...r }) => r);

/** A point's daily rollup rows (Σ Wh × price rounded: summed in another order it may differ in the last bits). */
async function dailyOf(id: string) {
  const rows = await queryRows<Record<string, unknown>>(db, sql`select * from interval_readings_daily where metering_point_id = ${id} order by series, day`);
  return rows.map((r) => ({
    ...r,
    series: Number(r.series),
    day: String(r.day).slice(0, 10),
    value_wh: Number(r.value_wh),
    priced_wh: Number(r.priced_wh),
    spot_wh: Math.round(Number(r.spot_wh) * 1e4) / 1e4,
  }));
}

/** The point's daily rollup as the writes left it equals one recomputed from nothing. */
async function expectDailyRecomputed(id: string) {
  const kept = await dailyOf(id);
  expect(kept.length).toBeGreaterThan(0);
  await db.execute(sql`delete from interval_readings_daily where metering_point_id = ${id}`);
  await refreshDaily({ pointIds: [id] }, Date.UTC(1990, 0, 1), Date.UTC(2100, 0, 1), db);
  expect(await dailyOf(id)).toEqual(kept);
  return kept;
}

async function pointId(gsrn: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from metering_points where gsrn = ${gsrn}`);
  return row.id;
}

describe("writing readings", () => {
  it("inserts new stretches for several points at once and builds their hourly rollup", async () => {
    const [a, b] = quarterPoints();
    const from = Date.UTC(2019, 5, 1);
    const rows = [...rowsFor(a.gsrn, from, 8, (i) => 100 + i), ...rowsFor(b.gsrn, from, 4, () => 250)].map((r, i) => ({ ...r, line: i + 2 }));
    expect(await importReadings("aurora", rows)).toEqual({ rows: 12, inserted: 12, updated: 0, unchanged: 0 });
    const hoursA = await rollupOf(a.gsrn, from, from + 3 * 3_600_000);
    expect(hoursA.map((h) => [h.hour, h.value_wh, h.intervals])).toEqual([
      ["2019-06-01T00:00:00.000Z", 100 + 101 + 102 + 103, 4],
      ["2019-06-01T01:00:00.000Z", 104 + 105 + 106 + 107, 4],
    ]);
    // No spot prices that long ago: the energy is there, unpriced.
    expect(hoursA.every((h) => h.unpriced === 4 && h.priced_wh === 0 && h.spot_wh === 0)).toBe(true);
    expect((await rollupOf(b.gsrn, from, from + 3_600_000)).map((h) => h.value_wh)).toEqual([1000]);
  });

  it("prices the rollup exactly as a full recomputation does, on new and on overlapping imports", async () => {
    const [, , c] = quarterPoints();
    // Inside the demo history, where spot prices exist: change one day of readings.
    const [{ day }] = await queryRows<{ day: string }>(
      db,
      sql`select date_trunc('day', max(start) - interval '3 days') as day from interval_readings where metering_point_id = ${await pointId(c.gsrn)}`,
    );
    const from = new Date(day).getTime();
    const to = from + 96 * Q;
    const result = await importReadings(
      "aurora",
      rowsFor(c.gsrn, from, 96, (i) => 40 + (i % 7) * 11),
    );
    expect(result.rows).toBe(96);
    expect(result.inserted).toBe(0);
    expect(result.updated + result.unchanged).toBe(96);
    const afterImport = withoutXmin(await rollupOf(c.gsrn, from, to));
    expect(afterImport).toHaveLength(24);
    expect(afterImport.some((h) => h.priced_wh > 0 && h.spot_wh !== 0)).toBe(true);
    await refreshHourly({ pointIds: [await pointId(c.gsrn)] }, from, to, db);
    expect(withoutXmin(await rollupOf(c.gsrn, from, to))).toEqual(afterImport);
    const days = await expectDailyRecomputed(await pointId(c.gsrn));
    const imported = new Date(from + 12 * 3_600_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Helsinki" });
    expect(days.find((d) => d.series === 1 && d.day === imported)).toBeDefined();
  });

  it("rewrites no reading and no rollup row when the same rows come again", async () => {
    const [a] = quarterPoints();
    const from = Date.UTC(2019, 5, 1);
    const before = await rollupOf(a.gsrn, from, from + 3 * 3_600_000);
    const [readingsBefore] = await queryRows<{ x: string }>(
      db,
      sql`select string_agg(xmin::text, ',' order by start) as x from interval_readings where metering_point_id = ${await pointId(a.gsrn)} and start < '2019-06-02'`,
    );
    expect(
      await importReadings(
        "aurora",
        rowsFor(a.gsrn, from, 8, (i) => 100 + i),
      ),
    ).toEqual({ rows: 8, inserted: 0, updated: 0, unchanged: 8 });
    const [readingsAfter] = await queryRows<{ x: string }>(
      db,
      sql`select string_agg(xmin::text, ',' order by start) as x from interval_readings where metering_point_id = ${await pointId(a.gsrn)} and start < '2019-06-02'`,
    );
    expect(readingsAfter.x).toBe(readingsBefore.x);
    expect(await rollupOf(a.gsrn, from, from + 3 * 3_600_000)).toEqual(before);
  });

  it("adds to a stretch that has readings with the upsert, and refreshes only changed hours", async () => {
    const [a] = quarterPoints();
    const from = Date.UTC(2019, 5, 1);
    const before = await rollupOf(a.gsrn, from, from + 3 * 3_600_000);
    // The first hour again unchanged, the second with one new value, and a third hour new.
    const rows = rowsFor(a.gsrn, from, 12, (i) => (i === 5 ? 999 : 100 + i));
    expect(await importReadings("aurora", rows)).toEqual({ rows: 12, inserted: 4, updated: 1, unchanged: 7 });
    const after = await rollupOf(a.gsrn, from, from + 3 * 3_600_000);
    expect(after.map((h) => h.value_wh)).toEqual([406, 104 + 999 + 106 + 107, 108 + 109 + 110 + 111]);
    expect(after[0].xmin).toBe(before[0].xmin);
    expect(after[1].xmin).not.toBe(before[1].xmin);
  });

  it("sums the rollup of new stretches in memory exactly as a full recomputation does, with partial hours next to older readings", async () => {
    const [, , c] = quarterPoints();
    const H = 3_600_000;
    // Past the demo readings (which end now) but inside the published prices (through tomorrow).
    const h0 = Math.floor(Date.now() / H) * H + 3 * H;
    const id = await pointId(c.gsrn);
    // Older readings in the first hour, then a file that starts in the middle of it, ends in the
    // middle of a later one and comes in no particular order.
    expect(
      (
        await importReadings(
          "aurora",
          rowsFor(c.gsrn, h0, 2, (i) => 70 + i),
        )
      ).inserted,
    ).toBe(2);
    const later = rowsFor(c.gsrn, h0 + 2 * Q, 12, (i) => 40 + (i % 5) * 13).reverse();
    expect(await importReadings("aurora", later)).toEqual({ rows: 12, inserted: 12, updated: 0, unchanged: 0 });
    const written = withoutXmin(await rollupOf(c.gsrn, h0, h0 + 4 * H));
    expect(written.map((h) => h.intervals)).toEqual([4, 4, 4, 2]);
    expect(written[0].value_wh).toBe(70 + 71 + 40 + 53);
    expect(written.every((h) => h.unpriced === 0 && h.priced_wh === h.value_wh && h.spot_wh !== 0)).toBe(true);
    await refreshHourly({ pointIds: [id] }, h0, h0 + 4 * H, db);
    expect(withoutXmin(await rollupOf(c.gsrn, h0, h0 + 4 * H))).toEqual(written);
    await expectDailyRecomputed(id);
  });

  it("moves the daily rollup's costs with corrected spot prices, as a recomputation would", async () => {
    const [, , c] = quarterPoints();
    const id = await pointId(c.gsrn);
    const [{ day }] = await queryRows<{ day: string }>(db, sql`select date_trunc('day', max(start) - interval '5 days') as day from interval_readings where metering_point_id = ${id}`);
    const from = new Date(day).getTime();
    const before = await dailyOf(id);
    const prices = Array.from({ length: 96 }, (_, i) => ({ zone: "FI" as const, resolutionMinutes: 15 as const, start: from + i * Q, eurPerMwh: 500 + i, line: i + 1 }));
    const result = await importSpotPrices(prices);
    expect(result.updated + result.inserted).toBeGreaterThan(0);
    const after = await expectDailyRecomputed(id);
    expect(after.filter((r, i) => r.spot_wh !== before[i]?.spot_wh).length).toBeGreaterThan(0);
  });

  it("falls back to refreshing from the table when a rollup row stands where no reading was", async () => {
    const [, , c] = quarterPoints();
    const hour = Date.UTC(2019, 8, 1, 6);
    const id = await pointId(c.gsrn);
    await db.execute(sql`insert into interval_readings_hourly (metering_point_id, hour, spot_wh, value_wh, priced_wh, series, intervals, unpriced)
      values (${id}, ${new Date(hour).toISOString()}::timestamptz, 0, 999999, 0, 1, 1, 1)`);
    expect(
      await importReadings(
        "aurora",
        rowsFor(c.gsrn, hour, 4, (i) => 10 * (i + 1)),
      ),
    ).toEqual({ rows: 4, inserted: 4, updated: 0, unchanged: 0 });
    expect((await rollupOf(c.gsrn, hour, hour + 3_600_000)).map((h) => [h.value_wh, h.intervals, h.unpriced])).toEqual([[100, 4, 4]]);
  });

  it("lets two imports of the same new stretch at once end with the rows written once", async () => {
    const [, , c] = quarterPoints();
    const from = Date.UTC(2019, 9, 1);
    const rows = rowsFor(c.gsrn, from, 96, (i) => 200 + i);
    const results = await Promise.all([importReadings("aurora", rows), importReadings("aurora", rows)]);
    // Whichever came second found the rows there (on PostgreSQL, possibly only at its insert, which then falls back to the upsert).
    expect(results.map((r) => r.inserted).sort()).toEqual([0, 96]);
    expect(results.map((r) => r.unchanged).sort()).toEqual([0, 96]);
    const hours = await rollupOf(c.gsrn, from, from + 24 * 3_600_000);
    expect(hours.map((h) => h.intervals)).toEqual(Array(24).fill(4));
  });

  it("keeps a day that two imports fill at once exact (each refresh waits for the other's)", async () => {
    const [, , c] = quarterPoints();
    const id = await pointId(c.gsrn);
    // Two halves of local days (and the days around them), imported together, for several days:
    // without the locks the later refresh of a shared day would miss the other import's half.
    let expected = 0;
    for (let day = 0; day < 8; day++) {
      const from = Date.UTC(2019, 10, 5 + 2 * day, 0);
      const first = rowsFor(c.gsrn, from, 48, (i) => 300 + i);
      const second = rowsFor(c.gsrn, from + 48 * Q, 48, (i) => 500 + i);
      const results = await Promise.all([importReadings("aurora", first), importReadings("aurora", second)]);
      expect(results.map((r) => r.inserted)).toEqual([48, 48]);
      expected += [...first, ...second].reduce((sum, r) => sum + Number(r.value), 0);
    }
    const days = await expectDailyRecomputed(id);
    const total = days.filter((d) => d.series === 1 && d.day >= "2019-11-05" && d.day <= "2019-11-21").reduce((sum, d) => sum + d.value_wh, 0);
    expect(total).toBe(expected);
  });

  it("checks a file of many slices while it is copied, and writes nothing of it when a row near its end is bad", async () => {
    const [a, b] = quarterPoints();
    const from = Date.UTC(2017, 0, 1);
    const rows = [...rowsFor(a.gsrn, from, 9000, (i) => i % 500), ...rowsFor(b.gsrn, from, 9000, (i) => i % 300)].map((r, i) => ({ ...r, line: i + 2 }));
    rows[17_500] = { ...rows[17_500], value: "-4" };
    const error = await importReadings("aurora", rows).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).issues).toEqual([{ line: 17_502, field: "value", message: "energy.import.errors.bad-value", value: "-4" }]);
    const [left] = await queryRows<{ r: number; h: number; d: number }>(
      db,
      sql`select (select count(*) from interval_readings where start >= '2017-01-01' and start < '2017-06-01')::int as r,
        (select count(*) from interval_readings_hourly where hour >= '2017-01-01' and hour < '2017-06-01')::int as h,
        (select count(*) from interval_readings_daily where day >= '2016-12-31' and day < '2017-06-01')::int as d`,
    );
    expect([Number(left.r), Number(left.h), Number(left.d)]).toEqual([0, 0, 0]);
  });

  it("sums the rollups of a file of many slices as a recomputation does, in key order or not", async () => {
    const [a, b, c] = quarterPoints();
    const from = Date.UTC(2017, 0, 1);
    // Point a's readings in two parts with b's between them, split at an hour inside a day: the
    // rows come out of key order in the third slice, and summed as they come the day would be
    // two rows.
    const aRows = rowsFor(a.gsrn, from, 18_002, (i) => (i * 7) % 400);
    const unordered = [...aRows.slice(0, 9000), ...rowsFor(b.gsrn, from, 9000, (i) => (i * 3) % 250), ...aRows.slice(9000)].map((r, i) => ({ ...r, line: i + 2 }));
    expect(await importReadings("aurora", unordered)).toEqual({ rows: 27_002, inserted: 27_002, updated: 0, unchanged: 0 });
    // Point c's in order, across slices.
    expect(
      (
        await importReadings(
          "aurora",
          rowsFor(c.gsrn, from, 20_000, (i) => 50 + (i % 97)),
        )
      ).inserted,
    ).toBe(20_000);
    const to = from + 18_002 * Q;
    for (const p of [a, b, c]) {
      const id = await pointId(p.gsrn);
      const written = withoutXmin(await rollupOf(p.gsrn, from, to));
      expect(written.length).toBeGreaterThan(2000);
      await refreshHourly({ pointIds: [id] }, from, to, db);
      expect(withoutXmin(await rollupOf(p.gsrn, from, to))).toEqual(written);
      await expectDailyRecomputed(id);
    }
  });

  it("stores instants before 2000 and after exactly (binary COPY counts from 2000-01-01)", async () => {
    const [, , c] = quarterPoints();
    const from = Date.UTC(1999, 11, 31, 23, 30);
    await importReadings(
      "aurora",
      rowsFor(c.gsrn, from, 4, (i) => i + 1),
    );
    const rows = await queryRows<{ ms: number; value_wh: number }>(
      db,
      sql`select (extract(epoch from start) * 1000)::float8 as ms, value_wh from interval_readings
          where metering_point_id = ${await pointId(c.gsrn)} and start >= '1999-12-31T23:00Z' and start < '2000-01-01T01:00Z' order by start`,
    );
    expect(rows.map((r) => [Number(r.ms), Number(r.value_wh)])).toEqual([0, 1, 2, 3].map((i) => [from + i * Q, i + 1]));
  });

  it("takes no JavaScript property name for a code", async () => {
    const [a] = quarterPoints();
    for (const [field, value] of [
      ["quality", "constructor"],
      ["series", "toString"],
      ["intervalMinutes", "__proto__"],
    ] as const) {
      const rows = rowsFor(a.gsrn, Date.UTC(2019, 6, 1), 1, () => 5).map((r) => ({ ...r, [field]: value }));
      await expect(importReadings("aurora", rows)).rejects.toBeInstanceOf(ImportError);
    }
  });

  it("deletes a metering point's readings and rollup with the point", async () => {
    const [a] = quarterPoints();
    const id = await pointId(a.gsrn);
    const count = async () => {
      const [row] = await queryRows<{ r: number; h: number; d: number }>(
        db,
        sql`select (select count(*) from interval_readings where metering_point_id = ${id})::int as r, (select count(*) from interval_readings_hourly where metering_point_id = ${id})::int as h,
          (select count(*) from interval_readings_daily where metering_point_id = ${id})::int as d`,
      );
      return [Number(row.r), Number(row.h), Number(row.d)];
    };
    const [r, h, d] = await count();
    expect(r).toBeGreaterThan(1000);
    expect(h).toBeGreaterThan(250);
    expect(d).toBeGreaterThan(10);
    const [other] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interval_readings where metering_point_id <> ${id}`);
    await db.execute(sql`delete from metering_points where id = ${id}`);
    expect(await count()).toEqual([0, 0, 0]);
    const [otherAfter] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interval_readings where metering_point_id <> ${id}`);
    expect(Number(otherAfter.n)).toBe(Number(other.n));
  });

  it("deletes the readings of every point of a deleted customer", async () => {
    const [, b] = quarterPoints();
    const [{ customer_id: customerId }] = await queryRows<{ customer_id: string }>(db, sql`select customer_id from metering_points where gsrn = ${b.gsrn}`);
    const ids = (await queryRows<{ id: string }>(db, sql`select id from metering_points where customer_id = ${customerId}`)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    await db.execute(sql`delete from customers where id = ${customerId}`);
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from interval_readings where metering_point_id in ${ids}`);
    expect(Number(row.n)).toBe(0);
  });

  it("keeps the hourly prices of hourly meters in step with imported prices: published hourly, else the quarter-hours' average", async () => {
    const h0 = Date.UTC(2019, 7, 1, 10);
    const h1 = h0 + 3_600_000;
    const quarters = [40, 50, 60, 90].map((eurPerMwh, i) => ({ zone: "LV" as const, resolutionMinutes: 15 as const, start: h0 + i * Q, eurPerMwh, line: i + 1 }));
    const hourly = { zone: "LV" as const, resolutionMinutes: 60 as const, start: h1, eurPerMwh: 75.5, line: 5 };
    await importSpotPrices([...quarters, hourly]);
    const prices = async () =>
      (
        await queryRows<{ hour: string; price: number }>(
          db,
          sql`select hour, price_eur_mwh as price from spot_prices_hourly where zone = 'LV' and hour >= ${new Date(h0).toISOString()}::timestamptz and hour < ${new Date(h1 + 3_600_000).toISOString()}::timestamptz order by hour`,
        )
      ).map((r) => [new Date(r.hour).getTime(), Number(r.price)]);
    expect(await prices()).toEqual([
      [h0, 60],
      [h1, 75.5],
    ]);
    // A corrected quarter-hour moves the hour's average.
    await importSpotPrices([{ ...quarters[3], eurPerMwh: 130 }]);
    expect(await prices()).toEqual([
      [h0, 70],
      [h1, 75.5],
    ]);
  });
});

describe("the demo seeder's rollup", () => {
  it("holds the sums a full recomputation from the readings gives, for both series", async () => {
    const solar = planDemoPoints(demoPlans().find((p) => p.site.id === "aurora")!).find((p) => p.intervalMinutes === 15 && p.hasProduction)!;
    const id = await pointId(solar.gsrn);
    const to = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    const from = to - 2 * 86_400_000;
    const read = async () =>
      (
        await queryRows<{ hour: string; series: number; value_wh: number; spot_wh: number; priced_wh: number; intervals: number; unpriced: number }>(
          db,
          sql`select hour, series, value_wh, spot_wh, priced_wh, intervals, unpriced from interval_readings_hourly
              where metering_point_id = ${id} and hour >= ${new Date(from).toISOString()}::timestamptz and hour < ${new Date(to).toISOString()}::timestamptz
              order by series, hour`,
        )
      ).map((r) => [new Date(r.hour).toISOString(), Number(r.series), Number(r.value_wh), Math.round(Number(r.spot_wh) * 1e6) / 1e6, Number(r.priced_wh), Number(r.intervals), Number(r.unpriced)]);
    const seeded = await read();
    expect(seeded).toHaveLength(2 * 48);
    expect(seeded.filter((r) => r[1] === 2)).toHaveLength(48);
    expect(seeded.some((r) => (r[3] as number) !== 0)).toBe(true);
    await refreshHourly({ pointIds: [id] }, from, to, db);
    expect(await read()).toEqual(seeded);
    const days = await expectDailyRecomputed(id);
    expect(new Set(days.map((r) => r.series))).toEqual(new Set([1, 2]));
  });

  it("holds the days a full recomputation gives for hourly and 5-minute meters too", async () => {
    const all = demoPlans().flatMap((plan) => planDemoPoints(plan));
    for (const minutes of [60, 5]) {
      const point = all.find((p) => p.intervalMinutes === minutes);
      expect(point).toBeDefined();
      const days = await expectDailyRecomputed(await pointId(point!.gsrn));
      expect(days.some((d) => d.series === 1 && d.priced_wh > 0)).toBe(true);
    }
  });
});
