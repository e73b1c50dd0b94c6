import "server-only";
import { withRawTransaction, type RawTx } from "@/server/metering/bulk";
import { QUALITY_CODE, SERIES_CODE } from "@/server/metering/readings";
import { refreshTouchedHoursInTx } from "@/server/metering/rollup";
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
}

interface CheckedRow {
  pointId: string;
  start: number;
  wh: number;
  series: number;
  quality: number;
}

const MAX_WH = 2_147_483_647;

/** Validates rows against the site's metering points; returns the rows to write or every issue found. */
export function checkReadings(rows: ReadingInput[], points: Map<string, PointFacts>): { ok: CheckedRow[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const ok: CheckedRow[] = [];
  const seen = new Set<string>();
  const issue = (line: number, field: string, message: string, value?: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  };
  for (const r of rows) {
    const before = issues.length;
    const gsrn = (r.gsrn ?? "").replace(/\s/g, "");
    let point: PointFacts | undefined;
    if (!/^\d{18}$/.test(gsrn)) issue(r.line, "gsrn", "energy.import.errors.bad-gsrn", r.gsrn);
    else {
      point = points.get(gsrn);
      if (!point) issue(r.line, "gsrn", "energy.import.errors.unknown-metering-point", gsrn);
    }
    const start = parseTimestampWithOffset(r.timestamp ?? "");
    if (start === null) issue(r.line, "timestamp", "energy.import.errors.bad-timestamp", r.timestamp);
    const interval = Number(r.intervalMinutes);
    if (![5, 15, 60].includes(interval) || !/^\d+$/.test((r.intervalMinutes ?? "").trim())) issue(r.line, "interval_minutes", "energy.import.errors.bad-interval", r.intervalMinutes);
    else if (point && point.intervalMinutes !== interval) issue(r.line, "interval_minutes", "energy.import.errors.interval-mismatch", r.intervalMinutes);
    if (start !== null && [5, 15, 60].includes(interval) && start % (interval * 60_000) !== 0) issue(r.line, "timestamp", "energy.import.errors.misaligned-timestamp", r.timestamp);
    const unit = (r.unit ?? "").trim().toLowerCase();
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
    const qualityName = (r.quality ?? "").trim().toLowerCase() || "measured";
    const quality = QUALITY_CODE[qualityName as keyof typeof QUALITY_CODE];
    if (quality === undefined) issue(r.line, "quality", "energy.import.errors.bad-quality", r.quality);
    const seriesName = (r.series ?? "").trim().toLowerCase() || "consumption";
    const series = SERIES_CODE[seriesName as keyof typeof SERIES_CODE];
    if (series === undefined) issue(r.line, "series", "energy.import.errors.bad-series", r.series);
    else if (series === SERIES_CODE.production && point && !point.hasProduction) issue(r.line, "series", "energy.import.errors.no-production", r.series);
    if (issues.length !== before || !point || start === null || wh === null) continue;
    const key = `${point.id}|${series}|${start}`;
    if (seen.has(key)) {
      issue(r.line, "timestamp", "energy.import.errors.duplicate-row", r.timestamp);
      continue;
    }
    seen.add(key);
    ok.push({ pointId: point.id, start, wh, series, quality });
  }
  return { ok, issues };
}

async function loadPoints(tx: RawTx, siteId: string, gsrns: string[]): Promise<Map<string, PointFacts>> {
  const map = new Map<string, PointFacts>();
  const unique = [...new Set(gsrns.filter((g) => /^\d{18}$/.test(g)))];
  const CHUNK = 5000;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const part = unique.slice(i, i + CHUNK);
    const rows = await tx.query<{ id: string; gsrn: string; interval_minutes: number; has_production: boolean }>(
      `select id, gsrn, interval_minutes, has_production from metering_points where site_id = $1 and gsrn in (${part.map((_, j) => `$${j + 2}`).join(", ")})`,
      [siteId, ...part],
    );
    for (const r of rows) map.set(r.gsrn, { id: r.id, intervalMinutes: Number(r.interval_minutes), hasProduction: !!r.has_production });
  }
  return map;
}

/**
 * Validates and writes readings for a site in one transaction: every row is checked first, and
 * one bad row rejects the whole batch with its line number. Writing is an upsert that leaves
 * identical rows untouched, so importing the same file twice changes nothing.
 */
export async function importReadings(siteId: string, rows: ReadingInput[]): Promise<ImportResult> {
  if (!rows.length) throw new ImportError([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  return withRawTransaction(async (tx) => {
    const points = await loadPoints(
      tx,
      siteId,
      rows.map((r) => (r.gsrn ?? "").replace(/\s/g, "")),
    );
    const { ok, issues } = checkReadings(rows, points);
    if (issues.length) throw new ImportError(issues);
    await tx.query(
      "create temp table import_readings (metering_point_id uuid not null, start timestamptz not null, value_wh integer not null, series smallint not null, quality smallint not null) on commit drop",
    );
    const CHUNK = 200_000;
    for (let i = 0; i < ok.length; i += CHUNK) {
      const lines: string[] = [];
      for (const r of ok.slice(i, i + CHUNK)) lines.push(`${r.pointId}\t${new Date(r.start).toISOString()}\t${r.wh}\t${r.series}\t${r.quality}`);
      await tx.copyIn("import_readings", ["metering_point_id", "start", "value_wh", "series", "quality"], `${lines.join("\n")}\n`);
    }
    const [counts] = await tx.query<{ inserted: number; updated: number }>(`
      with up as (
        insert into interval_readings (metering_point_id, start, value_wh, series, quality)
        select metering_point_id, start, value_wh, series, quality from import_readings
        order by metering_point_id, series, start
        on conflict (metering_point_id, series, start) do update
          set value_wh = excluded.value_wh, quality = excluded.quality
          where interval_readings.value_wh is distinct from excluded.value_wh
             or interval_readings.quality is distinct from excluded.quality
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`);
    const inserted = Number(counts.inserted);
    const updated = Number(counts.updated);
    if (inserted + updated > 0) {
      // Keep the hourly rollup in step, in the same transaction.
      let from = Infinity;
      let to = -Infinity;
      for (const r of ok) {
        if (r.start < from) from = r.start;
        if (r.start > to) to = r.start;
      }
      await tx.query("analyze import_readings");
      await refreshTouchedHoursInTx(tx, "import_readings", from, to + 3_600_000);
    }
    return { rows: ok.length, inserted, updated, unchanged: ok.length - inserted - updated };
  });
}
