import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import type { SeriesPoint } from "@/lib/energy/chart";
import { energyBucketsSql, energyTotalSql, type EnergySeries, type RangeInput } from "./readings";
import { arraysOf, numbers } from "./buckets";
import type { PointIntervals } from "./rollup-reads";

export interface EnergyRequest {
  series: EnergySeries;
  points: PointIntervals[];
  /** Buckets over this range. */
  range: RangeInput;
  /** Plain totals (Wh) over these ranges. */
  totals: { fromMs: number; toMs: number }[];
}

export interface EnergyAnswer {
  /** Wh per bucket; buckets without readings are absent. */
  values: SeriesPoint[];
  /** Wh over the bucket range (null without readings), then over each of `totals`. */
  total: number | null;
  totals: (number | null)[];
}

/**
 * Energy per bucket and totals over other ranges for several series, in one statement: the same
 * sums as aggregateEnergy gives one by one (the same sub-selects, energyBucketsSql and
 * energyTotalSql). The total over the bucket range is the sum of the buckets (whole Wh, so exact).
 */
export async function energyFacts(requests: EnergyRequest[]): Promise<EnergyAnswer[]> {
  const parts: { from: SQL[]; select: SQL[] } = { from: [], select: [] };
  const plans = requests.map((req, i) => {
    if (!req.points.length) return null;
    const { grouped, bucket } = energyBucketsSql(req.points, req.series, req.range);
    parts.from.push(sql`(${arraysOf(grouped, ["wh"], bucket)}) ${sql.raw(`a${i}`)}`);
    parts.select.push(sql.raw(`a${i}.t as t${i}, a${i}.wh as wh${i}`));
    req.totals.forEach((t, j) => parts.select.push(sql`${energyTotalSql(req.points, req.series, t.fromMs, t.toMs, req.range.tz)} as ${sql.raw(`s${i}_${j}`)}`));
    return bucket;
  });
  let row: Record<string, unknown> = {};
  if (parts.from.length) {
    const d = await getDb();
    [row] = await queryRows<Record<string, unknown>>(d, sql`select ${sql.join(parts.select, sql`, `)} from ${sql.join(parts.from, sql`, `)}`);
  }
  return requests.map((req, i) => {
    const bucket = plans[i];
    if (!bucket) return { values: [], total: null, totals: req.totals.map(() => null) };
    const t = numbers(row[`t${i}`]);
    const wh = numbers(row[`wh${i}`]);
    const values = t.map((e, k) => ({ at: bucket.toInstant(e), value: wh[k] })).sort((a, b) => a.at - b.at);
    const total = values.length ? values.reduce((s, v) => s + (v.value ?? 0), 0) : null;
    const totals = req.totals.map((_, j) => {
      const v = row[`s${i}_${j}`];
      return v === null || v === undefined ? null : Number(v);
    });
    return { values, total, totals };
  });
}
