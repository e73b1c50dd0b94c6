import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import type { Resolution } from "@/lib/energy/chart";
import { offsetSpans, zonedTimeToUtc } from "@/lib/energy/time";

/**
 * Calendar buckets in the site's zone without a time-zone lookup per row: the zone's UTC offset
 * changes only at DST transitions, so the offset of each row is a CASE over the (few) transitions
 * in the range, computed once in TypeScript. `AT TIME ZONE` per row costs more than the rest of
 * the aggregation on a year of 15-minute data (docs/performance.md).
 */
const ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);

function ts(ms: number): SQL {
  // Our own computed instants, never client text.
  return sql.raw(`timestamptz '${new Date(ms).toISOString()}'`);
}

/** The zone's offset of `column` in minutes, as SQL. */
export function offsetMinutesSql(column: SQL, fromMs: number, toMs: number, tz: string): SQL {
  const spans = offsetSpans(fromMs, toMs, tz);
  if (spans.length === 1) return sql.raw(String(spans[0].offsetMinutes));
  const parts: SQL[] = [sql`case`];
  for (let i = 1; i < spans.length; i++) parts.push(sql` when ${column} < ${ts(spans[i].from)} then ${sql.raw(String(spans[i - 1].offsetMinutes))}`);
  parts.push(sql` else ${sql.raw(String(spans[spans.length - 1].offsetMinutes))} end`);
  return sql.join(parts, sql.raw(""));
}

/** `column` moved to the zone's wall clock, still typed timestamptz (its UTC fields read as local time). */
export function wallClockSql(column: SQL, fromMs: number, toMs: number, tz: string): SQL {
  return sql`(${column} + (${offsetMinutesSql(column, fromMs, toMs, tz)}) * interval '1 minute')`;
}

export interface BucketSql {
  /** Expression of the bucket for each row (to GROUP BY). */
  inner: SQL;
  /** When set, buckets of `inner` regroup by this expression of the inner bucket `b` (months from days). */
  outer?: SQL;
  /** Converts a bucket's epoch seconds, as SQL returns it, to the bucket's start instant. */
  toInstant: (epochSeconds: number) => number;
}

export function bucketSql(column: SQL, resolution: Resolution, fromMs: number, toMs: number, tz: string): BucketSql {
  if (resolution === "day" || resolution === "month") {
    const wall = wallClockSql(column, fromMs, toMs, tz);
    const inner = sql`date_bin(interval '1 day', ${wall}, ${ORIGIN})`;
    const toInstant = (epoch: number) => {
      const d = new Date(epoch * 1000);
      return zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, 0, tz);
    };
    if (resolution === "day") return { inner, toInstant };
    return { inner, outer: sql`date_trunc('month', b at time zone 'UTC') at time zone 'UTC'`, toInstant };
  }
  const minutes = Number(resolution);
  const spans = offsetSpans(fromMs, toMs, tz);
  // Whole-hour offsets (all Nordic and Baltic zones) keep local 5/15/60-minute buckets aligned to UTC ones.
  if (spans.every((s) => s.offsetMinutes % minutes === 0)) {
    return { inner: sql`date_bin(interval '${sql.raw(String(minutes))} minutes', ${column}, ${ORIGIN})`, toInstant: (e) => e * 1000 };
  }
  const off = sql`(${offsetMinutesSql(column, fromMs, toMs, tz)}) * interval '1 minute'`;
  return {
    inner: sql`(date_bin(interval '${sql.raw(String(minutes))} minutes', ${column} + ${off}, ${ORIGIN}) - ${off})`,
    toInstant: (e) => e * 1000,
  };
}

/**
 * Wraps a grouped sub-select (`select <bucket> as b, <aggregates…> … group by 1`) so the whole
 * answer is one row: returning thousands of rows costs more than aggregating them. Each column
 * comes as one comma-separated text (read by `numbers`), which the client splits natively,
 * where a SQL array of 8,760 numbers costs it several times as much to parse. The rows are
 * sorted once and every list is built in that one pass; bucket times are whole epoch seconds,
 * and a NULL value comes as NaN, so the lists stay aligned.
 */
export function arraysOf(grouped: SQL, columns: string[], bucket: BucketSql): SQL {
  const aggs = columns.map((c) => sql.raw(`coalesce(string_agg(coalesce(${c}::text, 'NaN'), ','), '') as ${c}`));
  const inner = bucket.outer
    ? sql`select ${bucket.outer} as b, ${sql.join(
        columns.map((c) => sql.raw(`sum(${c})::float8 as ${c}`)),
        sql`, `,
      )} from (${grouped}) g group by 1`
    : grouped;
  return sql`select coalesce(string_agg(date_part('epoch', b)::int8::text, ','), '') as t, ${sql.join(aggs, sql`, `)}
    from (select * from (${inner}) o order by b) x`;
}

/**
 * Runs `arraysOf` and returns the bucket instants with their columns, in time order. All arrays
 * come from one aggregation pass, so index i of each belongs together; should the database ever
 * hand them over unsorted, they are sorted here together.
 */
export async function queryBuckets(db: Db, grouped: SQL, columns: string[], bucket: BucketSql): Promise<{ at: number[]; cols: number[][] }> {
  const [row] = await queryRows<Record<string, unknown>>(db, arraysOf(grouped, columns, bucket));
  let t = numbers(row?.t);
  let cols = columns.map((c) => numbers(row?.[c]));
  let sorted = true;
  for (let i = 1; i < t.length && sorted; i++) sorted = t[i - 1] <= t[i];
  if (!sorted) {
    const order = t.map((_, i) => i).sort((x, y) => t[x] - t[y]);
    t = order.map((i) => t[i]);
    cols = cols.map((c) => order.map((i) => c[i]));
  }
  return { at: t.map(bucket.toInstant), cols };
}

/** A column of `arraysOf` as numbers (NaN where the value was NULL). */
export function numbers(value: unknown): number[] {
  if (typeof value === "string") return value === "" ? [] : value.split(",").map(Number);
  if (!Array.isArray(value)) return [];
  return value.map((v) => (v === null ? NaN : Number(v)));
}
