import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bucketKey, chartDateFormat, formatChartDate, mergeComparison, shiftYears } from "./chart";
import { addLocalDays, formatLocalIso, localDayDiff, offsetSpans, parseDateInput, startOfLocalDay, tzOffsetMinutes, zonedTimeToUtc } from "./time";
import { resolveRange } from "./range";

const HEL = "Europe/Helsinki";

describe("wall-clock time in Europe/Helsinki", () => {
  it("knows the DST offsets and the 23- and 25-hour days", () => {
    expect(tzOffsetMinutes(Date.UTC(2026, 0, 15), HEL)).toBe(120);
    expect(tzOffsetMinutes(Date.UTC(2026, 6, 15), HEL)).toBe(180);
    const spring = zonedTimeToUtc(2026, 3, 29, 0, 0, HEL);
    expect(addLocalDays(spring, 1, HEL) - spring).toBe(23 * 3_600_000);
    const autumn = zonedTimeToUtc(2026, 10, 25, 0, 0, HEL);
    expect(addLocalDays(autumn, 1, HEL) - autumn).toBe(25 * 3_600_000);
    expect(formatLocalIso(autumn, HEL)).toBe("2026-10-25T00:00:00+03:00");
    expect(formatLocalIso(addLocalDays(autumn, 1, HEL), HEL)).toBe("2026-10-26T00:00:00+02:00");
  });

  it("finds the transitions of a range to the minute", () => {
    const spans = offsetSpans(Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1), HEL);
    expect(spans.map((s) => [new Date(s.from).toISOString(), s.offsetMinutes])).toEqual([
      ["2026-01-01T00:00:00.000Z", 120],
      ["2026-03-29T01:00:00.000Z", 180],
      ["2026-10-25T01:00:00.000Z", 120],
    ]);
  });

  it("resolves a wall-clock time skipped in spring forward, and counts calendar days across DST", () => {
    // 03:30 does not exist on 29 March 2026 in Helsinki.
    expect(new Date(zonedTimeToUtc(2026, 3, 29, 3, 30, HEL)).toISOString()).toBe("2026-03-29T01:30:00.000Z");
    const a = zonedTimeToUtc(2026, 3, 29, 0, 0, HEL);
    const b = zonedTimeToUtc(2026, 3, 30, 0, 0, HEL);
    expect(localDayDiff(a, b, HEL)).toBe(1);
    expect(localDayDiff(a, b - 1, HEL)).toBe(0);
  });

  it("parses client dates: local dates as midnight, date-times only with an offset", () => {
    expect(new Date(parseDateInput("2026-07-01", HEL)!).toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(parseDateInput("2026-07-01T10:00:00Z", HEL)).toBe(Date.UTC(2026, 6, 1, 10));
    expect(parseDateInput("2026-07-01T10:00:00", HEL)).toBeNull();
    expect(parseDateInput("2026-02-30", HEL)).toBeNull();
    expect(parseDateInput("yesterday", HEL)).toBeNull();
  });

  it("always round-trips local midnights (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 2040 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        const ms = zonedTimeToUtc(y, m, d, 0, 0, HEL);
        return startOfLocalDay(ms, HEL) === ms && formatLocalIso(ms, HEL).startsWith(`${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}T00:00:00`);
      }),
    );
  });
});

describe("chart date format by range (spec §9)", () => {
  const day = (d: number, h = 0) => zonedTimeToUtc(2026, 3, d, h, 0, HEL);
  it("0 days HH:mm, 1 day HH:00, up to 31 days DD.MM, otherwise the month", () => {
    expect(chartDateFormat(day(10, 8), day(10, 14), HEL)).toBe("HH:mm");
    expect(chartDateFormat(day(10), day(11), HEL)).toBe("HH:00");
    // The 23-hour day is still one day.
    expect(chartDateFormat(day(29), day(30), HEL)).toBe("HH:00");
    expect(chartDateFormat(day(1), zonedTimeToUtc(2026, 4, 1, 0, 0, HEL), HEL)).toBe("DD.MM");
    expect(chartDateFormat(day(1), zonedTimeToUtc(2026, 4, 2, 0, 0, HEL), HEL)).toBe("MM.YYYY");
  });
  it("labels buckets in the site's zone", () => {
    const t = Date.UTC(2026, 2, 31, 22, 15); // 01:15 on 1 April in Helsinki
    expect(formatChartDate(t, "HH:mm", HEL)).toBe("01:15");
    expect(formatChartDate(t, "HH:00", HEL)).toBe("01:00");
    expect(formatChartDate(t, "DD.MM", HEL)).toBe("01.04");
    expect(formatChartDate(t, "MM.YYYY", HEL)).toBe("04.2026");
  });
});

describe("year-shift comparison merge", () => {
  const at = (y: number, m: number, d: number, h = 0) => zonedTimeToUtc(y, m, d, h, 0, HEL);
  it("matches each earlier bucket with the same wall-clock bucket whole years later", () => {
    const current = [1, 2, 3].map((d) => ({ at: at(2026, 3, d), value: d * 10 }));
    const previous = [1, 2, 3].map((d) => ({ at: at(2025, 3, d), value: d }));
    const merged = mergeComparison(current, previous, 1, "day", HEL);
    expect(merged.map((m) => [m.date.slice(0, 10), m.current, m.previous])).toEqual([
      ["2026-03-01", 10, 1],
      ["2026-03-02", 20, 2],
      ["2026-03-03", 30, 3],
    ]);
  });

  it("keeps earlier buckets the current period has no data for yet, and leaves 29 February out", () => {
    const current = [{ at: at(2025, 2, 27), value: 5 }];
    const previous = [27, 28, 29].map((d) => ({ at: at(2024, 2, d), value: d }));
    const merged = mergeComparison(current, previous, 1, "day", HEL);
    expect(merged.map((m) => [m.date.slice(0, 10), m.current, m.previous])).toEqual([
      ["2025-02-27", 5, 27],
      ["2025-02-28", null, 28],
    ]);
  });

  it("matches hours across a year whose DST change falls on another date", () => {
    // 2025-03-30 was a 23-hour day; on 2026-03-30 all 24 hours exist.
    const previous = [0, 1, 2, 4, 5].map((h) => ({ at: at(2025, 3, 30, h), value: h }));
    const current = [0, 1, 2, 3, 4, 5].map((h) => ({ at: at(2026, 3, 30, h), value: 100 + h }));
    const merged = mergeComparison(current, previous, 1, "60", HEL);
    expect(merged.map((m) => [m.date.slice(11, 16), m.current, m.previous])).toEqual([
      ["00:00", 100, 0],
      ["01:00", 101, 1],
      ["02:00", 102, 2],
      ["03:00", 103, null],
      ["04:00", 104, 4],
      ["05:00", 105, 5],
    ]);
  });

  it("uses month keys for month buckets and shifts ranges by whole years", () => {
    expect(bucketKey(at(2026, 11, 1), "month", HEL)).toBe("2026-11");
    expect(formatLocalIso(shiftYears(at(2024, 2, 29), 1, HEL), HEL)).toBe("2025-02-28T00:00:00+02:00");
    expect(formatLocalIso(shiftYears(at(2026, 7, 1), -2, HEL), HEL)).toBe("2024-07-01T00:00:00+03:00");
  });
});

describe("range validation", () => {
  const now = Date.UTC(2026, 10, 22, 10);
  it("defaults to the current month by day", () => {
    const r = resolveRange({}, HEL, now);
    expect("range" in r && [formatLocalIso(r.range.fromMs, HEL), formatLocalIso(r.range.toMs, HEL), r.range.resolution]).toEqual(["2026-11-01T00:00:00+02:00", "2026-12-01T00:00:00+02:00", "day"]);
  });
  it("refuses empty, reversed, malformed and too long ranges with field keys", () => {
    const err = (q: Parameters<typeof resolveRange>[0]) => {
      const r = resolveRange(q, HEL, now);
      return "errors" in r ? r.errors.map((e) => `${e.path}:${e.message}`) : [];
    };
    expect(err({ from: "2026-01-02", to: "2026-01-01" })).toEqual(["to:energy.errors.range-empty"]);
    expect(err({ from: "2026-01-01" })).toEqual(["to:energy.errors.to-required"]);
    expect(err({ from: "01.01.2026", to: "2026-01-02" })).toEqual(["from:energy.errors.bad-date"]);
    expect(err({ from: "2025-01-01", to: "2026-03-01", resolution: "15" })).toEqual(["to:energy.errors.range-too-long"]);
    expect(err({ from: "2025-01-01", to: "2026-01-01", resolution: "hour" })).toEqual(["resolution:energy.errors.bad-resolution"]);
    expect(err({ from: "2025-01-01", to: "2026-01-01", resolution: "month" })).toEqual([]);
  });
});
