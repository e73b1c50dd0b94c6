import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { offsetSpans, startOfLocalDay } from "@/lib/energy/time";
import type { Resolution } from "@/lib/energy/chart";
import type { BucketSql } from "./buckets";
import { spotJoinsSql } from "./rollup";

/*
 * How queries read the rollups: whether a range and resolution can use the hourly or the daily
 * rollup, and the hourly facts of a set of points (the rollup for fine meters, the readings of
 * hourly ones).
 */

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whether a query can read the daily rollup: day or month buckets over whole local days of `tz`,
 * which must be the zone of the points' site (the rollup's days are the site's).
 */
export function canUseDaily(resolution: Resolution, fromMs: number, toMs: number, tz: string): boolean {
  return (resolution === "day" || resolution === "month") && onLocalMidnights(fromMs, toMs, tz);
}

/** Whether a range runs from a local midnight of `tz` to another: whole days of the daily rollup. */
export function onLocalMidnights(fromMs: number, toMs: number, tz: string): boolean {
  return startOfLocalDay(fromMs, tz) === fromMs && startOfLocalDay(toMs, tz) === toMs;
}

/**
 * Whether a query can read the hourly rollup: buckets of an hour or longer, a range on whole
 * hours, and a zone whose offsets are whole hours (every Nordic and Baltic zone).
 */
export function canUseRollup(resolution: Resolution, fromMs: number, toMs: number, tz: string): boolean {
  if (resolution !== "60" && resolution !== "day" && resolution !== "month") return false;
  if (fromMs % HOUR !== 0 || toMs % HOUR !== 0) return false;
  return offsetSpans(fromMs, toMs, tz).every((s) => s.offsetMinutes % 60 === 0);
}

export interface PointIntervals {
  id: string;
  intervalMinutes: number;
}

/**
 * One row per point, series and hour with the rollup's columns (value_wh, spot_wh, priced_wh,
 * intervals, unpriced, interval_minutes): from the rollup for 5- and 15-minute meters, from the
 * readings themselves for hourly meters. `priced` adds the spot price columns of hourly meters
 * (a join); without it they are zero.
 */
export function hourlyFactsSql(points: PointIntervals[], series: number[], fromMs: number, toMs: number, priced: boolean): SQL {
  const fine = points.filter((p) => p.intervalMinutes < 60).map((p) => p.id);
  const hourly = points.filter((p) => p.intervalMinutes >= 60).map((p) => p.id);
  const parts: SQL[] = [];
  if (!priced) {
    // Energy only: no price or interval columns, no joins.
    if (fine.length) {
      parts.push(sql`select metering_point_id, hour, series, value_wh from interval_readings_hourly
        where metering_point_id in ${fine} and series in ${series} and hour >= ${iso(fromMs)}::timestamptz and hour < ${iso(toMs)}::timestamptz`);
    }
    if (hourly.length) {
      parts.push(sql`select metering_point_id, start as hour, series, value_wh from interval_readings
        where metering_point_id in ${hourly} and series in ${series} and start >= ${iso(fromMs)}::timestamptz and start < ${iso(toMs)}::timestamptz`);
    }
    if (!parts.length) throw new Error("hourlyFactsSql needs points");
    return sql.join(parts, sql` union all `);
  }
  if (fine.length) {
    parts.push(sql`select h.metering_point_id, h.hour, h.series, h.value_wh, h.spot_wh, h.priced_wh, h.intervals::int as intervals, h.unpriced::int as unpriced, mp.interval_minutes
      from interval_readings_hourly h join metering_points mp on mp.id = h.metering_point_id
      where h.metering_point_id in ${fine} and h.series in ${series}
        and h.hour >= ${iso(fromMs)}::timestamptz and h.hour < ${iso(toMs)}::timestamptz`);
  }
  if (hourly.length) {
    const { joins, spot } = priced ? spotJoinsSql(fromMs, toMs, { pointIds: hourly, hourlyOnly: true }) : { joins: sql``, spot: sql`null::float8` };
    parts.push(sql`select r.metering_point_id, r.start as hour, r.series, r.value_wh,
        coalesce(r.value_wh * ${spot}, 0)::float8 as spot_wh,
        (case when ${spot} is null then 0 else r.value_wh end) as priced_wh,
        1 as intervals,
        (case when ${spot} is null then 1 else 0 end) as unpriced,
        mp.interval_minutes
      from interval_readings r join metering_points mp on mp.id = r.metering_point_id
      ${joins}
      where r.metering_point_id in ${hourly} and r.series in ${series}
        and r.start >= ${iso(fromMs)}::timestamptz and r.start < ${iso(toMs)}::timestamptz`);
  }
  if (!parts.length) throw new Error("hourlyFactsSql needs points");
  return sql.join(parts, sql` union all `);
}

/**
 * The local midnight that splits a day or month range into whole days (the daily rollup's) and a
 * part of a last day, or null when the range is not such: it must start on a local midnight and
 * end after a later one, off a midnight.
 */
export function splitsAtLastMidnight(range: { fromMs: number; toMs: number; resolution: Resolution; tz: string }, options: { rollup?: "auto" | "hourly" } = {}): number | null {
  if (options.rollup === "hourly" || (range.resolution !== "day" && range.resolution !== "month")) return null;
  const lastMidnight = startOfLocalDay(range.toMs, range.tz);
  if (lastMidnight <= range.fromMs || lastMidnight >= range.toMs || startOfLocalDay(range.fromMs, range.tz) !== range.fromMs) return null;
  return lastMidnight;
}

/**
 * A grouped sub-select of buckets (`select b, <columns> … group by 1`) over a range, built by
 * `build` for the range whole, or, where splitsAtLastMidnight splits it, for its two parts as one
 * statement: a bucket both parts have (a month, or nothing for days) is their sum. Every column
 * must be a sum over rows, so the parts add up to the whole range's answer.
 */
export function groupedInParts(
  range: { fromMs: number; toMs: number; resolution: Resolution; tz: string },
  options: { rollup?: "auto" | "hourly" },
  columns: string[],
  build: (part: { fromMs: number; toMs: number }) => { grouped: SQL; bucket: BucketSql },
): { grouped: SQL; bucket: BucketSql } {
  const lastMidnight = splitsAtLastMidnight(range, options);
  if (lastMidnight === null) return build(range);
  const days = build({ fromMs: range.fromMs, toMs: lastMidnight });
  const rest = build({ fromMs: lastMidnight, toMs: range.toMs });
  // Both parts give day buckets as local midnights read as UTC (bucketSql), so they line up.
  const sums = sql.raw(columns.map((c) => `sum(${c})::float8 as ${c}`).join(", "));
  return { grouped: sql`select b, ${sums} from ((${days.grouped}) union all (${rest.grouped})) u group by 1`, bucket: days.bucket };
}
