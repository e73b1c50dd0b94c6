import "server-only";
import { BinaryCopy, pgArray, uuidBytes, withRawTransaction, type RawTx } from "@/server/metering/bulk";
import { QUALITY_CODE, SERIES_CODE } from "@/server/metering/readings";
import { addDaysInTx, DayAccumulator, HourAccumulator, HOURLY_COLUMNS, HourlyCopy, lockRollupsInTx, refreshDailyInTx, refreshSpansInTx, type PointDay, type TouchedSpan } from "@/server/metering/rollup";
import { readCsv } from "./csv";
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

export function parseReadingsCsv(text: string): ReadingInput[] {
  const records = readCsv(text);
  const first = records.next();
  if (first.done) throw new ImportError([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  const { index, issues } = mapHeader(first.value.fields, COLUMNS, REQUIRED, first.value.line);
  if (issues.length) throw new ImportError(issues);
  const rows: ReadingInput[] = [];
  const at = (fields: string[], k: keyof typeof COLUMNS) => (index[k] === undefined ? undefined : (fields[index[k]!] ?? ""));
  for (const r of records) {
    rows.push({
      line: r.line,
      gsrn: at(r.fields, "gsrn")!,
      timestamp: at(r.fields, "timestamp")!,
      intervalMinutes: at(r.fields, "intervalMinutes")!,
      value: at(r.fields, "value")!,
      unit: at(r.fields, "unit")!,
      quality: at(r.fields, "quality"),
      series: at(r.fields, "series"),
    });
  }
  if (!rows.length) throw new ImportError([{ line: first.value.line, field: "file", message: "energy.import.errors.empty-file" }]);
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

/**
 * Validates rows against the site's metering points; every problem is reported with its line.
 * Written for files of millions of rows: per-point facts and verdicts are looked up once per
 * distinct GSRN text, duplicates are found with numeric keys per point, and the result is
 * columnar (no object per row).
 */
export function checkReadings(rows: ReadingInput[], points: Map<string, PointFacts>): { checked: CheckedReadings; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const n = rows.length;
  const checked: CheckedReadings = {
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
  const verdicts = new Map<string, GsrnVerdict>();
  const stamps = new Map<string, number | null>();
  const seen: Set<number>[] = [];
  const issue = (line: number, field: string, message: string, value?: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  };
  const verdictOf = (raw: string): GsrnVerdict => {
    let v = verdicts.get(raw);
    if (v) return v;
    const gsrn = raw.replace(/\s/g, "");
    const facts = /^\d{18}$/.test(gsrn) ? points.get(gsrn) : undefined;
    if (!/^\d{18}$/.test(gsrn)) v = { ok: false, message: "energy.import.errors.bad-gsrn", value: raw };
    else if (!facts) v = { ok: false, message: "energy.import.errors.unknown-metering-point", value: gsrn };
    else {
      let no = checked.pointIds.indexOf(facts.id);
      if (no < 0) {
        no = checked.pointIds.push(facts.id) - 1;
        checked.points.push(facts);
        seen.push(new Set());
      }
      v = { ok: true, no, facts };
    }
    verdicts.set(raw, v);
    return v;
  };
  let lastGsrn: string | undefined;
  let lastVerdict: GsrnVerdict | undefined;
  let lastSpan: { pointNo: number; series: number; from: number; to: number; intervalMs: number } | undefined;
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    const before = issues.length;
    // Files come sorted by point more often than not: the previous row's verdict usually holds.
    const rawGsrn = r.gsrn ?? "";
    const g = rawGsrn === lastGsrn ? lastVerdict! : (lastVerdict = verdictOf((lastGsrn = rawGsrn)));
    if (!g.ok) issue(r.line, "gsrn", g.message, g.value);
    const point = g.ok ? g.facts : undefined;
    // A delivery repeats each timestamp once per point: parse each text once.
    const stamp = r.timestamp ?? "";
    let start = stamps.get(stamp);
    if (start === undefined) {
      if (stamps.size >= 100_000) stamps.clear();
      stamps.set(stamp, (start = parseTimestampWithOffset(stamp)));
    }
    if (start === null) issue(r.line, "timestamp", "energy.import.errors.bad-timestamp", r.timestamp);
    const rawInterval = r.intervalMinutes ?? "";
    const interval = INTERVALS.get(rawInterval) ?? INTERVALS.get(rawInterval.trim());
    if (interval === undefined) issue(r.line, "interval_minutes", "energy.import.errors.bad-interval", r.intervalMinutes);
    else if (point && point.intervalMinutes !== interval) issue(r.line, "interval_minutes", "energy.import.errors.interval-mismatch", r.intervalMinutes);
    if (start !== null && interval !== undefined && start % (interval * 60_000) !== 0) issue(r.line, "timestamp", "energy.import.errors.misaligned-timestamp", r.timestamp);
    const rawUnit = r.unit ?? "";
    const unit = rawUnit === "Wh" || rawUnit === "kWh" ? rawUnit.toLowerCase() : rawUnit.trim().toLowerCase();
    const value = parseDecimal(r.value ?? "");
    let wh: number | null = null;
    if (unit !== "kwh" && unit !== "wh") issue(r.line, "unit", "energy.import.errors.bad-unit", r.unit);
    else if (value === null || value < 0) issue(r.line, "value", "energy.import.errors.bad-value", r.value);
    else {
      const raw = unit === "kwh" ? value * 1000 : value;
      wh = Math.round(raw);
      if (Math.abs(raw - wh) > 1e-6) issue(r.line, "value", "energy.import.errors.too-precise", r.value);
      else if (wh > MAX_WH) issue(r.line, "value", "energy.import.errors.bad-value", r.value);
    }
    const qualityName = r.quality === undefined || r.quality === "" ? "measured" : r.quality.trim().toLowerCase() || "measured";
    const quality = QUALITIES.get(qualityName);
    if (quality === undefined) issue(r.line, "quality", "energy.import.errors.bad-quality", r.quality);
    const seriesName = r.series === undefined || r.series === "" ? "consumption" : r.series.trim().toLowerCase() || "consumption";
    const series = SERIES.get(seriesName);
    if (series === undefined) issue(r.line, "series", "energy.import.errors.bad-series", r.series);
    else if (series === SERIES_CODE.production && point && !point.hasProduction) issue(r.line, "series", "energy.import.errors.no-production", r.series);
    if (issues.length !== before || !g.ok || start === null || wh === null || interval === undefined || quality === undefined || series === undefined) continue;
    // start is a whole multiple of 5 minutes here: counted in 5 minutes, times 4, plus the series
    // is an exact key that stays a small integer (fast to hash) until the year 2170.
    const key = (start / 300_000) * 4 + series;
    const keys = seen[g.no];
    if (keys.has(key)) {
      issue(r.line, "timestamp", "energy.import.errors.duplicate-row", r.timestamp);
      continue;
    }
    keys.add(key);
    const k = checked.count++;
    checked.point[k] = g.no;
    checked.seconds[k] = start / 1000;
    checked.wh[k] = wh;
    checked.series[k] = series;
    checked.quality[k] = quality;
    let span = lastSpan && lastSpan.pointNo === g.no && lastSpan.series === series ? lastSpan : checked.spans.get(g.no * 4 + series);
    if (!span) checked.spans.set(g.no * 4 + series, (span = { pointNo: g.no, series, from: start, to: start, intervalMs: interval * 60_000 }));
    else if (start < span.from) span.from = start;
    else if (start > span.to) span.to = start;
    lastSpan = span;
  }
  return { checked, issues };
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

/** The order of checked rows by point, series and start (the primary key's): files usually come so, then no sort. */
function keyOrder(c: CheckedReadings): Int32Array {
  const order = new Int32Array(c.count);
  let sorted = true;
  for (let i = 0; i < c.count; i++) {
    order[i] = i;
    if (i > 0 && sorted) {
      const j = i - 1;
      const cmp = c.point[j] - c.point[i] || c.series[j] - c.series[i] || c.seconds[j] - c.seconds[i];
      if (cmp > 0) sorted = false;
    }
  }
  if (!sorted) order.sort((a, b) => c.point[a] - c.point[b] || c.series[a] - c.series[b] || c.seconds[a] - c.seconds[b]);
  return order;
}

/** The checked rows as binary COPY data of READING_COLUMNS, in key order (index pages are written in sequence). */
function readingsCopy(c: CheckedReadings, ids: Uint8Array[], order: Int32Array): Uint8Array {
  const out = new BinaryCopy(c.count, 5, 16 + 8 + 4 + 2 + 2);
  for (let k = 0; k < c.count; k++) {
    const i = order[k];
    out.row(5).uuid(ids[c.point[i]]).timestamptz(c.seconds[i] * 1000).int4(c.wh[i]).int2(c.series[i]).int2(c.quality[i]);
  }
  return out.take();
}

const HOUR = 3_600_000;
const QUARTER = 900_000;

/**
 * The rollups of stretches that had no readings before this import, from the rows in memory (in
 * key order). Hourly: the hours wholly inside a stretch are summed here, priced by the same rule
 * as spotJoinsSql (the quarter-hour price, else the hourly one), and copied in; the partial hours
 * at a stretch's ends, which may hold older readings, are refreshed from the table. Daily: every
 * new reading is summed into its local day and added to the day's row (DayAccumulator,
 * addDaysInTx). Should a rollup row exist where no reading was, the hourly refresh runs from the
 * table instead. Returns the spans whose daily rollup is still to be refreshed from the table:
 * hourly meters' (priced by spot_prices_hourly), or all on that fallback.
 */
async function writeNewRollup(tx: RawTx, c: CheckedReadings, ids: Uint8Array[], order: Int32Array, spans: TouchedSpan[], tz: string): Promise<TouchedSpan[]> {
  const inner = new Map<number, { from: number; to: number }>();
  const fine = new Set<number>();
  const edges: TouchedSpan[] = [];
  const rest: TouchedSpan[] = [];
  const zones = new Set<string>();
  let lo = Infinity;
  let hi = -Infinity;
  for (const [key, s] of c.spans) {
    const facts = c.points[s.pointNo];
    const a = s.from;
    const b = s.to + s.intervalMs;
    if (facts.intervalMinutes >= 60) {
      // Hourly meters have no rollup rows; their days are refreshed from the table.
      rest.push({ pointId: facts.id, series: s.series, fromMs: a, toMs: b });
      continue;
    }
    fine.add(key);
    zones.add(facts.biddingZone);
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
    const from = Math.ceil(a / HOUR) * HOUR;
    const to = Math.floor(b / HOUR) * HOUR;
    const edge = (x: number, y: number) => edges.push({ pointId: facts.id, series: s.series, fromMs: x, toMs: y });
    if (from >= to) {
      edge(a, b);
      continue;
    }
    if (a < from) edge(a, from);
    if (b > to) edge(to, b);
    inner.set(key, { from, to });
  }
  if (!fine.size) return rest;
  const prices = new Map<string, { quarter: Map<number, number>; hour: Map<number, number> }>();
  for (const z of zones) prices.set(z, { quarter: new Map(), hour: new Map() });
  const rows = await tx.query<{ zone: string; resolution_minutes: number; ms: number; price: number }>(
    `select zone, resolution_minutes, (extract(epoch from start) * 1000)::float8 as ms, price_eur_mwh::float8 as price
     from spot_prices where zone = any($1::text[]) and start >= $2::timestamptz and start < $3::timestamptz`,
    [pgArray(zones), new Date(Math.floor(lo / HOUR) * HOUR).toISOString(), new Date(hi).toISOString()],
  );
  for (const r of rows) {
    const p = prices.get(r.zone)!;
    (Number(r.resolution_minutes) === 15 ? p.quarter : p.hour).set(Number(r.ms), Number(r.price));
  }
  const hoursOut = new HourlyCopy(Math.ceil(c.count / 3) + 16);
  const daysOut: PointDay[] = [];
  let key = -1;
  let point = 0;
  let series = 0;
  let minutes = 0;
  let isFine = false;
  let span: { from: number; to: number } | undefined;
  let zone = prices.values().next().value!;
  const hours = new HourAccumulator((sums) => hoursOut.add(ids[point], series, sums));
  const days = new DayAccumulator(tz, lo, hi, (sums) => daysOut.push({ pointId: c.pointIds[point], series, sums }));
  for (let k = 0; k < c.count; k++) {
    const i = order[k];
    const rowKey = c.point[i] * 4 + c.series[i];
    if (rowKey !== key) {
      hours.end();
      days.end();
      key = rowKey;
      point = c.point[i];
      series = c.series[i];
      isFine = fine.has(rowKey);
      span = inner.get(rowKey);
      minutes = c.points[point].intervalMinutes;
      if (isFine) zone = prices.get(c.points[point].biddingZone)!;
    }
    if (!isFine) continue;
    const start = c.seconds[i] * 1000;
    const spot = zone.quarter.get(Math.floor(start / QUARTER) * QUARTER) ?? zone.hour.get(Math.floor(start / HOUR) * HOUR) ?? null;
    days.add(start, c.wh[i], spot, minutes);
    if (span && start >= span.from && start < span.to) hours.add(start, c.wh[i], spot);
  }
  hours.end();
  days.end();
  if (inner.size && !(await copyOrConflict(tx, "interval_readings_hourly", HOURLY_COLUMNS, hoursOut.take()))) {
    await refreshSpansInTx(tx, spans);
    return spans;
  }
  await refreshSpansInTx(tx, edges);
  await addDaysInTx(tx, daysOut);
  return rest;
}

/** Refreshes the daily rollup of the days the spans touch from the table: one call per distinct stretch (a daily delivery is one, for every point). */
async function refreshDaysOfSpans(tx: RawTx, spans: TouchedSpan[]): Promise<void> {
  const stretches = new Map<string, { fromMs: number; toMs: number; pointIds: Set<string> }>();
  for (const s of spans) {
    const key = `${s.fromMs}-${s.toMs}`;
    const stretch = stretches.get(key) ?? { fromMs: s.fromMs, toMs: s.toMs, pointIds: new Set<string>() };
    stretch.pointIds.add(s.pointId);
    stretches.set(key, stretch);
  }
  for (const st of stretches.values()) await refreshDailyInTx(tx, { pointIds: [...st.pointIds] }, st.fromMs, st.toMs);
}

/** The steps of an import, for timing: checks (with the points' lookup), the write (COPY, and the upsert when needed), the rollup. */
export type ImportPhase = "check" | "write" | "rollup";

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

/**
 * Validates and writes readings for a site in one transaction: every row is checked, and one bad
 * row rejects the whole batch with its line number. Rows travel in binary COPY format, in key
 * order. Stretches that have no readings yet (the usual delivery) are copied straight into the
 * table, and their hourly rollup is summed in memory; otherwise the rows go into a temporary
 * table and one upsert leaves identical rows untouched, so importing the same file twice changes
 * nothing, and the rollup of the touched stretches is refreshed from the table. All in one
 * transaction.
 */
export async function importReadings(siteId: string, rows: ReadingInput[], opts: { onPhase?: (phase: ImportPhase, ms: number) => void } = {}): Promise<ImportResult> {
  if (!rows.length) throw new ImportError([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  let mark = performance.now();
  const phase = (name: ImportPhase) => {
    const now = performance.now();
    opts.onPhase?.(name, now - mark);
    mark = now;
  };
  return withRawTransaction(async (tx) => {
    // Bulk statements are planned as expensive; compiling them (JIT) would cost more than running them.
    await tx.query("set local jit = off");
    await tx.query("set local work_mem = '64MB'");
    const distinct = new Set<string>();
    for (const r of rows) distinct.add(r.gsrn ?? "");
    const points = await loadPoints(tx, siteId, distinct);
    const [site] = await tx.query<{ timezone: string }>("select timezone from sites where id = $1", [siteId]);
    const tz = site?.timezone ?? "UTC";
    const { checked, issues } = checkReadings(rows, points);
    if (issues.length) throw new ImportError(issues);
    phase("check");
    const ids = checked.pointIds.map(uuidBytes);
    const order = keyOrder(checked);
    const data = readingsCopy(checked, ids, order);
    const spans: TouchedSpan[] = [...checked.spans.values()].map((s) => ({
      pointId: checked.pointIds[s.pointNo],
      series: s.series,
      fromMs: s.from,
      toMs: s.to + s.intervalMs,
    }));
    let inserted = -1;
    let updated = 0;
    // New stretches (the usual delivery): COPY straight into the table (one WAL record per page,
    // where an INSERT writes one per row). Another writer may have filled them since; then the
    // savepoint undoes this attempt and the upsert below runs instead.
    if ((await spansEmpty(tx, spans)) && (await copyOrConflict(tx, "interval_readings", READING_COLUMNS, data))) inserted = checked.count;
    const copiedNew = inserted >= 0;
    if (!copiedNew) {
      await tx.query(
        "create temp table import_readings (metering_point_id uuid not null, start timestamptz not null, value_wh integer not null, series smallint not null, quality smallint not null) on commit drop",
      );
      await tx.copyIn("import_readings", READING_COLUMNS, data);
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
      inserted = Number(counts.inserted);
      updated = Number(counts.updated);
    }
    phase("write");
    if (copiedNew || inserted + updated > 0) {
      const touched = new Set(spans.map((s) => s.pointId));
      await lockRollupsInTx(tx, { pointIds: [...touched], zones: checked.points.filter((p) => touched.has(p.id)).map((p) => p.biddingZone) });
    }
    // Keep the rollups in step, in the same transaction.
    if (copiedNew) await refreshDaysOfSpans(tx, await writeNewRollup(tx, checked, ids, order, spans, tz));
    else if (inserted + updated > 0) {
      await refreshSpansInTx(tx, spans);
      await refreshDaysOfSpans(tx, spans);
    }
    phase("rollup");
    return { rows: checked.count, inserted, updated, unchanged: checked.count - inserted - updated };
  });
}
