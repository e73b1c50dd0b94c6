/**
 * What a chart shows, as one table: a row per bucket and a column per series (the measurement,
 * the comparison period, overlays). The chart, the screen-reader table and the CSV download all
 * come from this one model, so they always show the same numbers.
 */
import type { Measurement, Overlay, Resolution } from "./chart-state";
import type { ChartReadings } from "@/api/schemas/energy";
import { wallClock, type ChartDateFormat, type DisplayUnit } from "@/i18n/format";
import { csvDialect, csvDocument, csvNumber } from "@/lib/csv";

/** The readings API answer (GET /api/charts/readings). */
export type { ChartReadings };

export type ColumnRole = "current" | "comparison" | "overlay";

export interface ChartColumn {
  /** Key of the value in chart rows. */
  key: string;
  series: Measurement;
  role: ColumnRole;
  unit: DisplayUnit;
  /** Whole years back, for the comparison column. */
  yearOffset?: number;
}

export interface ChartModel {
  columns: ChartColumn[];
  /** date: ISO 8601 with the site's offset; one value per column, null where there is no data. */
  rows: { date: string; values: (number | null)[] }[];
  resolution: Resolution;
  dateFormat: ChartDateFormat;
  currency: string | null;
  vatIncluded: boolean;
}

export function displayUnit(readings: Pick<ChartReadings, "unit">): DisplayUnit {
  return readings.unit === "cents" ? "money" : readings.unit;
}

function toDisplay(value: string | number | null | undefined, unit: DisplayUnit): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  // Money comes in cents; shown in whole currency units with two decimals.
  return unit === "money" ? Math.round(value) / 100 : value;
}

/**
 * Looks up the overlay value of each bucket: the overlay bucket that starts at or before the
 * bucket and has not ended (an hourly temperature spans four 15-minute buckets).
 */
function alignOverlay(dates: string[], overlay: ChartReadings, unit: DisplayUnit): (number | null)[] {
  const key = overlay.measurement;
  const points = overlay.values.map((v) => ({ at: Date.parse(v.date), value: toDisplay(v[key], unit) })).sort((a, b) => a.at - b.at);
  const step = overlay.resolution === "day" || overlay.resolution === "month" ? null : Number(overlay.resolution) * 60_000;
  let i = 0;
  return dates.map((d) => {
    const at = Date.parse(d);
    while (i + 1 < points.length && points[i + 1].at <= at) i++;
    const p = points[i];
    if (!p || p.at > at) return null;
    if (p.at === at) return p.value;
    return step !== null && at < p.at + step ? p.value : null;
  });
}

export function buildChartModel(main: ChartReadings, overlays: { overlay: Overlay; readings: ChartReadings }[] = []): ChartModel {
  const unit = displayUnit(main);
  const columns: ChartColumn[] = [{ key: main.measurement, series: main.measurement, role: "current", unit }];
  if (main.comparison) {
    columns.push({ key: `compare-${main.comparison.key}`, series: main.measurement, role: "comparison", unit, yearOffset: main.comparison.yearOffset });
  }
  // Overlays at the chart's own resolution may reach further (tomorrow's prices on a day chart).
  const dates = [...new Set([...main.values.map((v) => v.date), ...overlays.filter((o) => o.readings.resolution === main.resolution).flatMap((o) => o.readings.values.map((v) => v.date))])].sort(
    (a, b) => Date.parse(a) - Date.parse(b),
  );
  const byDate = new Map(main.values.map((v) => [v.date, v]));
  const aligned = overlays.map((o) => {
    const u = displayUnit(o.readings);
    columns.push({ key: `overlay-${o.overlay}`, series: o.overlay, role: "overlay", unit: u });
    return alignOverlay(dates, o.readings, u);
  });
  const rows = dates.map((date, i) => {
    const v = byDate.get(date);
    const values: (number | null)[] = [toDisplay(v?.[main.measurement], unit)];
    if (main.comparison) values.push(toDisplay(v?.[main.comparison.key], unit));
    for (const a of aligned) values.push(a[i]);
    return { date, values };
  });
  return { columns, rows, resolution: main.resolution, dateFormat: main.dateFormat, currency: main.currency, vatIncluded: main.vatIncluded };
}

/** Rows keyed for the chart library: { date, [column.key]: value }. */
export function chartRows(model: ChartModel): Record<string, string | number | null>[] {
  return model.rows.map((r) => {
    const row: Record<string, string | number | null> = { date: r.date };
    model.columns.forEach((c, i) => (row[c.key] = r.values[i]));
    return row;
  });
}

export interface ColumnSummary {
  /** Sum for energy and money, average for prices and temperatures; null without data. */
  value: number | null;
  kind: "total" | "average";
  /**
   * For the comparison column of a period not over yet: the last bucket that has begun. The
   * comparison is then summed up to the same point, not over its whole period, so a year under way
   * is never set against a whole year.
   */
  upTo?: string;
}

/** Totals and averages per column; with `now`, buckets that have not begun yet leave the comparison out. */
export function summarise(model: ChartModel, now?: number): ColumnSummary[] {
  const begun = now === undefined ? model.rows : model.rows.filter((r) => Date.parse(r.date) <= now);
  return model.columns.map((c, i) => {
    // Buckets the current period has not reached yet have no counterpart to compare with.
    const partial = c.role === "comparison" && begun.length > 0 && begun.length < model.rows.length && model.rows.some((r) => !begun.includes(r) && r.values[i] !== null);
    const rows = partial ? begun : model.rows;
    const values = rows.map((r) => r.values[i]).filter((v): v is number => v !== null);
    const kind = c.unit === "c/kWh" || c.unit === "°C" ? "average" : "total";
    const upTo = partial ? { upTo: begun[begun.length - 1].date } : {};
    if (!values.length) return { value: null, kind, ...upTo };
    const sum = values.reduce((s, v) => s + v, 0);
    const decimals = c.unit === "money" ? 2 : c.unit === "°C" ? 1 : 3;
    const round = (v: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
    return { value: round(kind === "total" ? sum : sum / values.length), kind, ...upTo };
  });
}

/**
 * The chart as CSV (src/lib/csv.ts: the locale's separators, a byte-order mark): a header row,
 * then one row per bucket with its start as ISO 8601 (site offset) and the values as plain
 * decimal numbers, empty where there is no data.
 */
export function chartCsv(model: ChartModel, headers: string[], locale: string): string {
  const dialect = csvDialect(locale);
  const rows = [headers, ...model.rows.map((r) => [r.date, ...r.values.map((v) => (v === null ? "" : csvNumber(String(v), dialect)))])];
  return csvDocument(rows, dialect);
}

/** The charts' tick labels, in px. */
export const TICK_FONT_PX = 12;
/**
 * A character of a tick label, at most: digits and the short month names of the six locales are
 * 0.55–0.64 em wide in the common sans-serif fonts, the widest in DejaVu Sans, where Linux falls
 * back to; the gap below takes what a wide letter (m, ф) adds.
 */
const TICK_CHAR_PX = TICK_FONT_PX * 0.62;
/** The least gap between two labels of the time axis. */
const TICK_GAP_PX = 12;

/** A chart label's width in px at most, from its length: the charts never measure text in the page. */
export const labelWidth = (label: string) => label.length * TICK_CHAR_PX;

/**
 * Every how many ticks of the time axis one is labelled (0: every one), so that the labels, at
 * `plotWidth` px for all of them, do not overlap. The labels are short dates and times whose
 * width follows from their length; having the chart library measure each one in the page instead
 * costs a forced layout per label, the largest part of a chart's first drawing.
 */
export function tickInterval(labels: string[], plotWidth: number): number {
  if (labels.length < 2 || plotWidth <= 0) return 0;
  const widest = Math.max(...labels.map(labelWidth)) + TICK_GAP_PX;
  return Math.max(0, Math.ceil(widest / (plotWidth / labels.length)) - 1);
}

/**
 * Which buckets get an axis label: the first bucket of each label, so a day of 15-minute
 * buckets is labelled on the hour and a year of days on the first of each month.
 */
export function tickDates(dates: string[], format: ChartDateFormat): string[] {
  const ticks: string[] = [];
  let previous = "";
  for (const d of dates) {
    const p = wallClock(d);
    const key = format === "HH:mm" ? `${p.hour}:${p.minute}` : format === "HH:00" ? `${p.day}:${p.hour}` : format === "DD.MM" ? `${p.month}.${p.day}` : `${p.year}.${p.month}`;
    if (key !== previous) ticks.push(d);
    previous = key;
  }
  return ticks;
}
