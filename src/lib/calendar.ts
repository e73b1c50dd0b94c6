/**
 * Calendar arithmetic on plain dates ("YYYY-MM-DD") as the site's calendar shows them. A chart
 * period is a run of whole local days, so no time zone is needed here: the API reads a date as
 * midnight in the site's zone.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isPlainDate(value: string | null | undefined): value is string {
  if (!value) return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 9999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function toUtc(date: string): number {
  const m = DATE.exec(date)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtc(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, "0")}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
}

/** The date as a UTC instant at midnight, for Intl formatting with timeZone "UTC". */
export function plainDateToUtc(date: string): Date {
  return new Date(toUtc(date));
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Adds calendar months; the day of month is kept where it exists, else the month's last day. */
export function addMonths(date: string, months: number): string {
  const d = new Date(toUtc(date));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return fromUtc(target.getTime());
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** ISO weekday, 1 Monday … 7 Sunday (weeks start on Monday in every locale, spec §9). */
export function isoWeekday(date: string): number {
  return ((new Date(toUtc(date)).getUTCDay() + 6) % 7) + 1;
}

export function startOfWeek(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 8)}01`;
}

export function startOfYear(date: string): string {
  return `${date.slice(0, 5)}01-01`;
}

/** ISO 8601 week number and its year. */
export function isoWeek(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { year, week };
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
