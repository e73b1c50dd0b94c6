import { localDayDiff, localParts, zonedTimeToUtc, formatLocalIso } from "./time";

/** Chart measurements (spec §3 chart series). */
export const MEASUREMENTS = ["consumption", "production", "netted", "price", "temperature"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/** Chart resolutions: interval minutes, or calendar days and months in the site's zone. */
export const RESOLUTIONS = ["5", "15", "60", "day", "month"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** Longest range per resolution, in calendar days, so a chart never gets more points than it can draw. */
export const MAX_RANGE_DAYS: Record<Resolution, number> = {
  "5": 14,
  "15": 62,
  "60": 400,
  day: 1_100,
  month: 3_700,
};

export function resolutionMinutes(resolution: Resolution): number | null {
  return resolution === "day" || resolution === "month" ? null : Number(resolution);
}

/** Display formats by range (spec §9): 0 days HH:mm, 1 day HH:00, up to 31 days DD.MM, otherwise the month. */
export type ChartDateFormat = "HH:mm" | "HH:00" | "DD.MM" | "MM.YYYY";

export function chartDateFormat(fromMs: number, toMs: number, tz: string): ChartDateFormat {
  const days = localDayDiff(fromMs, toMs, tz);
  if (days <= 0) return "HH:mm";
  if (days === 1) return "HH:00";
  if (days <= 31) return "DD.MM";
  return "MM.YYYY";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A bucket's label in the chosen format, in the site's zone. */
export function formatChartDate(ms: number, format: ChartDateFormat, tz: string): string {
  return wallClockTick(localParts(ms, tz), format);
}

/** The numeric label of spec §9 for wall-clock parts: HH:mm, HH:00, DD.MM or MM.YYYY. */
export function wallClockTick(p: { year: number; month: number; day: number; hour: number; minute: number }, format: ChartDateFormat): string {
  switch (format) {
    case "HH:mm":
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case "HH:00":
      return `${pad(p.hour)}:00`;
    case "DD.MM":
      return `${pad(p.day)}.${pad(p.month)}`;
    case "MM.YYYY":
      return `${pad(p.month)}.${p.year}`;
  }
}

/**
 * The wall-clock key of a bucket at the resolution: "2026-03-05T13:15", "2026-03-05" or
 * "2026-03". Comparison periods are matched on this key with the year moved.
 */
export function bucketKey(ms: number, resolution: Resolution, tz: string): string {
  const p = localParts(ms, tz);
  const ym = `${String(p.year).padStart(4, "0")}-${pad(p.month)}`;
  if (resolution === "month") return ym;
  if (resolution === "day") return `${ym}-${pad(p.day)}`;
  return `${ym}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

function shiftKeyYears(key: string, years: number): string {
  const year = Number(key.slice(0, 4)) + years;
  return `${String(year).padStart(4, "0")}${key.slice(4)}`;
}

function keyToInstant(key: string, tz: string): number | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2}))?)?$/.exec(key);
  if (!m) return null;
  const [y, mo, d, h, mi] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 1), Number(m[4] ?? 0), Number(m[5] ?? 0)];
  const ms = zonedTimeToUtc(y, mo, d, h, mi, tz);
  const p = localParts(ms, tz);
  // 29 February moved to a common year has no counterpart.
  return p.month === mo && p.day === d ? ms : null;
}

export interface SeriesPoint {
  /** Bucket start (instant, ms). */
  at: number;
  value: number | null;
}

export interface MergedPoint {
  at: number;
  /** ISO 8601 with the site's offset. */
  date: string;
  current: number | null;
  previous: number | null;
}

/**
 * Merges a period with the same period `yearOffset` whole years earlier (spec §7): each earlier
 * bucket moves forward by the years and meets the current bucket with the same wall-clock key.
 * Buckets only one side has are kept (the earlier year beyond today's data, say). An earlier
 * 29 February has no counterpart and is left out; the repeated autumn hour adds up.
 */
export function mergeComparison(current: SeriesPoint[], previous: SeriesPoint[], yearOffset: number, resolution: Resolution, tz: string): MergedPoint[] {
  const byKey = new Map<string, MergedPoint>();
  for (const point of current) {
    const key = bucketKey(point.at, resolution, tz);
    const hit = byKey.get(key);
    if (hit) {
      // Two current buckets share a wall-clock key only in the repeated autumn hour.
      byKey.set(`${key}#${point.at}`, { at: point.at, date: formatLocalIso(point.at, tz), current: point.value, previous: null });
    } else {
      byKey.set(key, { at: point.at, date: formatLocalIso(point.at, tz), current: point.value, previous: null });
    }
  }
  for (const point of previous) {
    const key = shiftKeyYears(bucketKey(point.at, resolution, tz), yearOffset);
    const hit = byKey.get(key);
    if (hit) {
      hit.previous = hit.previous === null ? point.value : point.value === null ? hit.previous : hit.previous + point.value;
      continue;
    }
    const at = keyToInstant(key, tz);
    if (at === null) continue;
    byKey.set(key, { at, date: formatLocalIso(at, tz), current: null, previous: point.value });
  }
  return [...byKey.values()].sort((a, b) => a.at - b.at);
}

/** Moves an instant by whole years on the wall clock of the zone (29 February → 28 February). */
export function shiftYears(ms: number, years: number, tz: string): number {
  const p = localParts(ms, tz);
  const y = p.year + years;
  const day = Math.min(p.day, new Date(Date.UTC(y, p.month, 0)).getUTCDate());
  return zonedTimeToUtc(y, p.month, day, p.hour, p.minute, tz);
}
