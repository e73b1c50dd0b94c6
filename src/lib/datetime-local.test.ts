import { describe, expect, it } from "vitest";
import { wallClockToInstant } from "./datetime-local";

describe("a datetime-local value in a site's time zone", () => {
  it("reads the wall clock of the zone, summer and winter, whatever the machine's zone", () => {
    expect(wallClockToInstant("2026-06-01T08:30", "Europe/Helsinki")).toBe("2026-06-01T05:30:00.000Z");
    expect(wallClockToInstant("2026-12-01T08:30", "Europe/Helsinki")).toBe("2026-12-01T06:30:00.000Z");
    expect(wallClockToInstant("2026-06-01T08:30", "Europe/Riga")).toBe("2026-06-01T05:30:00.000Z");
    expect(wallClockToInstant("2026-06-01T08:30", "UTC")).toBe("2026-06-01T08:30:00.000Z");
  });

  it("gives nothing for an empty or broken value", () => {
    for (const bad of ["", "2026-06-01", "2026-13-01T08:30", "2026-06-01T25:00", "x2026-06-01T08:30", "2026-06-01T08:30:00Z"]) expect(wallClockToInstant(bad, "Europe/Helsinki"), bad).toBeUndefined();
  });
});
