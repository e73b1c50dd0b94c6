/** Calendar dates (YYYY-MM-DD) of invoices, always read in the site's timezone. */

import { addDays, addMonths, daysBetween, startOfMonth } from "@/lib/calendar";
import { localDateString } from "@/lib/energy/time";

export { addDays, daysBetween };

/** The last answer per zone and its minute: every zone's date changes on a whole minute, and each request asks. */
const today = new Map<string, { minute: number; date: string }>();

export function todayIn(timezone: string, now: Date = new Date()): string {
  const ms = now.getTime();
  const minute = Math.floor(ms / 60_000);
  const kept = today.get(timezone);
  if (kept?.minute === minute) return kept.date;
  const date = localDateString(ms, timezone);
  if (today.size > 100) today.clear();
  today.set(timezone, { minute, date });
  return date;
}

/** A real calendar date written YYYY-MM-DD (any year). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function lastDayOfMonth(date: string): string {
  return addDays(addMonths(startOfMonth(date), 1), -1);
}
