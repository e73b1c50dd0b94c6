import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/server/db/client";
import type { Resolution, SeriesPoint } from "@/lib/energy/chart";
import { bucketSql, queryBuckets, type BucketSql } from "./buckets";
import { canUseDaily, canUseRollup, groupedInParts, hourlyFactsSql, onLocalMidnights, splitsAtLastMidnight, type PointIntervals } from "./rollup-reads";
import { localDateString } from "@/lib/energy/time";

export const SERIES_CODE = { consumption: 1, production: 2 } as const;
export type EnergySeries = keyof typeof SERIES_CODE;
export const QUALITY_CODE = { measured: 0, estimated: 1, revised: 2 } as const;
export type Quality = keyof typeof QUALITY_CODE;

export interface RangeInput {
  fromMs: number;
  toMs: number;
  resolution: Resolution;
  tz: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Energy per bucket as a grouped sub-select (`select b, wh … group by 1`, for queryBuckets or
 * arraysOf) with its bucket: consumption, production, or netted (consumption − production),
 * summed over the points. Day and month buckets over whole local days read the daily rollup,
 * other hour, day and month buckets the hourly one, finer ones the intervals
 * (`options.rollup: "hourly"` skips the daily rollup: tests compare the two). A day or month
 * range from a local midnight to a moment within a later day (this month so far) reads its whole
 * days from the daily rollup and only the last day's part from the intervals.
 */
export function energyBucketsSql(points: PointIntervals[], measurement: EnergySeries | "netted", range: RangeInput, options: { rollup?: "auto" | "hourly" } = {}): { grouped: SQL; bucket: BucketSql } {
  return groupedInParts(range, options, ["wh"], (part) => energyBucketsOfRange(points, measurement, { ...range, ...part }, options));
}

function energyBucketsOfRange(points: PointIntervals[], measurement: EnergySeries | "netted", range: RangeInput, options: { rollup?: "auto" | "hourly" }): { grouped: SQL; bucket: BucketSql } {
  const ids = points.map((p) => p.id);
  const series = measurement === "netted" ? [1, 2] : [SERIES_CODE[measurement]];
  const value = measurement === "netted" ? sql`sum(case when series = 1 then value_wh else -value_wh end)` : sql`sum(value_wh)`;
  const hourly = canUseRollup(range.resolution, range.fromMs, range.toMs, range.tz);
  const bucket = bucketSql(sql.raw(hourly ? "hour" : "start"), range.resolution, range.fromMs, range.toMs, range.tz);
  if (options.rollup !== "hourly" && canUseDaily(range.resolution, range.fromMs, range.toMs, range.tz)) {
    // The daily rollup's days are the buckets (months regroup them).
    const grouped = sql`select (day::timestamp at time zone 'UTC') as b, ${value}::float8 as wh from interval_readings_daily
      where metering_point_id in ${ids} and series in ${series}
        and day >= ${localDateString(range.fromMs, range.tz)}::date and day < ${localDateString(range.toMs, range.tz)}::date
      group by 1`;
    return { grouped, bucket };
  }
  if (hourly) {
    const facts = sql`(${hourlyFactsSql(points, series, range.fromMs, range.toMs, false)}) f`;
    // One point, one series, by the hour: the facts already are the buckets (no grouping).
    if (range.resolution === "60" && points.length === 1 && series.length === 1) return { grouped: sql`select hour as b, value_wh as wh from ${facts}`, bucket };
    return { grouped: sql`select ${bucket.inner} as b, ${value}::float8 as wh from ${facts} group by 1`, bucket };
  }
  const grouped = sql`select ${bucket.inner} as b, ${value}::float8 as wh from interval_readings
    where metering_point_id in ${ids} and series in ${series}
      and start >= ${iso(range.fromMs)}::timestamptz and start < ${iso(range.toMs)}::timestamptz
    group by 1`;
  return { grouped, bucket };
}

/** Energy per bucket in Wh (see energyBucketsSql). Buckets without readings are absent (no data is not zero). */
export async function aggregateEnergy(
  points: PointIntervals[],
  measurement: EnergySeries | "netted",
  range: RangeInput,
  db?: Db,
  options: { rollup?: "auto" | "hourly" } = {},
): Promise<SeriesPoint[]> {
  if (!points.length) return [];
  const d = db ?? (await getDb());
  const { grouped, bucket } = energyBucketsSql(points, measurement, range, options);
  const { at, cols } = await queryBuckets(d, grouped, ["wh"], bucket);
  return at.map((ms, i) => ({ at: ms, value: cols[0][i] }));
}

/**
 * Σ Wh of a series of the points over [fromMs, toMs) as a scalar sub-select (NULL without
 * readings): the daily rollup over whole local days of `tz`, the hourly one over whole hours,
 * else the intervals.
 */
export function energyTotalSql(points: PointIntervals[], series: EnergySeries, fromMs: number, toMs: number, tz: string): SQL {
  const ids = points.map((p) => p.id);
  const code = SERIES_CODE[series];
  const lastMidnight = splitsAtLastMidnight({ fromMs, toMs, resolution: "day", tz });
  if (lastMidnight !== null) {
    // Whole days from the daily rollup, the last day's part from the intervals; NULL when neither has readings.
    return sql`(select sum(v)::float8 from (values (${energyTotalSql(points, series, fromMs, lastMidnight, tz)}), (${energyTotalSql(points, series, lastMidnight, toMs, tz)})) x(v))`;
  }
  if (onLocalMidnights(fromMs, toMs, tz)) {
    return sql`(select sum(value_wh)::float8 from interval_readings_daily where metering_point_id in ${ids} and series = ${code}
      and day >= ${localDateString(fromMs, tz)}::date and day < ${localDateString(toMs, tz)}::date)`;
  }
  if (fromMs % 3_600_000 === 0 && toMs % 3_600_000 === 0) return sql`(select sum(value_wh)::float8 from (${hourlyFactsSql(points, [code], fromMs, toMs, false)}) f)`;
  return sql`(select sum(value_wh)::float8 from interval_readings where metering_point_id in ${ids} and series = ${code}
    and start >= ${iso(fromMs)}::timestamptz and start < ${iso(toMs)}::timestamptz)`;
}

/** Average outdoor temperature (°C) per bucket for a weather area; hourly data, so finer buckets fall on the hour. */
export async function aggregateTemperature(area: string, range: RangeInput, db?: Db): Promise<SeriesPoint[]> {
  const d = db ?? (await getDb());
  const bucket = bucketSql(sql.raw("start"), range.resolution, range.fromMs, range.toMs, range.tz);
  const grouped = sql`select ${bucket.inner} as b, sum(tenths_c)::int8 as s, count(*)::int8 as n
    from temperatures
    where area = ${area} and start >= ${iso(range.fromMs)}::timestamptz and start < ${iso(range.toMs)}::timestamptz
    group by 1`;
  const { at, cols } = await queryBuckets(d, grouped, ["s", "n"], bucket);
  return at.map((ms, i) => ({ at: ms, value: Math.round(cols[0][i] / cols[1][i]) / 10 }));
}

/**
 * Spot prices of a zone in the range, 15-minute where published so, hourly elsewhere (before the
 * 15-minute day-ahead market began, or from an hourly-only import).
 */
export function spotRowsSql(zone: string, fromMs: number, toMs: number): SQL {
  return sql`select start, resolution_minutes as res, price_eur_mwh::float8 as price from spot_prices
      where zone = ${zone} and resolution_minutes = 15 and start >= ${iso(fromMs)}::timestamptz and start < ${iso(toMs)}::timestamptz
    union all
    select p.start, p.resolution_minutes, p.price_eur_mwh::float8 from spot_prices p
      where p.zone = ${zone} and p.resolution_minutes = 60 and p.start >= ${iso(fromMs - 3_600_000)}::timestamptz and p.start < ${iso(toMs)}::timestamptz
        and p.start + interval '1 hour' > ${iso(fromMs)}::timestamptz
        and not exists (select 1 from spot_prices q where q.zone = p.zone and q.resolution_minutes = 15 and q.start >= p.start and q.start < p.start + interval '1 hour')`;
}

/** Time-weighted average spot price (€/MWh, VAT 0) per bucket. */
export async function aggregateSpot(zone: string, range: RangeInput, db?: Db): Promise<SeriesPoint[]> {
  const d = db ?? (await getDb());
  const bucket = bucketSql(sql.raw("start"), range.resolution, range.fromMs, range.toMs, range.tz);
  const grouped = sql`select ${bucket.inner} as b, sum(price * res)::float8 as s, sum(res)::float8 as n
    from (${spotRowsSql(zone, range.fromMs, range.toMs)}) p group by 1`;
  const { at, cols } = await queryBuckets(d, grouped, ["s", "n"], bucket);
  return at.map((ms, i) => ({ at: ms, value: cols[0][i] / cols[1][i] }));
}

export interface SpotRow {
  start: number;
  resolutionMinutes: number;
  eurPerMwh: number;
}

/** The published spot prices of a zone in the range, in order. */
export async function listSpotPrices(zone: string, fromMs: number, toMs: number, db?: Db): Promise<SpotRow[]> {
  const d = db ?? (await getDb());
  const rows = await queryRows<{ start: string | Date; res: number; price: number | string }>(d, sql`select start, res, price from (${spotRowsSql(zone, fromMs, toMs)}) p order by start`);
  return rows.map((r) => ({ start: new Date(r.start).getTime(), resolutionMinutes: Number(r.res), eurPerMwh: Number(r.price) }));
}

/** Whether a point has readings at a finer interval than hourly in the range (for 5-minute charts). */
export async function latestReadingAt(pointIds: string[], db?: Db): Promise<number | null> {
  if (!pointIds.length) return null;
  const d = db ?? (await getDb());
  const [row] = await queryRows<{ at: string | Date | null }>(d, sql`select max(start) as at from interval_readings where metering_point_id in ${pointIds} and series = 1`);
  return row?.at ? new Date(row.at).getTime() : null;
}
