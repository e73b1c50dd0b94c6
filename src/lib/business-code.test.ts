import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isValidOvt, validateBusinessCode } from "./business-code";

describe("business codes", () => {
  it("accepts real codes of each country", () => {
    expect(validateBusinessCode("FI", "1463611-4")).toEqual({ valid: true, country: "FI", normalized: "1463611-4" });
    expect(validateBusinessCode("FI", "0112038-9").valid).toBe(true);
    expect(validateBusinessCode("EE", "10421629")).toEqual({ valid: true, country: "EE", normalized: "10421629" });
    expect(validateBusinessCode("LV", "40003032949")).toEqual({ valid: true, country: "LV", normalized: "40003032949" });
    expect(validateBusinessCode("LV", "LV 40003032949").valid).toBe(true);
  });

  it("refuses a wrong check digit and a wrong shape", () => {
    expect(validateBusinessCode("FI", "1463611-5")).toEqual({ valid: false, reason: "checksum" });
    expect(validateBusinessCode("FI", "14636114x")).toEqual({ valid: false, reason: "format" });
    expect(validateBusinessCode("EE", "10421628")).toEqual({ valid: false, reason: "checksum" });
    expect(validateBusinessCode("EE", "30421629")).toEqual({ valid: false, reason: "format" });
    expect(validateBusinessCode("LV", "40003032948")).toEqual({ valid: false, reason: "checksum" });
    expect(validateBusinessCode("LV", "30003032949")).toEqual({ valid: false, reason: "format" });
  });

  it("finds exactly one valid check digit for most Finnish bodies", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (n) => {
        const body = String(n).padStart(7, "0");
        const valid = Array.from({ length: 10 }, (_, d) => validateBusinessCode("FI", `${body}-${d}`).valid).filter(Boolean).length;
        expect(valid).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("checks OVT addresses by the Y-tunnus inside", () => {
    expect(isValidOvt("003714636114")).toBe(true);
    expect(isValidOvt("00371463611400101")).toBe(true);
    expect(isValidOvt("003714636115")).toBe(false);
    expect(isValidOvt("FI14636114")).toBe(false);
  });
});
