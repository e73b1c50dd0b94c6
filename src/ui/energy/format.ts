/**
 * Formatting of energy data for people: numbers per locale, bucket dates in the site's wall-clock
 * time (the API sends ISO 8601 with the site's offset, so the wall clock is in the text itself),
 * and the chart axis formats of spec §9.
 */
import type { Resolution } from "./chart-state";

export type DisplayUnit = "kWh" | "money" | "c/kWh" | "°C";
export type ChartDateFormat = "HH:mm" | "HH:00" | "DD.MM" | "MM.YYYY";

const pad = (n: number) => String(n).padStart(2, "0");

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock parts of "2026-03-05T13:15:00+02:00" (or "2026-03-05"). */
export function wallClock(iso: string): WallClock {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0) };
}

const monthFormatters = new Map<string, Intl.DateTimeFormat>();
function monthName(year: number, month: number, locale: string, style: "long" | "short", withYear: boolean): string {
  const key = `${locale}|${style}|${withYear}`;
  let f = monthFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: style, year: withYear ? "numeric" : undefined, timeZone: "UTC" });
    monthFormatters.set(key, f);
  }
  return f.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** DD.MM.YYYY (spec §9). */
export function formatDate(iso: string): string {
  const p = wallClock(iso);
  return `${pad(p.day)}.${pad(p.month)}.${p.year}`;
}

/** DD.MM.YYYY HH:mm (spec §9). */
export function formatDateTime(iso: string): string {
  const p = wallClock(iso);
  return `${formatDate(iso)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** A bucket in full, for tables, tooltips and files: the date and time it starts, the day, or the month. */
export function formatBucket(iso: string, resolution: Resolution, locale: string): string {
  if (resolution === "month") {
    const p = wallClock(iso);
    return monthName(p.year, p.month, locale, "long", true);
  }
  if (resolution === "day") return formatDate(iso);
  return formatDateTime(iso);
}

/** An axis label in the range's format (spec §9): 0 days HH:mm, 1 day HH:00, up to 31 days DD.MM, otherwise the month. */
export function formatTick(iso: string, format: ChartDateFormat, locale: string, withYear = false): string {
  const p = wallClock(iso);
  switch (format) {
    case "HH:mm":
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case "HH:00":
      return `${pad(p.hour)}:00`;
    case "DD.MM":
      return `${pad(p.day)}.${pad(p.month)}`;
    case "MM.YYYY":
      return monthName(p.year, p.month, locale, "short", withYear);
  }
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

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** Decimals shown per unit; the table, the chart and the CSV file use the same. */
export const UNIT_DECIMALS: Record<DisplayUnit, { min: number; max: number }> = {
  kWh: { min: 3, max: 3 },
  money: { min: 2, max: 2 },
  "c/kWh": { min: 3, max: 3 },
  "°C": { min: 1, max: 1 },
};

/** A number per locale with the unit's decimals, or at most `maxDecimals` (axis ticks, headline figures). */
export function formatNumber(value: number, locale: string, unit: DisplayUnit, maxDecimals?: number): string {
  const d = UNIT_DECIMALS[unit];
  const key = `${locale}|${unit}|${maxDecimals ?? ""}`;
  let f = numberFormatters.get(key);
  if (!f) {
    f =
      maxDecimals !== undefined
        ? new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals })
        : new Intl.NumberFormat(locale, { minimumFractionDigits: d.min, maximumFractionDigits: d.max });
    numberFormatters.set(key, f);
  }
  return f.format(value);
}

const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let f = moneyFormatters.get(key);
  if (!f) moneyFormatters.set(key, (f = new Intl.NumberFormat(locale, { style: "currency", currency })));
  return f;
}

export function formatMoney(value: number, locale: string, currency: string): string {
  return moneyFormatter(locale, currency).format(value);
}

/** The currency symbol of a locale ("€"), for axis and column labels. */
export function currencySymbol(locale: string, currency: string): string {
  const part = moneyFormatter(locale, currency).formatToParts(0).find((p) => p.type === "currency");
  return part?.value ?? currency;
}
