import "server-only";
import { pgArray, type RawTx } from "@/server/metering/bulk";
import { QUALITY_CODE, SERIES_CODE } from "@/server/metering/readings";
import { MAX_ISSUES, parseDecimal, parseTimestampWithOffset, type ImportIssue } from "./types";
import type { ReadingInput } from "./readings";

/** What the checks need to know of a metering point of the site. */
export interface PointFacts {
  id: string;
  intervalMinutes: number;
  hasProduction: boolean;
  biddingZone: string;
}

/** Rows that passed every check, in columns: the point (index into `pointIds`), start in epoch seconds, Wh, series, quality. */
export interface CheckedReadings {
  pointIds: string[];
  /** The facts of each point in `pointIds`. */
  points: PointFacts[];
  point: Int32Array;
  seconds: Float64Array;
  wh: Int32Array;
  series: Uint8Array;
  quality: Uint8Array;
  count: number;
  /** Per point and series, the first and last interval start (ms) and the interval: what the rollup must refresh. */
  spans: Map<number, { pointNo: number; series: number; from: number; to: number; intervalMs: number }>;
}

const MAX_WH = 2_147_483_647;
const INTERVALS = new Map([
  ["5", 5],
  ["15", 15],
  ["60", 60],
]);
const QUALITIES = new Map(Object.entries(QUALITY_CODE));
const SERIES = new Map(Object.entries(SERIES_CODE));
type GsrnVerdict = { ok: true; no: number; facts: PointFacts } | { ok: false; message: string; value: string };

/** A file's series text as its code: empty is consumption; undefined when unknown. */
export const seriesCode = (raw: string | undefined) => (raw === undefined || raw === "" ? SERIES_CODE.consumption : SERIES.get(raw.trim().toLowerCase() || "consumption"));

/**
 * Validates rows against the site's metering points, a slice at a time (see check); every
 * problem is reported with its line. Written for files of millions of rows: per-point facts and
 * verdicts are looked up once per distinct GSRN text, duplicates are found with numeric keys per
 * point, and the result is columnar (no object per row).
 */
export class ReadingChecker {
  readonly issues: ImportIssue[] = [];
  readonly checked: CheckedReadings;
  private readonly verdicts = new Map<string, GsrnVerdict>();
  private readonly seen: Set<number>[] = [];
  private lastGsrn: string | undefined;
  private lastVerdict: GsrnVerdict | undefined;
  private lastSpan: { pointNo: number; series: number; from: number; to: number; intervalMs: number } | undefined;

  /** `capacity`: at least as many as the rows to come. */
  constructor(
    capacity: number,
    private readonly points: Map<string, PointFacts>,
  ) {
    const n = capacity;
    this.checked = {
      pointIds: [],
      points: [],
      point: new Int32Array(n),
      seconds: new Float64Array(n),
      wh: new Int32Array(n),
      series: new Uint8Array(n),
      quality: new Uint8Array(n),
      count: 0,
      spans: new Map(),
    };
  }

  private issue(line: number, field: string, message: string, value?: string) {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  }

  private verdictOf(raw: string): GsrnVerdict {
    let v = this.verdicts.get(raw);
    if (v) return v;
    const gsrn = raw.replace(/\s/g, "");
    const facts = /^\d{18}$/.test(gsrn) ? this.points.get(gsrn) : undefined;
    if (!/^\d{18}$/.test(gsrn)) v = { ok: false, message: "energy.import.errors.bad-gsrn", value: raw };
    else if (!facts) v = { ok: false, message: "energy.import.errors.unknown-metering-point", value: gsrn };
    else {
      const c = this.checked;
      let no = c.pointIds.indexOf(facts.id);
      if (no < 0) {
        no = c.pointIds.push(facts.id) - 1;
        c.points.push(facts);
        this.seen.push(new Set());
      }
      v = { ok: true, no, facts };
    }
    this.verdicts.set(raw, v);
    return v;
  }

  /** Checks the next rows of the file; those that pass are appended to `checked`. */
  check(rows: ReadingInput[]): void {
    const c = this.checked;
    const issues = this.issues;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      const before = issues.length;
      // Files come sorted by point more often than not: the previous row's verdict usually holds.
      const rawGsrn = r.gsrn ?? "";
      const g = rawGsrn === this.lastGsrn ? this.lastVerdict! : (this.lastVerdict = this.verdictOf((this.lastGsrn = rawGsrn)));
      if (!g.ok) this.issue(r.line, "gsrn", g.message, g.value);
      const point = g.ok ? g.facts : undefined;
      const start = parseTimestampWithOffset(r.timestamp ?? "");
      if (start === null) this.issue(r.line, "timestamp", "energy.import.errors.bad-timestamp", r.timestamp);
      const rawInterval = r.intervalMinutes ?? "";
      const interval = INTERVALS.get(rawInterval) ?? INTERVALS.get(rawInterval.trim());
      if (interval === undefined) this.issue(r.line, "interval_minutes", "energy.import.errors.bad-interval", r.intervalMinutes);
      else if (point && point.intervalMinutes !== interval) this.issue(r.line, "interval_minutes", "energy.import.errors.interval-mismatch", r.intervalMinutes);
      if (start !== null && interval !== undefined && start % (interval * 60_000) !== 0) this.issue(r.line, "timestamp", "energy.import.errors.misaligned-timestamp", r.timestamp);
      const rawUnit = r.unit ?? "";
      const unit = rawUnit === "Wh" || rawUnit === "kWh" ? rawUnit.toLowerCase() : rawUnit.trim().toLowerCase();
      const value = parseDecimal(r.value ?? "");
      let wh: number | null = null;
      if (unit !== "kwh" && unit !== "wh") this.issue(r.line, "unit", "energy.import.errors.bad-unit", r.unit);
      else if (value === null || value < 0) this.issue(r.line, "value", "energy.import.errors.bad-value", r.value);
      else {
        const raw = unit === "kwh" ? value * 1000 : value;
        wh = Math.round(raw);
        if (Math.abs(raw - wh) > 1e-6) this.issue(r.line, "value", "energy.import.errors.too-precise", r.value);
        else if (wh > MAX_WH) this.issue(r.line, "value", "energy.import.errors.bad-value", r.value);
      }
      const qualityName = r.quality === undefined || r.quality === "" ? "measured" : r.quality.trim().toLowerCase() || "measured";
      const quality = QUALITIES.get(qualityName);
      if (quality === undefined) this.issue(r.line, "quality", "energy.import.errors.bad-quality", r.quality);
      const series = seriesCode(r.series);
      if (series === undefined) this.issue(r.line, "series", "energy.import.errors.bad-series", r.series);
      else if (series === SERIES_CODE.production && point && !point.hasProduction) this.issue(r.line, "series", "energy.import.errors.no-production", r.series);
      if (issues.length !== before || !g.ok || start === null || wh === null || interval === undefined || quality === undefined || series === undefined) continue;
      // start is a whole multiple of 5 minutes here: counted in 5 minutes, times 4, plus the series
      // is an exact key that stays a small integer (fast to hash) until the year 2170.
      const key = (start / 300_000) * 4 + series;
      const keys = this.seen[g.no];
      if (keys.has(key)) {
        this.issue(r.line, "timestamp", "energy.import.errors.duplicate-row", r.timestamp);
        continue;
      }
      keys.add(key);
      const k = c.count++;
      c.point[k] = g.no;
      c.seconds[k] = start / 1000;
      c.wh[k] = wh;
      c.series[k] = series;
      c.quality[k] = quality;
      const last = this.lastSpan;
      let span = last && last.pointNo === g.no && last.series === series ? last : c.spans.get(g.no * 4 + series);
      if (!span) c.spans.set(g.no * 4 + series, (span = { pointNo: g.no, series, from: start, to: start, intervalMs: interval * 60_000 }));
      else if (start < span.from) span.from = start;
      else if (start > span.to) span.to = start;
      this.lastSpan = span;
    }
  }
}

/** The site's metering points among the GSRN texts a file names, by GSRN. */
export async function loadPoints(tx: RawTx, siteId: string, rawGsrns: Iterable<string>): Promise<Map<string, PointFacts>> {
  const map = new Map<string, PointFacts>();
  const unique = new Set<string>();
  for (const raw of rawGsrns) {
    const g = raw.replace(/\s/g, "");
    if (/^\d{18}$/.test(g)) unique.add(g);
  }
  const all = [...unique];
  const CHUNK = 5000;
  for (let i = 0; i < all.length; i += CHUNK) {
    const part = all.slice(i, i + CHUNK);
    const rows = await tx.query<{ id: string; gsrn: string; interval_minutes: number; has_production: boolean; bidding_zone: string }>(
      `select id, gsrn, interval_minutes, has_production, bidding_zone from metering_points where site_id = $1 and gsrn = any($2::text[])`,
      [siteId, pgArray(part)],
    );
    for (const r of rows) map.set(r.gsrn, { id: r.id, intervalMinutes: Number(r.interval_minutes), hasProduction: !!r.has_production, biddingZone: r.bidding_zone });
  }
  return map;
}
