import { describe, expect, it } from "vitest";
import { todayIn } from "./dates";

describe("todayIn", () => {
  it("turns the date at the zone's midnight, however often it is asked within a minute", () => {
    // Helsinki is two hours ahead of UTC in December: its midnight is 22:00 UTC.
    expect(todayIn("Europe/Helsinki", new Date("2026-12-02T21:59:00Z"))).toBe("2026-12-02");
    expect(todayIn("Europe/Helsinki", new Date("2026-12-02T21:59:59.999Z"))).toBe("2026-12-02");
    expect(todayIn("Europe/Helsinki", new Date("2026-12-02T22:00:00Z"))).toBe("2026-12-03");
    expect(todayIn("Europe/Riga", new Date("2026-12-02T22:00:00Z"))).toBe("2026-12-03");
    expect(todayIn("UTC", new Date("2026-12-02T22:00:00Z"))).toBe("2026-12-02");
    // Back to an earlier instant: not the last answer of the zone.
    expect(todayIn("Europe/Helsinki", new Date("2026-06-30T20:59:00Z"))).toBe("2026-06-30");
    expect(todayIn("Europe/Helsinki", new Date("2026-06-30T21:00:00Z"))).toBe("2026-07-01");
  });
});
