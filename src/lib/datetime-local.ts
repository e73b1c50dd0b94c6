import { zonedTimeToUtc } from "@/lib/energy/time";

/**
 * The value of a `datetime-local` field ("2026-06-01T08:30"), read as a wall-clock time in the
 * given zone (a site's, not the browser's), as an ISO instant; anything else is undefined.
 */
export function wallClockToInstant(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  return new Date(zonedTimeToUtc(year, month, day, hour, minute, timeZone)).toISOString();
}
