import "server-only";
import { DAY_MS, MINUTE_MS, offsetSpans } from "@/lib/energy/time";

/**
 * Interval starts over a range with their local calendar facts, computed once per zone and
 * interval and shared by every metering point: no Intl call per interval.
 */
export interface Timeline {
  minutes: number;
  length: number;
  starts: Float64Array;
  /** Local hour with fraction (13.25 = 13:15). */
  hour: Float32Array;
  /** ISO weekday 1–7. */
  weekday: Uint8Array;
  /** Local calendar day as days since 1970-01-01. */
  day: Int32Array;
  /** Day of the year 0–365. */
  doy: Uint16Array;
  /** Timestamps as COPY text (UTC), built on first use. */
  text(): string[];
}

export function buildTimeline(fromMs: number, toMs: number, minutes: number, tz: string): Timeline {
  const step = minutes * MINUTE_MS;
  const first = Math.ceil(fromMs / step) * step;
  const length = Math.max(0, Math.ceil((toMs - first) / step));
  const starts = new Float64Array(length);
  const hour = new Float32Array(length);
  const weekday = new Uint8Array(length);
  const day = new Int32Array(length);
  const doy = new Uint16Array(length);
  const spans = offsetSpans(fromMs, toMs + DAY_MS, tz);
  let span = 0;
  for (let i = 0; i < length; i++) {
    const ms = first + i * step;
    starts[i] = ms;
    while (span + 1 < spans.length && ms >= spans[span + 1].from) span++;
    const local = ms + spans[span].offsetMinutes * MINUTE_MS;
    const d = Math.floor(local / DAY_MS);
    day[i] = d;
    hour[i] = (local - d * DAY_MS) / 3_600_000;
    weekday[i] = ((((d + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
    const date = new Date(d * DAY_MS);
    doy[i] = Math.floor((d * DAY_MS - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS);
  }
  let texts: string[] | null = null;
  return {
    minutes,
    length,
    starts,
    hour,
    weekday,
    day,
    doy,
    text() {
      if (!texts) {
        texts = new Array(length);
        for (let i = 0; i < length; i++) texts[i] = new Date(starts[i]).toISOString();
      }
      return texts;
    },
  };
}
