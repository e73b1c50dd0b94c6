import "server-only";
import { uuidBytes, withRawTransaction } from "@/server/metering/bulk";
import { refreshDailySpansInTx, refreshSpansInTx } from "@/server/metering/rollup";
import { getSiteById } from "@/server/sites/sites";
import { csvLayout, readCsv, unquotedField, unquotedRecords, type CsvLayout, type CsvRecord } from "./csv";
import { NewStretchRollup } from "./new-stretch-rollup";
import { loadPoints, ReadingChecker } from "./reading-checks";
import { GlanceOf, lockStretches, reachOf, sameStretches, stretchesOf, toSpan, type Glance } from "./reading-stretches";
import { checkRest, copyNewStretches, keyOrder, SLICE, spansEmpty, upsertReadings } from "./reading-write";
import { ImportError, type ImportIssue, type ImportResult } from "./types";

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
export function mapHeader<K extends string>(header: string[], columns: Record<K, string[]>, required: K[], line: number): { index: Partial<Record<K, number>>; issues: ImportIssue[] } {
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

/** Rows for an import: a glance at them first, then slice by slice. */
export interface ReadingSource {
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

/**
 * The steps of an import, for timing: "read", the glance at the rows (for a CSV file, at its
 * columns); "check", the points' lookup, the locks and, unless the rows go into new stretches
 * (where the COPY reads and checks them as it goes), reading and checking; "write", the COPY or
 * the upsert; "rollup".
 */
export type ImportPhase = "read" | "check" | "write" | "rollup";

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
    const { inserted, updated } = await upsertReadings(tx, c, idsOf());
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

export interface ImportOptions {
  onPhase?: (phase: ImportPhase, ms: number) => void;
}

/** Imports rows already read (the bulk API's JSON, a file read whole). See importSource. */
export function importReadings(siteId: string, rows: ReadingInput[], opts: ImportOptions = {}): Promise<ImportResult> {
  return importSource(
    siteId,
    timedRead(() => arraySource(rows), opts),
    opts,
  );
}

function timedRead(open: () => ReadingSource, opts: ImportOptions): ReadingSource {
  const t = performance.now();
  const source = open();
  opts.onPhase?.("read", performance.now() - t);
  return source;
}

/** Imports a CSV file of readings (parseReadingsCsv's format), reading it while it is written. See importSource. */
export function importReadingsCsv(siteId: string, text: string, opts: ImportOptions = {}): Promise<ImportResult> {
  return importSource(
    siteId,
    timedRead(() => csvSource(text), opts),
    opts,
  );
}
