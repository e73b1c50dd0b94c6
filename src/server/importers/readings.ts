import "server-only";
import { BinaryCopy, pgArray, uuidBytes, withRawTransaction, type RawTx } from "@/server/metering/bulk";
import { QUALITY_CODE, SERIES_CODE } from "@/server/metering/readings";
import { addDaysInTx, DayAccumulator, HourAccumulator, HOURLY_COLUMNS, HourlyCopy, lockRollupsInTx, refreshDailySpansInTx, refreshSpansInTx, type PointDay, type TouchedSpan } from "@/server/metering/rollup";
import { csvLayout, readCsv, unquotedField, unquotedRecords, type CsvLayout, type CsvRecord } from "./csv";
import { getSiteById } from "@/server/sites/sites";
import { ImportError, MAX_ISSUES, parseDecimal, parseTimestampWithOffset, type ImportIssue, type ImportResult } from "./types";

/**
 * Meter readings from a supplier's or grid operator's system. CSV columns (header names, any
 * order, case-insensitive; comma or semicolon separated):
 *   gsrn (or metering_point), timestamp (interval start, ISO 8601 with offset),
 *   interval_minutes (5, 15 or 60), value, unit (kWh or Wh), quality (measured, estimated,
 *   revised; default measured), series (consumption or production; default consumption).
 */
export interface ReadingInput {
  line: number;
  gsrn: string;
  timestamp: string;
  intervalMinutes: string;
  value: string;
  unit: string;
  quality?: string;
  series?: string;
}

const COLUMNS: Record<keyof Omit<ReadingInput, "line">, string[]> = {
  gsrn: ["gsrn", "metering_point", "meteringpoint", "metering_point_id", "usage_point", "ean"],
  timestamp: ["timestamp", "start", "interval_start", "time", "period_start"],
  intervalMinutes: ["interval_minutes", "interval", "resolution", "resolution_minutes"],
  value: ["value", "quantity", "amount"],
  unit: ["unit", "uom"],
  quality: ["quality", "status"],
  series: ["series", "direction", "type"],
};
const REQUIRED: (keyof typeof COLUMNS)[] = ["gsrn", "timestamp", "intervalMinutes", "value", "unit"];

/** Maps a header row to column positions; missing required columns are issues on line 1. */
export function mapHeader<K extends string>(
  header: string[],
  columns: Record<K, string[]>,
  required: K[],
  line: number,
): { index: Partial<Record<K, number>>; issues: ImportIssue[] } {
  const names = header.map((h) => h.toLowerCase().replace(/[\s-]+/g, "_"));
  const index: Partial<Record<K, number>> = {};
  for (const key of Object.keys(columns) as K[]) {
    const at = names.findIndex((n) => columns[key].includes(n));
    if (at >= 0) index[key] = at;
  }
  const issues = required.filter((k) => index[k] === undefined).map((k) => ({ line, field: k, message: "energy.import.errors.missing-column" }));
  return { index, issues };
}

type ColumnIndex = Partial<Record<keyof typeof COLUMNS, number>>;

/** A readings file opened: its header read (a missing column is an issue on its line), and its records after it. */
function openReadingsCsv(file: string | CsvLayout): { index: ColumnIndex; headerLine: number; records: Generator<CsvRecord> } {
  const records = readCsv(file);
  const first = records.next();
  if (first.done) throw new ImportError([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  const { index, issues } = mapHeader(first.value.fields, COLUMNS, REQUIRED, first.value.line);
  if (issues.length) throw new ImportError(issues);
  return { index, headerLine: first.value.line, records };
}

/** Field `k` of a record: undefined when the file has no such column, empty when the record is short. */
function fieldOf(index: ColumnIndex, fields: string[], k: keyof typeof COLUMNS): string | undefined {
  const at = index[k];
  return at === undefined ? undefined : (fields[at] ?? "");
}

// Plain functions, no closures per row: made once, not once per row of a large file.
function readingOf(index: ColumnIndex, r: CsvRecord): ReadingInput {
  return {
    line: r.line,
    gsrn: fieldOf(index, r.fields, "gsrn")!,
    timestamp: fieldOf(index, r.fields, "timestamp")!,
    intervalMinutes: fieldOf(index, r.fields, "intervalMinutes")!,
    value: fieldOf(index, r.fields, "value")!,
    unit: fieldOf(index, r.fields, "unit")!,
    quality: fieldOf(index, r.fields, "quality"),
    series: fieldOf(index, r.fields, "series"),
  };
}

const emptyFile = (line: number) => new ImportError([{ line, field: "file", message: "energy.import.errors.empty-file" }]);

export function parseReadingsCsv(file: string | CsvLayout): ReadingInput[] {
  const { index, headerLine, records } = openReadingsCsv(file);
  const rows: ReadingInput[] = [];
  for (const r of records) rows.push(readingOf(index, r));
  if (!rows.length) throw emptyFile(headerLine);
  return rows;
}

interface PointFacts {
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
const INTERVALS = new Map([["5", 5], ["15", 15], ["60", 60]]);
const QUALITIES = new Map(Object.entries(QUALITY_CODE));
const SERIES = new Map(Object.entries(SERIES_CODE));
type GsrnVerdict = { ok: true; no: number; facts: PointFacts } | { ok: false; message: string; value: string };

/** A file's series text as its code: empty is consumption; undefined when unknown. */
const seriesCode = (raw: string | undefined) => (raw === undefined || raw === "" ? SERIES_CODE.consumption : SERIES.get(raw.trim().toLowerCase() || "consumption"));

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

/**
 * A quick look at a file before its rows are read in full: the GSRN texts it names, and per GSRN
 * and series text the first and last start among rows whose timestamp reads. What the checks
 * find must agree (see sameStretches); where it does not, the import takes the slower way.
 */
interface Glance {
  gsrns: Set<string>;
  stretches: Map<string, { gsrn: string; series: string | undefined; from: number; to: number }>;
  records: number;
}

/** Gathers a Glance from rows given one at a time. */
class GlanceOf {
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

type Stretch = { facts: PointFacts; series: number; fromMs: number; toMs: number };

/**
 * Per point and series, the stretch the file would write, [first start, last start + the
 * point's interval), from a Glance: should every row pass the checks, exactly the stretches the
 * import writes; should one not, nothing is written.
 */
function reachOf(glance: Glance, points: Map<string, PointFacts>): Stretch[] {
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
function stretchesOf(c: CheckedReadings): Stretch[] {
  return [...c.spans.values()].map((s) => ({ facts: c.points[s.pointNo], series: s.series, fromMs: s.from, toMs: s.to + s.intervalMs }));
}

/** Whether two lists hold the same stretches. */
function sameStretches(a: Stretch[], b: Stretch[]): boolean {
  if (a.length !== b.length) return false;
  const byKey = new Map(a.map((s) => [`${s.facts.id}:${s.series}`, s]));
  return b.every((s) => {
    const r = byKey.get(`${s.facts.id}:${s.series}`);
    return r !== undefined && r.fromMs === s.fromMs && r.toMs === s.toMs;
  });
}

const lockStretches = (tx: RawTx, stretches: Stretch[]) => lockRollupsInTx(tx, { pointIds: stretches.map((s) => s.facts.id), zones: stretches.map((s) => s.facts.biddingZone) });

/** Rows for an import: a glance at them first, then slice by slice. */
interface ReadingSource {
  glance: Glance;
  /** At least as many as the rows. */
  capacity: number;
  /** The next rows (at most SLICE), undefined when all are read. */
  slice(): ReadingInput[] | undefined;
  /** The line to name when there are no rows. */
  emptyLine: number;
}

function arraySource(rows: ReadingInput[]): ReadingSource {
  const g = new GlanceOf();
  for (const r of rows) g.add(r.gsrn ?? "", r.timestamp ?? "", r.series);
  let at = 0;
  return {
    glance: g.glance,
    capacity: rows.length,
    emptyLine: 1,
    slice: () => (at < rows.length ? rows.slice(at, (at += SLICE)) : undefined),
  };
}

/**
 * A CSV file's rows. An unquoted file (the usual delivery) is glanced at column by column
 * without making its rows, then read a slice at a time while the slices before it are written,
 * so no row outlives its slice; a quoted one is read whole first.
 */
function csvSource(text: string): ReadingSource {
  const layout = csvLayout(text);
  if (layout.quoted) return arraySource(parseReadingsCsv(layout));
  const { index, headerLine, records } = openReadingsCsv(layout);
  const { body, separator } = layout;
  const g = new GlanceOf();
  const gsrnAt = index.gsrn!;
  const timestampAt = index.timestamp!;
  const seriesAt = index.series;
  const bounds = unquotedRecords(body, separator);
  bounds.next(); // the header
  for (const { from, to } of bounds) {
    const series = seriesAt === undefined ? undefined : (unquotedField(body, separator, from, to, seriesAt) ?? "");
    g.add(unquotedField(body, separator, from, to, gsrnAt) ?? "", unquotedField(body, separator, from, to, timestampAt) ?? "", series);
  }
  return {
    glance: g.glance,
    capacity: g.glance.records,
    emptyLine: headerLine,
    slice: () => {
      const rows: ReadingInput[] = [];
      for (let r = records.next(); !r.done; r = records.next()) if (rows.push(readingOf(index, r.value)) >= SLICE) break;
      return rows.length ? rows : undefined;
    },
  };
}

async function loadPoints(tx: RawTx, siteId: string, rawGsrns: Iterable<string>): Promise<Map<string, PointFacts>> {
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

/** The order of checked rows [from, to) by point, series and start (the primary key's): files usually come so, then no sort. */
function keyOrder(c: CheckedReadings, from = 0, to = c.count): Int32Array {
  const order = new Int32Array(to - from);
  let sorted = true;
  for (let i = from; i < to; i++) {
    order[i - from] = i;
    if (i > from && sorted) {
      const j = i - 1;
      const cmp = c.point[j] - c.point[i] || c.series[j] - c.series[i] || c.seconds[j] - c.seconds[i];
      if (cmp > 0) sorted = false;
    }
  }
  if (!sorted) order.sort((a, b) => c.point[a] - c.point[b] || c.series[a] - c.series[b] || c.seconds[a] - c.seconds[b]);
  return order;
}

/** Checked rows as binary COPY rows of READING_COLUMNS, in the given order (index pages are written in sequence). */
function writeReadings(out: BinaryCopy, c: CheckedReadings, ids: Uint8Array[], order: Int32Array): void {
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    out.row(5).uuid(ids[c.point[i]]).timestamptz(c.seconds[i] * 1000).int4(c.wh[i]).int2(c.series[i]).int2(c.quality[i]);
  }
}

const readingsCopy = (rows: number) => new BinaryCopy(rows, 5, 16 + 8 + 4 + 2 + 2);

const HOUR = 3_600_000;
const QUARTER = 900_000;

/**
 * The rollups of stretches that had no readings before this import, from the rows in memory.
 * Hourly: the hours wholly inside a stretch are summed here, priced by the same rule as
 * spotJoinsSql (the quarter-hour price, else the hourly one), and copied in; the partial hours at
 * a stretch's ends, which may hold older readings, are refreshed from the table. Daily: every
 * new reading is summed into its local day and added to the day's row (DayAccumulator,
 * addDaysInTx). Hourly meters have no hourly rollup; their days are refreshed from the table.
 * Rows are fed in key order, a slice at a time, while the COPY of the readings runs.
 */
class NewStretchRollup {
  /** Whole hours inside each fine stretch, by `pointId:series`; a stretch shorter than an hour has none. */
  private readonly inner = new Map<string, { from: number; to: number } | null>();
  private readonly edges: TouchedSpan[] = [];
  /** Hourly meters' stretches: their days are refreshed from the table. */
  private readonly rest: TouchedSpan[] = [];
  private readonly spans: TouchedSpan[];
  readonly zones = new Set<string>();
  readonly lo: number = Infinity;
  readonly hi: number = -Infinity;
  private prices = new Map<string, { quarter: Map<number, number>; hour: Map<number, number> }>();
  private readonly hoursOut: HourlyCopy;
  private readonly daysOut: PointDay[] = [];
  private readonly hours: HourAccumulator;
  private readonly days: DayAccumulator | undefined;
  // The stretch being summed, and the last row fed (rows must come in key order).
  private key = -1;
  private lastStart = -Infinity;
  private point = 0;
  private series = 0;
  private pointId = "";
  private minutes = 0;
  private fine = false;
  private span: { from: number; to: number } | null = null;
  private zone: { quarter: Map<number, number>; hour: Map<number, number> } | undefined;
  /** Whether rows came out of key order (then the sums are void: see ordered). */
  private unordered = false;

  constructor(
    private readonly reach: Stretch[],
    private readonly ids: Uint8Array[],
    rows: number,
    private readonly tz: string,
  ) {
    this.spans = reach.map(toSpan);
    for (const s of reach) {
      const a = s.fromMs;
      const b = s.toMs;
      const key = `${s.facts.id}:${s.series}`;
      if (s.facts.intervalMinutes >= 60) {
        this.rest.push({ pointId: s.facts.id, series: s.series, fromMs: a, toMs: b });
        continue;
      }
      this.zones.add(s.facts.biddingZone);
      this.lo = Math.min(this.lo, a);
      this.hi = Math.max(this.hi, b);
      const from = Math.ceil(a / HOUR) * HOUR;
      const to = Math.floor(b / HOUR) * HOUR;
      const edge = (x: number, y: number) => this.edges.push({ pointId: s.facts.id, series: s.series, fromMs: x, toMs: y });
      if (from >= to) {
        edge(a, b);
        this.inner.set(key, null);
        continue;
      }
      if (a < from) edge(a, from);
      if (b > to) edge(to, b);
      this.inner.set(key, { from, to });
    }
    for (const z of this.zones) this.prices.set(z, { quarter: new Map(), hour: new Map() });
    this.hoursOut = new HourlyCopy(Math.ceil(rows / 3) + 16);
    this.hours = new HourAccumulator((sums) => this.hoursOut.add(this.ids[this.point], this.series, sums));
    if (this.zones.size) this.days = new DayAccumulator(tz, this.lo, this.hi, (sums) => this.daysOut.push({ pointId: this.pointId, series: this.series, sums }));
  }

  /** Reads the spot prices of the fine stretches' zones and time. */
  async loadPrices(tx: RawTx): Promise<void> {
    if (!this.zones.size) return;
    const rows = await tx.query<{ zone: string; resolution_minutes: number; ms: number; price: number }>(
      `select zone, resolution_minutes, (extract(epoch from start) * 1000)::float8 as ms, price_eur_mwh::float8 as price
       from spot_prices where zone = any($1::text[]) and start >= $2::timestamptz and start < $3::timestamptz`,
      [pgArray(this.zones), new Date(Math.floor(this.lo / HOUR) * HOUR).toISOString(), new Date(this.hi).toISOString()],
    );
    for (const r of rows) {
      const p = this.prices.get(r.zone)!;
      (Number(r.resolution_minutes) === 15 ? p.quarter : p.hour).set(Number(r.ms), Number(r.price));
    }
  }

  /** Sums checked rows in the given order, which continues the rows fed before. */
  feed(c: CheckedReadings, order: Int32Array): void {
    if (this.unordered) return;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const rowKey = c.point[i] * 4 + c.series[i];
      const start = c.seconds[i] * 1000;
      if (rowKey !== this.key) {
        if (rowKey < this.key) {
          this.unordered = true;
          return;
        }
        this.hours.end();
        this.days?.end();
        this.key = rowKey;
        this.point = c.point[i];
        this.series = c.series[i];
        this.pointId = c.pointIds[this.point];
        const facts = c.points[this.point];
        const span = this.inner.get(`${this.pointId}:${this.series}`);
        this.fine = span !== undefined;
        this.span = span ?? null;
        this.minutes = facts.intervalMinutes;
        if (this.fine) this.zone = this.prices.get(facts.biddingZone)!;
      } else if (start <= this.lastStart) {
        this.unordered = true;
        return;
      }
      this.lastStart = start;
      if (!this.fine) continue;
      const zone = this.zone!;
      const spot = zone.quarter.get(Math.floor(start / QUARTER) * QUARTER) ?? zone.hour.get(Math.floor(start / HOUR) * HOUR) ?? null;
      this.days!.add(start, c.wh[i], spot, this.minutes);
      if (this.span && start >= this.span.from && start < this.span.to) this.hours.add(start, c.wh[i], spot);
    }
  }

  /** False when rows came out of key order: then sum them again with restart. */
  get ordered(): boolean {
    return !this.unordered;
  }

  /** A new sum over the same stretches and prices, to be fed all `rows` again in key order. */
  restart(rows: number): NewStretchRollup {
    const again = new NewStretchRollup(this.reach, this.ids, rows, this.tz);
    again.prices = this.prices;
    return again;
  }

  /**
   * Writes the sums. Should a rollup row exist where no reading was, the hourly refresh runs
   * from the table instead. Then refreshes from the table the days of what was not summed.
   */
  async write(tx: RawTx): Promise<void> {
    this.hours.end();
    this.days?.end();
    let daysFromTable = this.rest;
    if (this.inner.size && !(await copyOrConflict(tx, "interval_readings_hourly", HOURLY_COLUMNS, this.hoursOut.take()))) {
      await refreshSpansInTx(tx, this.spans);
      daysFromTable = this.spans;
    } else {
      await refreshSpansInTx(tx, this.edges);
      await addDaysInTx(tx, this.daysOut);
    }
    await refreshDailySpansInTx(tx, daysFromTable);
  }
}

/**
 * The steps of an import, for timing: "read", the glance at the rows (for a CSV file, at its
 * columns); "check", the points' lookup, the locks and, unless the rows go into new stretches
 * (where the COPY reads and checks them as it goes), reading and checking; "write", the COPY or
 * the upsert; "rollup".
 */
export type ImportPhase = "read" | "check" | "write" | "rollup";

const READING_COLUMNS = ["metering_point_id", "start", "value_wh", "series", "quality"];

/** Copies rows into a table under a savepoint: false, with nothing written, if a row of them is already there. */
async function copyOrConflict(tx: RawTx, table: string, columns: string[], data: Uint8Array): Promise<boolean> {
  try {
    await tx.savepoint((sp) => sp.copyIn(table, columns, data));
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
    return false;
  }
}

/** Whether no reading exists yet in any of the spans (then the batch can be inserted without conflict handling). */
async function spansEmpty(tx: RawTx, spans: TouchedSpan[]): Promise<boolean> {
  const [row] = await tx.query<{ taken: boolean }>(
    `select exists (
       select 1 from unnest($1::uuid[], $2::int2[], $3::timestamptz[], $4::timestamptz[]) as t(id, series, lo, hi)
       where exists (select 1 from interval_readings r where r.metering_point_id = t.id and r.series = t.series and r.start >= t.lo and r.start < t.hi)
     ) as taken`,
    [
      pgArray(spans.map((s) => s.pointId)),
      pgArray(spans.map((s) => s.series)),
      pgArray(spans.map((s) => new Date(s.fromMs).toISOString())),
      pgArray(spans.map((s) => new Date(s.toMs).toISOString())),
    ],
  );
  return !row.taken;
}

/** Rows checked and copied per piece of the COPY stream. */
const SLICE = 16_384;

/** The glance and the checks disagree: the rows take the slower way (thrown to abandon the COPY). */
class GlanceMismatch extends Error {}

/**
 * Reads and checks the rows a slice at a time and copies each slice that passes straight into
 * interval_readings (stretches that have no readings yet: the usual delivery), summing the new
 * stretches' rollup as it goes. The server stores one slice while the next is read and checked,
 * so reading and checking cost little time of their own. Any issue abandons the COPY (nothing
 * stays) and ends in an ImportError with every issue found. Returns false, with nothing written
 * and every row checked, when a reading is already there (another writer filled the stretch
 * meanwhile) or the checks found other stretches than the glance.
 */
async function copyNewStretches(tx: RawTx, source: ReadingSource, checker: ReadingChecker, reach: Stretch[], rollup: NewStretchRollup, idsOf: () => Uint8Array[]): Promise<boolean> {
  const c = checker.checked;
  const out = readingsCopy(SLICE);
  async function* pieces(): AsyncGenerator<Uint8Array> {
    yield BinaryCopy.HEADER;
    for (let rows = source.slice(); rows; rows = source.slice()) {
      const from = c.count;
      checker.check(rows);
      if (checker.issues.length) {
        checkRest(source, checker);
        throw new ImportError(checker.issues);
      }
      const order = keyOrder(c, from, c.count);
      writeReadings(out, c, idsOf(), order);
      yield out.rowsOnly();
      // While the server stores this slice.
      rollup.feed(c, order);
    }
    if (!sameStretches(reach, stretchesOf(c))) throw new GlanceMismatch();
    yield BinaryCopy.TRAILER;
  }
  try {
    await tx.savepoint((sp) => sp.copyFrom("interval_readings", READING_COLUMNS, pieces()));
    return true;
  } catch (err) {
    if (!(err instanceof GlanceMismatch) && (err as { code?: string }).code !== "23505") throw err;
    checkRest(source, checker);
    return false;
  }
}

/** Checks the rows the source has left (none once it is read through). */
function checkRest(source: ReadingSource, checker: ReadingChecker): void {
  for (let rows = source.slice(); rows; rows = source.slice()) checker.check(rows);
}

/**
 * Validates and writes readings for a site in one transaction: every row is checked, and one bad
 * row rejects the whole batch with its line number. Rows travel in binary COPY format, in key
 * order. Stretches that have no readings yet (the usual delivery) are copied straight into the
 * table while the rows are read and checked, and their rollups are summed in memory; otherwise
 * the rows go into a temporary table and one upsert leaves identical rows untouched, so importing
 * the same file twice changes nothing, and the rollups of the touched stretches are refreshed
 * from the table. The touched points' rollups are locked first (lockRollupsInTx), so imports of
 * the same points, and spot price corrections of their zones, take turns.
 */
async function importSource(siteId: string, source: ReadingSource, opts: ImportOptions): Promise<ImportResult> {
  if (!source.glance.records) throw emptyFile(source.emptyLine);
  let mark = performance.now();
  const phase = (name: ImportPhase) => {
    const now = performance.now();
    opts.onPhase?.(name, now - mark);
    mark = now;
  };
  // Days are the site's local days (the site is cached: no query per delivery).
  const tz = (await getSiteById(siteId))?.timezone ?? "UTC";
  return withRawTransaction(async (tx) => {
    // Bulk statements are planned as expensive; compiling them (JIT) would cost more than running them.
    await tx.query("set local jit = off");
    await tx.query("set local work_mem = '64MB'");
    const points = await loadPoints(tx, siteId, source.glance.gsrns);
    const reach = reachOf(source.glance, points);
    const checker = new ReadingChecker(source.capacity, points);
    const c = checker.checked;
    const ids: Uint8Array[] = [];
    const idsOf = () => {
      for (let no = ids.length; no < c.pointIds.length; no++) ids.push(uuidBytes(c.pointIds[no]));
      return ids;
    };
    await lockStretches(tx, reach);
    // New stretches (the usual delivery): read, checked and copied at once, straight into the
    // table (one WAL record per page, where an INSERT writes one per row).
    if (reach.length && (await spansEmpty(tx, reach.map(toSpan)))) {
      const rollup = new NewStretchRollup(reach, ids, source.capacity, tz);
      await rollup.loadPrices(tx);
      phase("check");
      if (await copyNewStretches(tx, source, checker, reach, rollup, idsOf)) {
        phase("write");
        if (rollup.ordered) await rollup.write(tx);
        else {
          const again = rollup.restart(c.count);
          again.feed(c, keyOrder(c));
          await again.write(tx);
        }
        phase("rollup");
        return { rows: c.count, inserted: c.count, updated: 0, unchanged: 0 };
      }
    }
    checkRest(source, checker);
    if (checker.issues.length) throw new ImportError(checker.issues);
    const stretches = stretchesOf(c);
    // Locked already, unless the checks found other stretches than the glance.
    if (!sameStretches(reach, stretches)) await lockStretches(tx, stretches);
    const spans = stretches.map(toSpan);
    phase("check");
    const out = readingsCopy(c.count);
    writeReadings(out, c, idsOf(), keyOrder(c));
    await tx.query(
      "create temp table import_readings (metering_point_id uuid not null, start timestamptz not null, value_wh integer not null, series smallint not null, quality smallint not null) on commit drop",
    );
    await tx.copyIn("import_readings", READING_COLUMNS, out.take());
    const [counts] = await tx.query<{ inserted: number; updated: number }>(
      `
      with up as (
        insert into interval_readings (metering_point_id, start, value_wh, series, quality)
        select metering_point_id, start, value_wh, series, quality from import_readings
        on conflict (metering_point_id, series, start) do update
          set value_wh = excluded.value_wh, quality = excluded.quality
          where interval_readings.value_wh is distinct from excluded.value_wh
             or interval_readings.quality is distinct from excluded.quality
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`,
    );
    const inserted = Number(counts.inserted);
    const updated = Number(counts.updated);
    phase("write");
    // Keep the rollups in step, in the same transaction.
    if (inserted + updated > 0) {
      await refreshSpansInTx(tx, spans);
      await refreshDailySpansInTx(tx, spans);
    }
    phase("rollup");
    return { rows: c.count, inserted, updated, unchanged: c.count - inserted - updated };
  });
}

const toSpan = (s: Stretch): TouchedSpan => ({ pointId: s.facts.id, series: s.series, fromMs: s.fromMs, toMs: s.toMs });

export interface ImportOptions {
  onPhase?: (phase: ImportPhase, ms: number) => void;
}

/** Imports rows already read (the bulk API's JSON, a file read whole). See importSource. */
export function importReadings(siteId: string, rows: ReadingInput[], opts: ImportOptions = {}): Promise<ImportResult> {
  return importSource(siteId, timedRead(() => arraySource(rows), opts), opts);
}

function timedRead(open: () => ReadingSource, opts: ImportOptions): ReadingSource {
  const t = performance.now();
  const source = open();
  opts.onPhase?.("read", performance.now() - t);
  return source;
}

/** Imports a CSV file of readings (parseReadingsCsv's format), reading it while it is written. See importSource. */
export function importReadingsCsv(siteId: string, text: string, opts: ImportOptions = {}): Promise<ImportResult> {
  return importSource(siteId, timedRead(() => csvSource(text), opts), opts);
}
