import "server-only";
import type { RawTx } from "@/server/metering/bulk";
import { lockRollupsInTx, type TouchedSpan } from "@/server/metering/rollup";
import { seriesCode, type CheckedReadings, type PointFacts } from "./reading-checks";
import { parseTimestampWithOffset } from "./types";

/**
 * A quick look at a file before its rows are read in full: the GSRN texts it names, and per GSRN
 * and series text the first and last start among rows whose timestamp reads. What the checks
 * find must agree (see sameStretches); where it does not, the import takes the slower way.
 */
export interface Glance {
  gsrns: Set<string>;
  stretches: Map<string, { gsrn: string; series: string | undefined; from: number; to: number }>;
  records: number;
}

/** Gathers a Glance from rows given one at a time. */
export class GlanceOf {
  readonly glance: Glance = { gsrns: new Set(), stretches: new Map(), records: 0 };
  private lastGsrn: string | undefined = undefined;
  private lastSeries: string | undefined = undefined;
  private key = "";
  private current: { gsrn: string; series: string | undefined; from: number; to: number } | undefined;
  add(gsrn: string, timestamp: string, series: string | undefined): void {
    this.glance.records++;
    // Rows of a point come together more often than not: the previous row's stretch usually holds.
    if (gsrn !== this.lastGsrn || series !== this.lastSeries || !this.current) {
      this.lastGsrn = gsrn;
      this.lastSeries = series;
      this.glance.gsrns.add(gsrn);
      this.key = `${gsrn}\u0000${series === undefined ? "\u0001" : series}`;
      this.current = this.glance.stretches.get(this.key);
    }
    const start = parseTimestampWithOffset(timestamp);
    if (start === null) return;
    const c = this.current;
    if (!c) this.glance.stretches.set(this.key, (this.current = { gsrn, series, from: start, to: start }));
    else if (start < c.from) c.from = start;
    else if (start > c.to) c.to = start;
  }
}

/** A point's series' stretch of readings: [fromMs, toMs). */
export type Stretch = { facts: PointFacts; series: number; fromMs: number; toMs: number };

/**
 * Per point and series, the stretch the file would write, [first start, last start + the
 * point's interval), from a Glance: should every row pass the checks, exactly the stretches the
 * import writes; should one not, nothing is written.
 */
export function reachOf(glance: Glance, points: Map<string, PointFacts>): Stretch[] {
  const reach = new Map<string, Stretch>();
  for (const g of glance.stretches.values()) {
    const facts = points.get(g.gsrn.replace(/\s/g, ""));
    const series = seriesCode(g.series);
    if (!facts || series === undefined) continue;
    const key = `${facts.id}:${series}`;
    const s = reach.get(key);
    if (!s) reach.set(key, { facts, series, fromMs: g.from, toMs: g.to });
    else {
      s.fromMs = Math.min(s.fromMs, g.from);
      s.toMs = Math.max(s.toMs, g.to);
    }
  }
  return [...reach.values()].map((s) => ({ ...s, toMs: s.toMs + s.facts.intervalMinutes * 60_000 }));
}

/** The stretches the checked rows fill, as reachOf gives them. */
export function stretchesOf(c: CheckedReadings): Stretch[] {
  return [...c.spans.values()].map((s) => ({ facts: c.points[s.pointNo], series: s.series, fromMs: s.from, toMs: s.to + s.intervalMs }));
}

/** Whether two lists hold the same stretches. */
export function sameStretches(a: Stretch[], b: Stretch[]): boolean {
  if (a.length !== b.length) return false;
  const byKey = new Map(a.map((s) => [`${s.facts.id}:${s.series}`, s]));
  return b.every((s) => {
    const r = byKey.get(`${s.facts.id}:${s.series}`);
    return r !== undefined && r.fromMs === s.fromMs && r.toMs === s.toMs;
  });
}

/** Takes the rollup locks of the stretches' points and zones (lockRollupsInTx). */
export const lockStretches = (tx: RawTx, stretches: Stretch[]) => lockRollupsInTx(tx, { pointIds: stretches.map((s) => s.facts.id), zones: stretches.map((s) => s.facts.biddingZone) });

/** A stretch as the rollup's TouchedSpan. */
export const toSpan = (s: Stretch): TouchedSpan => ({ pointId: s.facts.id, series: s.series, fromMs: s.fromMs, toMs: s.toMs });
