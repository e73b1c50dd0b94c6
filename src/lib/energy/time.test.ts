import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { intlOffsetForTests, localParts, tzOffsetMinutes } from "./time";

const ZONES = ["Europe/Helsinki", "Europe/Tallinn", "Europe/Riga", "Europe/Stockholm", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];

function intlParts(ms: number, tz: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

describe("cached zone offsets", () => {
  it("agree with Intl at any instant from 1990 to 2040 in zones with and without DST", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }), fc.constantFrom(...ZONES), (ms, tz) => {
        expect(tzOffsetMinutes(ms, tz)).toBe(intlOffsetForTests(ms, tz));
        const { weekday: _weekday, ...parts } = localParts(ms, tz);
        expect(parts).toEqual(intlParts(ms, tz));
      }),
      { numRuns: 3000 },
    );
  });

  it("change at the minute of a DST transition, on both sides", () => {
    // Helsinki: 2026-03-29 01:00 UTC to summer time, 2026-10-25 01:00 UTC back.
    const spring = Date.UTC(2026, 2, 29, 1);
    const autumn = Date.UTC(2026, 9, 25, 1);
    expect(tzOffsetMinutes(spring - 1, "Europe/Helsinki")).toBe(120);
    expect(tzOffsetMinutes(spring, "Europe/Helsinki")).toBe(180);
    expect(tzOffsetMinutes(autumn - 1, "Europe/Helsinki")).toBe(180);
    expect(tzOffsetMinutes(autumn, "Europe/Helsinki")).toBe(120);
    // Lord Howe moves by 30 minutes.
    expect(tzOffsetMinutes(Date.UTC(2026, 0, 15), "Australia/Lord_Howe")).toBe(660);
    expect(tzOffsetMinutes(Date.UTC(2026, 6, 15), "Australia/Lord_Howe")).toBe(630);
  });

  it("still refuses a zone Intl does not know", () => {
    expect(() => tzOffsetMinutes(0, "Mars/Olympus_Mons")).toThrow(RangeError);
  });
});
