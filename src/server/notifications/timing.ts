import "server-only";
import { localParts, zonedTimeToUtc } from "@/lib/energy/time";
import { NIGHT_END_HOUR, NIGHT_START_HOUR } from "@/lib/notifications";
import type { NotificationTiming } from "@/server/db/schema";

/**
 * When a message on a customer's channel goes out (spec §3 notification timing), by the wall
 * clock of the site's timezone, so the night is the customer's night across midnight and on
 * the days the clocks change:
 * - Always: at once;
 * - NoNightHours: at once, except at night (22:00–07:00), when the channel is left out (the
 *   message is still in the inbox);
 * - SendAfterNightHours: at once, or, at night, at 07:00 the next morning.
 */
export function deliveryTime(timing: NotificationTiming, at: Date, timeZone: string): Date | null {
  if (timing === "Always" || !isNightHour(at, timeZone)) return at;
  if (timing === "NoNightHours") return null;
  return nightEnd(at, timeZone);
}

export function isNightHour(at: Date, timeZone: string): boolean {
  const { hour } = localParts(at.getTime(), timeZone);
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
}

/** The end of the night an instant falls in: 07:00 of the same morning, or of the next one before midnight. */
export function nightEnd(at: Date, timeZone: string): Date {
  const w = localParts(at.getTime(), timeZone);
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + (w.hour >= NIGHT_START_HOUR ? 1 : 0)));
  return new Date(zonedTimeToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), NIGHT_END_HOUR, 0, timeZone));
}
