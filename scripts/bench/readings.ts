/**
 * Readings benchmark: chart aggregations of one metering point over a day, a month and a year at
 * each resolution, the expense query, and import speed, on the engine the process has open.
 */
import { sql } from "drizzle-orm";
import { quantile } from "./quantile";
import { getDb, queryRows } from "../../src/server/db/client";
import { aggregateEnergy } from "../../src/server/metering/readings";
import { aggregateExpenses } from "../../src/server/metering/expenses";
import { importReadingsCsv } from "../../src/server/importers/readings";
import { withRawTransaction } from "../../src/server/metering/bulk";
import { refreshDailyInTx, refreshHourlyInTx } from "../../src/server/metering/rollup";
import { addLocalDays, startOfLocalDay, startOfLocalMonth } from "../../src/lib/energy/time";
import type { Resolution } from "../../src/lib/energy/chart";

export interface Timing {
  label: string;
  p50: number;
  p95: number;
  rows?: number;
}

export async function time(label: string, runs: number, fn: () => Promise<number | void>): Promise<Timing> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  let rows: number | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const n = await fn();
    times.push(performance.now() - t);
    if (typeof n === "number") rows = n;
  }
  times.sort((a, b) => a - b);
  return { label, p50: quantile(times, 0.5), p95: quantile(times, 0.95), rows };
}

export interface BenchPoint {
  id: string;
  gsrn: string;
  intervalMinutes: number;
  siteId: string;
}

/** The busiest 15-minute point of a site (a year of history and more). */
export async function pickPoint(siteId = "aurora", interval = 15): Promise<BenchPoint> {
  const db = await getDb();
  const [row] = await queryRows<{ id: string; gsrn: string; interval_minutes: number }>(
    db,
    sql`select id, gsrn, interval_minutes from metering_points where site_id = ${siteId} and interval_minutes = ${interval} and energy_kind = 'electricity' order by gsrn limit 1`,
  );
  if (!row) throw new Error(`no ${interval}-minute point on ${siteId}`);
  return { id: row.id, gsrn: row.gsrn, intervalMinutes: Number(row.interval_minutes), siteId };
}

const CASES: { range: "day" | "month" | "year"; resolutions: Resolution[] }[] = [
  { range: "day", resolutions: ["15", "60"] },
  { range: "month", resolutions: ["15", "60", "day"] },
  { range: "year", resolutions: ["60", "day", "month"] },
];

export async function benchQueries(point: BenchPoint, tz: string, runs: number): Promise<Timing[]> {
  const now = Date.now();
  const monthStart = startOfLocalMonth(now, tz);
  const ranges = {
    day: [addLocalDays(startOfLocalDay(now, tz), -1, tz), startOfLocalDay(now, tz)],
    month: [startOfLocalMonth(now, tz, -1), monthStart],
    year: [startOfLocalMonth(now, tz, -12), monthStart],
  } as const;
  const out: Timing[] = [];
  for (const c of CASES) {
    const [fromMs, toMs] = ranges[c.range];
    for (const resolution of c.resolutions) {
      out.push(
        await time(`consumption, ${c.range} at ${resolution === "day" || resolution === "month" ? `1 ${resolution}` : `${resolution} min`}`, runs, async () => {
          const v = await aggregateEnergy([point], "consumption", { fromMs, toMs, resolution, tz });
          return v.length;
        }),
      );
    }
  }
  for (const c of [
    { range: "month" as const, resolution: "day" as Resolution },
    { range: "year" as const, resolution: "month" as Resolution },
  ]) {
    const [fromMs, toMs] = ranges[c.range];
    out.push(
      await time(`expenses (spot × energy + fees, VAT), ${c.range} at 1 ${c.resolution}`, runs, async () => {
        const v = await aggregateExpenses([point], { fromMs, toMs, resolution: c.resolution, tz }, 2550);
        return v.length;
      }),
    );
  }
  return out;
}

export interface ImportBench {
  points: number;
  rowsPerFile: number;
  /** New deliveries (every point for some days before the history), one after another: the median file's rows/s. */
  insertRowsPerSecond: number;
  /** The slowest and fastest of them. */
  insertRange: [number, number];
  deliveries: number;
  /** A file again: nothing changes (median of three). */
  unchangedRowsPerSecond: number;
  /** Four more such files, two at a time on separate connections (PostgreSQL only). */
  parallel?: { files: number; at: number; rowsPerSecond: number };
  /** Where the median new file's time went, ms (see ImportPhase). */
  phases: Record<string, number>;
}

/**
 * Import speed the way a supplier's delivery comes: CSV files with every 15-minute electricity
 * point of the site for as many days as make about `target` rows each, read and imported as `npm
 * run import` does (read, check, COPY and rollups in one transaction per file), at times before
 * the demo history so that the rows are new, after one untimed delivery. Five deliveries are
 * timed one after another and the median is reported with the range: a virtual machine's speed
 * varies from one second to the next.
 */
export async function benchImport(siteId: string, target: number, parallel: boolean): Promise<ImportBench> {
  const db = await getDb();
  const points = await queryRows<{ id: string; gsrn: string }>(
    db,
    sql`select id, gsrn from metering_points where site_id = ${siteId} and interval_minutes = 15 and energy_kind = 'electricity' order by gsrn`,
  );
  const days = Math.max(1, Math.round(target / (96 * points.length)));
  const DAY = 86_400_000;
  const origin = Date.UTC(2014, 0, 1);
  const DELIVERIES = 5;
  const FILES = 1 + DELIVERIES + 4;
  const csv = (file: number) => {
    const lines = ["gsrn,timestamp,interval_minutes,value,unit"];
    const from = origin + file * days * DAY;
    for (const p of points) {
      for (let i = 0; i < days * 96; i++) lines.push(`${p.gsrn},${new Date(from + i * 900_000).toISOString()},15,${(i * 37 + p.gsrn.charCodeAt(17)) % 900},Wh`);
    }
    return `${lines.join("\n")}\n`;
  };
  const timed = async (text: string) => {
    const phases: Record<string, number> = {};
    const t = performance.now();
    const result = await importReadingsCsv(siteId, text, { onPhase: (p, ms) => (phases[p] = Math.round(ms)) });
    return { result, rowsPerSecond: Math.round(result.rows / ((performance.now() - t) / 1000)), phases };
  };
  try {
    // A warm-up delivery first (untimed): a running importer has its code compiled and the
    // points' recent index pages cached; the first file of a fresh process measures neither.
    await timed(csv(0));
    const fresh: Awaited<ReturnType<typeof timed>>[] = [];
    for (let f = 1; f <= DELIVERIES; f++) fresh.push(await timed(csv(f)));
    const rows = fresh[0].result.rows;
    if (fresh.some((r) => r.result.inserted !== rows)) throw new Error("import benchmark: unexpected counts");
    const first = csv(1);
    const again: number[] = [];
    for (let k = 0; k < 3; k++) {
      const r = await timed(first);
      if (r.result.unchanged !== rows) throw new Error("import benchmark: unexpected counts");
      again.push(r.rowsPerSecond);
    }
    let parallelResult: ImportBench["parallel"];
    if (parallel) {
      const files = [1, 2, 3, 4].map((k) => csv(DELIVERIES + k));
      const queue = [...files];
      const t = performance.now();
      let total = 0;
      await Promise.all(
        [0, 1].map(async () => {
          for (let f = queue.shift(); f !== undefined; f = queue.shift()) total += (await importReadingsCsv(siteId, f)).inserted;
        }),
      );
      parallelResult = { files: files.length, at: 2, rowsPerSecond: Math.round(total / ((performance.now() - t) / 1000)) };
    }
    const speeds = fresh.map((r) => r.rowsPerSecond).sort((a, b) => a - b);
    const mid = fresh.find((r) => r.rowsPerSecond === quantile(speeds, 0.5))!;
    return {
      points: points.length,
      rowsPerFile: rows,
      insertRowsPerSecond: mid.rowsPerSecond,
      insertRange: [speeds[0], speeds[speeds.length - 1]],
      deliveries: DELIVERIES,
      unchangedRowsPerSecond: quantile(
        again.sort((a, b) => a - b),
        0.5,
      ),
      parallel: parallelResult,
      phases: mid.phases,
    };
  } finally {
    const end = new Date(origin + FILES * days * DAY).toISOString();
    const ids = points.map((p) => p.id);
    await db.execute(sql`delete from interval_readings where metering_point_id in ${ids} and start < ${end}::timestamptz`);
    await db.execute(sql`delete from interval_readings_hourly where metering_point_id in ${ids} and hour < ${end}::timestamptz`);
    await db.execute(sql`delete from interval_readings_daily where metering_point_id in ${ids} and day <= ${end}::date`);
  }
}

export async function tableSizes(): Promise<{ rows: number; heap: string; index: string; total: string }> {
  const db = await getDb();
  const [row] = await queryRows<{ rows: number; heap: string; index: string; total: string }>(
    db,
    sql`select (select count(*) from interval_readings)::int as rows,
      pg_size_pretty(pg_relation_size('interval_readings')) as heap,
      pg_size_pretty(pg_indexes_size('interval_readings')) as index,
      pg_size_pretty(pg_total_relation_size('interval_readings')) as total`,
  );
  return { rows: Number(row.rows), heap: row.heap, index: row.index, total: row.total };
}

/**
 * Adds `count` metering points with `months` of 15-minute consumption each, generated inside
 * PostgreSQL (generate_series), loading the way a bulk load should: keys dropped and rebuilt.
 */
export async function loadScale(count: number, months: number, log: (m: string) => void): Promise<BenchPoint> {
  const db = await getDb();
  const [customer] = await queryRows<{ id: string }>(db, sql`select id from customers where site_id = 'aurora' order by client_code limit 1`);
  const tz = "Europe/Helsinki";
  const to = startOfLocalDay(Date.now(), tz);
  const from = startOfLocalMonth(to, tz, -months);
  await db.execute(sql`insert into metering_points (site_id, customer_id, gsrn, energy_kind, street, postal_code, city, location_id, location_name, bidding_zone, weather_area, interval_minutes)
    select 'aurora', ${customer.id}::uuid, '699' || lpad(g::text, 15, '0'), 'electricity', 'Skaalatie ' || g, '00100', 'Helsinki', gen_random_uuid(), 'Skaalatie ' || g, 'FI', 'FI-HELSINKI', 15
    from generate_series(1, ${count}) g on conflict do nothing`);
  await db.execute(sql`insert into energy_contracts (site_id, customer_id, metering_point_id, product_name, price_model, margin_c_kwh, monthly_fee_cents, valid_from)
    select 'aurora', customer_id, id, 'Spot', 'Hourly', 0.39, 395, '2020-01-01' from metering_points where gsrn like '699%'`);
  await db.execute(sql`alter table interval_readings drop constraint interval_readings_pk`);
  const started = Date.now();
  const BATCH = 50;
  for (let first = 1; first <= count; first += BATCH) {
    await db.execute(sql`insert into interval_readings (metering_point_id, start, value_wh, series, quality)
      select p.id, ts, (60 + 340 * random() + 200 * (extract(hour from ts) between 6 and 21)::int)::int, 1, 0
      from metering_points p cross join generate_series(${new Date(from).toISOString()}::timestamptz, ${new Date(to - 900_000).toISOString()}::timestamptz, interval '15 minutes') ts
      where p.gsrn between ${"699" + String(first).padStart(15, "0")} and ${"699" + String(Math.min(count, first + BATCH - 1)).padStart(15, "0")}`);
    log(`    ${Math.min(count, first + BATCH - 1)} / ${count} points loaded (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const keysStarted = Date.now();
  await withRawTransaction(async (tx) => {
    await tx.query("set local maintenance_work_mem = '512MB'");
    await tx.query("alter table interval_readings add constraint interval_readings_pk primary key (metering_point_id, series, start)");
  });
  log(`    keys rebuilt in ${Math.round((Date.now() - keysStarted) / 1000)} s`);
  // Statistics first, or the planner joins 38 M fresh rows to the prices one by one.
  await db.execute(sql`analyze interval_readings`);
  const rollupStarted = Date.now();
  await withRawTransaction(async (tx) => {
    await tx.query("set local work_mem = '256MB'");
    await refreshHourlyInTx(tx, { zone: "FI" }, from, to);
  });
  log(`    hourly rollup built in ${Math.round((Date.now() - rollupStarted) / 1000)} s`);
  await db.execute(sql`analyze interval_readings_hourly`);
  const dailyStarted = Date.now();
  await withRawTransaction(async (tx) => {
    await tx.query("set local work_mem = '256MB'");
    await refreshDailyInTx(tx, { zone: "FI" }, from, to);
  });
  log(`    daily rollup built in ${Math.round((Date.now() - dailyStarted) / 1000)} s`);
  await db.execute(sql`vacuum analyze interval_readings`);
  await db.execute(sql`vacuum analyze interval_readings_hourly`);
  await db.execute(sql`vacuum analyze interval_readings_daily`);
  // The load leaves gigabytes of dirty pages: write them out now rather than under the timed queries.
  await db.execute(sql`checkpoint`).catch((err: unknown) => log(`    no checkpoint (${(err as Error).message}); the first queries may wait on its writes`));
  const [p] = await queryRows<{ id: string; gsrn: string }>(db, sql`select id, gsrn from metering_points where gsrn = ${"699" + String(Math.ceil(count / 2)).padStart(15, "0")}`);
  return { id: p.id, gsrn: p.gsrn, intervalMinutes: 15, siteId: "aurora" };
}
