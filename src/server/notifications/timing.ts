import "server-only";
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

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const FORMATS = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string): Wall {
  let f = FORMATS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    FORMATS.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

export function isNightHour(at: Date, timeZone: string): boolean {
  const { hour } = wallClock(at, timeZone);
  return hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;
}

/** The UTC offset of a timezone at an instant, in milliseconds (local minus UTC). */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const seconds = at.getUTCSeconds() * 1000 + at.getUTCMilliseconds();
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) + seconds - at.getTime();
}

/** The instant a wall-clock time of the timezone names (07:00 is never in a clock change's gap). */
export function zonedTime(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  let guess = naive - offsetAt(new Date(naive), timeZone);
  guess = naive - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** The end of the night an instant falls in: 07:00 of the same morning, or of the next one before midnight. */
export function nightEnd(at: Date, timeZone: string): Date {
  const w = wallClock(at, timeZone);
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + (w.hour >= NIGHT_START_HOUR ? 1 : 0)));
  return zonedTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), NIGHT_END_HOUR, 0, timeZone);
}
