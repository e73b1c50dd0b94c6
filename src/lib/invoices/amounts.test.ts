import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centsToDecimal, computeTotals, energyCents, roundHalfAway, vatOf, whToKwhString } from "./amounts";

describe("invoice arithmetic", () => {
  it("computes VAT per rate with exact rounding", () => {
    expect(vatOf(10000, 2550)).toBe(2550);
    expect(vatOf(1, 2550)).toBe(0);
    expect(vatOf(2, 2550)).toBe(1);
    expect(vatOf(-2, 2550)).toBe(-1);
    expect(vatOf(1234567, 2400)).toBe(296296);
  });

  it("allocates VAT to lines so that every column adds up", () => {
    const t = computeTotals([
      { netCents: 333, vatRateBasisPoints: 2550 },
      { netCents: 333, vatRateBasisPoints: 2550 },
      { netCents: 334, vatRateBasisPoints: 2550 },
      { netCents: 500, vatRateBasisPoints: 0 },
    ]);
    expect(t.netCents).toBe(1500);
    expect(t.vatCents).toBe(255);
    expect(t.totalCents).toBe(1755);
    expect(t.lineVatCents.reduce((s, v) => s + v, 0)).toBe(255);
    expect(t.vatGroups).toEqual([
      { vatRateBasisPoints: 2550, netCents: 1000, vatCents: 255 },
      { vatRateBasisPoints: 0, netCents: 500, vatCents: 0 },
    ]);
  });

  it("keeps line VAT equal to group VAT for any lines (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ netCents: fc.integer({ min: -50_000, max: 5_000_000 }), vatRateBasisPoints: fc.constantFrom(0, 900, 2100, 2400, 2550) }), { maxLength: 30 }), (lines) => {
        const t = computeTotals(lines);
        const groupVat = t.vatGroups.reduce((s, g) => s + g.vatCents, 0);
        const perLine = t.lineVatCents.reduce((s, v) => s + v, 0);
        // Each line's VAT stays within a cent of its exact share.
        const close = lines.every((l, i) => Math.abs(t.lineVatCents[i] - (l.netCents * l.vatRateBasisPoints) / 10000) < 1 + 1e-9);
        return groupVat === perLine && t.totalCents === t.netCents + t.vatCents && close;
      }),
    );
  });

  it("rounds energy amounts half away from zero", () => {
    expect(energyCents(1500, 1)).toBe(2);
    expect(energyCents(-1500, 1)).toBe(-2);
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(whToKwhString(123456)).toBe("123.456");
    expect(whToKwhString(-5)).toBe("-0.005");
    expect(centsToDecimal(-1205)).toBe("-12.05");
    expect(centsToDecimal(7)).toBe("0.07");
  });
});
