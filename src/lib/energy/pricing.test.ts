import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeExpense, energyCostCents, isNightHour, monthlyFeeShareCents, unitPriceCentsPerKwh, withVat, type ContractPricing } from "./pricing";

const spot: ContractPricing = { priceModel: "Hourly", marginCentsPerKwh: 0.49, fixedCentsPerKwh: null, dayCentsPerKwh: null, nightCentsPerKwh: null, monthlyFeeCents: 395 };
const fixed: ContractPricing = { ...spot, priceModel: "Fixed", marginCentsPerKwh: 0, fixedCentsPerKwh: 9.9 };
const dayNight: ContractPricing = { ...fixed, fixedCentsPerKwh: null, dayCentsPerKwh: 11.2, nightCentsPerKwh: 8.1 };

describe("unit prices", () => {
  it("spot contracts: spot €/MWh as c/kWh plus the margin, none without a spot price", () => {
    expect(unitPriceCentsPerKwh(spot, 85.3, 12)).toBeCloseTo(8.53 + 0.49, 10);
    expect(unitPriceCentsPerKwh(spot, -12.5, 3)).toBeCloseTo(-1.25 + 0.49, 10);
    expect(unitPriceCentsPerKwh(spot, null, 3)).toBeNull();
  });
  it("fixed contracts ignore the spot price; day/night by local hour 22–07", () => {
    expect(unitPriceCentsPerKwh(fixed, 300, 18)).toBe(9.9);
    expect(unitPriceCentsPerKwh(dayNight, null, 21)).toBe(11.2);
    expect(unitPriceCentsPerKwh(dayNight, null, 22)).toBe(8.1);
    expect(unitPriceCentsPerKwh(dayNight, null, 6)).toBe(8.1);
    expect(unitPriceCentsPerKwh(dayNight, null, 7)).toBe(11.2);
    expect([0, 6, 7, 21, 22, 23].map(isNightHour)).toEqual([true, true, false, false, true, true]);
  });
});

describe("costs with VAT", () => {
  it("applies Finnish 25.5 % VAT to energy and to the fee share", () => {
    expect(withVat(100, 2550)).toBeCloseTo(125.5, 10);
    // 2 kWh at 10 c/kWh = 20 c, with VAT 25.1 c.
    expect(energyCostCents(2000, 10, 2550)).toBeCloseTo(25.1, 10);
    // A 15-minute interval of a 30-day month carries 15 / 43 200 of the fee.
    expect(monthlyFeeShareCents(432, 15, 30, 0)).toBeCloseTo(0.15, 10);
    expect(monthlyFeeShareCents(432, 15, 30, 2400)).toBeCloseTo(0.186, 10);
  });

  it("a whole month of intervals carries exactly the monthly fee", () => {
    const intervals = Array.from({ length: 31 * 96 }, () => ({ wh: 0, intervalMinutes: 15, spotEurPerMwh: 50, localHour: 0, daysInLocalMonth: 31 }));
    const total = computeExpense(intervals, spot, 2100);
    expect(total.feeCents).toBe(Math.round(395 * 1.21));
    expect(total.energyCents).toBe(0);
  });

  it("sums unrounded and rounds once; counts intervals without a price", () => {
    const intervals = [
      { wh: 250, intervalMinutes: 15, spotEurPerMwh: 100, localHour: 12, daysInLocalMonth: 30 },
      { wh: 250, intervalMinutes: 15, spotEurPerMwh: null, localHour: 12, daysInLocalMonth: 30 },
      { wh: 500, intervalMinutes: 15, spotEurPerMwh: -20, localHour: 13, daysInLocalMonth: 30 },
    ];
    const t = computeExpense(intervals, spot, 2400);
    const energy = (0.25 * (10 + 0.49) + 0.5 * (-2 + 0.49)) * 1.24;
    expect(t.energyCents).toBe(Math.round(energy));
    expect(t.unpricedIntervals).toBe(1);
    expect(t.kwh).toBe(1);
    expect(t.totalCents).toBe(t.energyCents + t.feeCents);
  });

  it("cost grows with energy and never depends on the order of intervals (property)", () => {
    const interval = fc.record({
      wh: fc.integer({ min: 0, max: 5000 }),
      intervalMinutes: fc.constantFrom(5, 15, 60),
      spotEurPerMwh: fc.double({ min: -50, max: 800, noNaN: true }),
      localHour: fc.integer({ min: 0, max: 23 }),
      daysInLocalMonth: fc.constantFrom(28, 29, 30, 31),
    });
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 40 }), fc.constantFrom(fixed, dayNight), (list, contract) => {
        const a = computeExpense(list, contract, 2550);
        const b = computeExpense([...list].reverse(), contract, 2550);
        const more = computeExpense(
          list.map((i) => ({ ...i, wh: i.wh + 100 })),
          contract,
          2550,
        );
        return a.totalCents === b.totalCents && (list.length === 0 || more.energyCents >= a.energyCents);
      }),
    );
  });
});
