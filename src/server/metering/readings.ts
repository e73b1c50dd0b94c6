import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type Db } from "@/server/db/client";
import type { Resolution, SeriesPoint } from "@/lib/energy/chart";
import { bucketSql, queryBuckets } from "./buckets";
import { canUseRollup, hourlyFactsSql, type PointIntervals } from "./rollup";

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
 * Energy per bucket in Wh: consumption, production, or netted (consumption − production), summed
 * over the given points. Buckets without readings are absent (no data is not zero).
 */
export async function aggregateEnergy(
  points: PointIntervals[],
  measurement: EnergySeries | "netted",
  range: RangeInput,
  db?: Db,
): Promise<SeriesPoint[]> {
  if (!points.length) return [];
  const d = db ?? (await getDb());
  const series = measurement === "netted" ? [1, 2] : [SERIES_CODE[measurement]];
  const value = measurement === "netted" ? sql`sum(case when series = 1 then value_wh else -value_wh end)` : sql`sum(value_wh)`;
  // Hour, day and month buckets read hourly facts (the rollup); finer ones the intervals.
  const hourly = canUseRollup(range.resolution, range.fromMs, range.toMs, range.tz);
  const column = sql.raw(hourly ? "hour" : "start");
  const bucket = bucketSql(column, range.resolution, range.fromMs, range.toMs, range.tz);
  const source = hourly
    ? sql`(${hourlyFactsSql(points, series, range.fromMs, range.toMs, false)}) f`
    : sql`interval_readings where metering_point_id in ${points.map((p) => p.id)} and series in ${series}
        and start >= ${iso(range.fromMs)}::timestamptz and start < ${iso(range.toMs)}::timestamptz`;
  // One point, one series, by the hour: the facts already are the buckets (no grouping).
  const asIs = hourly && range.resolution === "60" && points.length === 1 && series.length === 1;
  const grouped = asIs ? sql`select hour as b, value_wh as wh from ${source}` : sql`select ${bucket.inner} as b, ${value}::float8 as wh from ${source} group by 1`;
  const { at, cols } = await queryBuckets(d, grouped, ["wh"], bucket);
  return at.map((ms, i) => ({ at: ms, value: cols[0][i] }));
}

/** Total Wh of a series over a range for the points (one number; 0 when there is no data). */
export async function totalEnergy(points: PointIntervals[], series: EnergySeries, fromMs: number, toMs: number, db?: Db): Promise<number | null> {
  if (!points.length) return null;
  const d = db ?? (await getDb());
  const hourly = fromMs % 3_600_000 === 0 && toMs % 3_600_000 === 0;
  const source = hourly
    ? sql`(${hourlyFactsSql(points, [SERIES_CODE[series]], fromMs, toMs, false)}) f`
    : sql`interval_readings where metering_point_id in ${points.map((p) => p.id)} and series = ${SERIES_CODE[series]}
        and start >= ${iso(fromMs)}::timestamptz and start < ${iso(toMs)}::timestamptz`;
  const [row] = await queryRows<{ wh: number | string | null }>(d, sql`select sum(value_wh)::float8 as wh from ${source}`);
  return row?.wh === null || row?.wh === undefined ? null : Number(row.wh);
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
  const rows = await queryRows<{ start: string | Date; res: number; price: number | string }>(
    d,
    sql`select start, res, price from (${spotRowsSql(zone, fromMs, toMs)}) p order by start`,
  );
  return rows.map((r) => ({ start: new Date(r.start).getTime(), resolutionMinutes: Number(r.res), eurPerMwh: Number(r.price) }));
}

/** Whether a point has readings at a finer interval than hourly in the range (for 5-minute charts). */
export async function latestReadingAt(pointIds: string[], db?: Db): Promise<number | null> {
  if (!pointIds.length) return null;
  const d = db ?? (await getDb());
  const [row] = await queryRows<{ at: string | Date | null }>(
    d,
    sql`select max(start) as at from interval_readings where metering_point_id in ${pointIds} and series = 1`,
  );
  return row?.at ? new Date(row.at).getTime() : null;
}
