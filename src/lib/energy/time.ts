/**
 * Wall-clock arithmetic in a site's time zone, with Intl only (no data files). Energy data is
 * stored in UTC; days, months and chart labels follow the site's calendar, so a day can be
 * 23 or 25 hours long across a DST change.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface LocalParts {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = FORMATTERS.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    FORMATTERS.set(tz, f);
  }
  return f;
}

/** Throws RangeError for a name Intl does not know. */
export function isValidTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The offset at an instant as Intl tells it (slow: a formatToParts per call). */
function intlOffsetMinutes(ms: number, tz: string): number {
  const parts = formatter(tz).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / MINUTE_MS);
}

/**
 * A zone's offsets over one UTC year: the offset from the year's start and every change in it
 * (found a day at a time, then to the minute). Built once per zone and year with Intl; every
 * later lookup is a binary search, so bucketing a year of data asks Intl nothing.
 */
interface YearOffsets {
  at: number[];
  offset: number[];
}
const YEAR_OFFSETS = new Map<string, YearOffsets>();
const MAX_CACHED_YEARS = 512;

function yearOffsets(tz: string, year: number): YearOffsets {
  const key = `${tz}|${year}`;
  const hit = YEAR_OFFSETS.get(key);
  if (hit) return hit;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  const at = [start];
  const offset = [intlOffsetMinutes(start, tz)];
  let prev = start;
  while (prev < end) {
    const next = Math.min(prev + DAY_MS, end);
    const off = intlOffsetMinutes(next, tz);
    if (off !== offset[offset.length - 1]) {
      let lo = prev;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (intlOffsetMinutes(mid, tz) === offset[offset.length - 1]) lo = mid;
        else hi = mid;
      }
      at.push(hi);
      offset.push(off);
    }
    prev = next;
  }
  if (YEAR_OFFSETS.size >= MAX_CACHED_YEARS) YEAR_OFFSETS.delete(YEAR_OFFSETS.keys().next().value!);
  const built = { at, offset };
  YEAR_OFFSETS.set(key, built);
  return built;
}

/** The offset of the zone from UTC at an instant, in minutes (Helsinki in summer: 180). */
export function tzOffsetMinutes(ms: number, tz: string): number {
  if (tz === "UTC") return 0;
  const { at, offset } = yearOffsets(tz, new Date(ms).getUTCFullYear());
  let lo = 0;
  let hi = at.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (at[mid] <= ms) lo = mid;
    else hi = mid - 1;
  }
  return offset[lo];
}

export function localParts(ms: number, tz: string): LocalParts {
  const d = new Date(ms + tzOffsetMinutes(ms, tz) * MINUTE_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const weekday = ((d.getUTCDay() + 6) % 7) + 1;
  return { year, month, day, hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds(), weekday };
}

/** For tests: the offset straight from Intl, to check the cached one against. */
export const intlOffsetForTests = intlOffsetMinutes;

/** The instant of a wall-clock time in the zone. A time skipped by DST resolves forward. */
export function zonedTimeToUtc(year: number, month: number, day: number, hour = 0, minute = 0, tz = "UTC"): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - tzOffsetMinutes(guess, tz) * MINUTE_MS;
  const second = guess - tzOffsetMinutes(first, tz) * MINUTE_MS;
  if (first === second) return first;
  // Around a transition the two candidates differ; take the one whose wall clock matches, else the later.
  const matches = (ms: number) => {
    const p = localParts(ms, tz);
    return p.hour === hour && p.minute === minute && p.day === new Date(guess).getUTCDate();
  };
  if (matches(second)) return second;
  if (matches(first)) return first;
  return Math.max(first, second);
}

const pad = (n: number, w = 2) => String(Math.abs(n)).padStart(w, "0");

/** ISO 8601 with the zone's offset: 2026-03-29T04:00:00+03:00. */
export function formatLocalIso(ms: number, tz: string): string {
  const p = localParts(ms, tz);
  const off = tzOffsetMinutes(ms, tz);
  const sign = off < 0 ? "-" : "+";
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** YYYY-MM-DD of the instant in the zone. */
export function localDateString(ms: number, tz: string): string {
  const p = localParts(ms, tz);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

export function startOfLocalDay(ms: number, tz: string): number {
  const p = localParts(ms, tz);
  return zonedTimeToUtc(p.year, p.month, p.day, 0, 0, tz);
}

export function addLocalDays(ms: number, days: number, tz: string): number {
  const p = localParts(ms, tz);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), p.hour, p.minute, tz);
}

export function startOfLocalMonth(ms: number, tz: string, addMonths = 0): number {
  const p = localParts(ms, tz);
  const d = new Date(Date.UTC(p.year, p.month - 1 + addMonths, 1));
  return zonedTimeToUtc(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 0, tz);
}

export function startOfLocalYear(year: number, tz: string): number {
  return zonedTimeToUtc(year, 1, 1, 0, 0, tz);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Calendar days between two instants in the zone, as a person counts them: from 00:00 one day
 * to 00:00 the next is one day even when that day has 23 or 25 hours.
 */
export function localDayDiff(fromMs: number, toMs: number, tz: string): number {
  const a = localParts(fromMs, tz);
  const b = localParts(toMs, tz);
  const dayA = Date.UTC(a.year, a.month - 1, a.day) / DAY_MS;
  const dayB = Date.UTC(b.year, b.month - 1, b.day) / DAY_MS;
  let diff = dayB - dayA;
  const timeA = a.hour * 3600 + a.minute * 60 + a.second;
  const timeB = b.hour * 3600 + b.minute * 60 + b.second;
  if (diff > 0 && timeB < timeA) diff -= 1;
  return diff;
}

/** A UTC offset change of the zone: from `at` on, the offset is `offsetMinutes`. */
export interface OffsetSpan {
  from: number;
  offsetMinutes: number;
}

/**
 * The zone's offsets over [fromMs, toMs): the first span starts at fromMs, each further one at a
 * DST change. Weekly probes find a change, a binary search pins it to the minute.
 */
export function offsetSpans(fromMs: number, toMs: number, tz: string): OffsetSpan[] {
  const spans: OffsetSpan[] = [{ from: fromMs, offsetMinutes: tzOffsetMinutes(fromMs, tz) }];
  const step = 7 * DAY_MS;
  let prev = fromMs;
  let prevOff = spans[0].offsetMinutes;
  while (prev < toMs) {
    const next = Math.min(prev + step, toMs);
    const off = tzOffsetMinutes(next, tz);
    if (off !== prevOff) {
      let lo = prev;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (tzOffsetMinutes(mid, tz) === prevOff) lo = mid;
        else hi = mid;
      }
      if (hi < toMs) spans.push({ from: hi, offsetMinutes: off });
      prevOff = off;
    }
    prev = next;
  }
  return spans;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date given by a client: YYYY-MM-DD means local midnight in the zone; a date-time must carry
 * its offset (or Z). Returns null when the text is neither.
 */
export function parseDateInput(value: string, tz: string): number | null {
  const d = DATE_ONLY.exec(value);
  if (d) {
    const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    if (m < 1 || m > 12 || day < 1 || day > daysInMonth(y, m)) return null;
    return zonedTimeToUtc(y, m, day, 0, 0, tz);
  }
  if (DATE_TIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}
