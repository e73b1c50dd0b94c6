import "server-only";
import { withRawTransaction } from "@/server/metering/bulk";
import { readCsv } from "./csv";
import { mapHeader } from "./readings";
import { ImportError, MAX_ISSUES, parseDecimal, parseTimestampWithOffset, type ImportIssue, type ImportResult } from "./types";

/**
 * Hourly outdoor temperatures. CSV columns: area (weather area id, e.g. FI-HELSINKI),
 * timestamp (start of the hour, ISO 8601 with offset), temperature_c (°C, point or comma decimal).
 */
const COLUMNS = {
  area: ["area", "weather_area", "station"],
  timestamp: ["timestamp", "start", "time", "hour"],
  temperature: ["temperature_c", "temperature", "temp", "value", "celsius"],
};

export interface TemperatureRow {
  area: string;
  start: number;
  tenthsC: number;
}

const AREA = /^[A-Z]{2}-[A-Z0-9_-]{1,40}$/;

export function parseTemperaturesCsv(text: string): TemperatureRow[] {
  const records = readCsv(text);
  const first = records.next();
  if (first.done) throw new ImportError([{ line: 1, field: "file", message: "energy.import.errors.empty-file" }]);
  const { index, issues: headerIssues } = mapHeader(first.value.fields, COLUMNS, ["area", "timestamp", "temperature"], first.value.line);
  if (headerIssues.length) throw new ImportError(headerIssues);
  const issues: ImportIssue[] = [];
  const issue = (line: number, field: string, message: string, value?: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  };
  const rows: TemperatureRow[] = [];
  const seen = new Set<string>();
  for (const r of records) {
    const before = issues.length;
    const area = (r.fields[index.area!] ?? "").toUpperCase();
    const tsText = r.fields[index.timestamp!] ?? "";
    const tempText = r.fields[index.temperature!] ?? "";
    if (!AREA.test(area)) issue(r.line, "area", "energy.import.errors.bad-area", area);
    const start = parseTimestampWithOffset(tsText);
    if (start === null) issue(r.line, "timestamp", "energy.import.errors.bad-timestamp", tsText);
    else if (start % 3_600_000 !== 0) issue(r.line, "timestamp", "energy.import.errors.misaligned-timestamp", tsText);
    const t = parseDecimal(tempText);
    if (t === null || t < -70 || t > 60) issue(r.line, "temperature_c", "energy.import.errors.bad-temperature", tempText);
    if (issues.length !== before || start === null || t === null) continue;
    const key = `${area}|${start}`;
    if (seen.has(key)) {
      issue(r.line, "timestamp", "energy.import.errors.duplicate-row", tsText);
      continue;
    }
    seen.add(key);
    rows.push({ area, start, tenthsC: Math.round(t * 10) });
  }
  if (!issues.length && !rows.length) issue(first.value.line, "file", "energy.import.errors.empty-file");
  if (issues.length) throw new ImportError(issues);
  return rows;
}

export async function importTemperatures(rows: TemperatureRow[]): Promise<ImportResult> {
  return withRawTransaction(async (tx) => {
    await tx.query("create temp table import_temperatures (area text not null, start timestamptz not null, tenths_c smallint not null) on commit drop");
    const lines = rows.map((r) => `${r.area}\t${new Date(r.start).toISOString()}\t${r.tenthsC}`);
    await tx.copyIn("import_temperatures", ["area", "start", "tenths_c"], lines.length ? `${lines.join("\n")}\n` : "");
    const [counts] = await tx.query<{ inserted: number; updated: number }>(`
      with up as (
        insert into temperatures (area, start, tenths_c)
        select area, start, tenths_c from import_temperatures
        on conflict (area, start) do update set tenths_c = excluded.tenths_c
          where temperatures.tenths_c is distinct from excluded.tenths_c
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`);
    const inserted = Number(counts.inserted);
    const updated = Number(counts.updated);
    return { rows: rows.length, inserted, updated, unchanged: rows.length - inserted - updated };
  });
}
