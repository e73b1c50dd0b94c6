import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Feature } from "@/lib/features";
import {
  availableMeasurements,
  availableOverlays,
  availableResolutions,
  canShift,
  changeChartState,
  chartStateQuery,
  readChartState,
  readingsQuery,
  shiftPeriod,
  MAX_POINTS,
  type ChartOptions,
} from "./chart-state";
import { addDays, daysBetween, isoWeek, startOfWeek } from "@/lib/calendar";

const EL5 = { gsrn: "643000000000000001", energyKind: "electricity" as const, hasProduction: true, intervalMinutes: 5 };
const EL15 = { gsrn: "643000000000000002", energyKind: "electricity" as const, hasProduction: false, intervalMinutes: 15 };
const HEAT = { gsrn: "643000000000000003", energyKind: "heating" as const, hasProduction: false, intervalMinutes: 60 };
const ALL: Feature[] = ["charts.netted", "charts.temperature", "charts.temperature-and-price", "charts.five-minute-consumption"];
const opts = (over: Partial<ChartOptions> = {}): ChartOptions => ({ points: [EL5, EL15, HEAT], features: ALL, today: "2026-03-18", ...over });
const read = (query: string, o = opts()) => readChartState(new URLSearchParams(query), o);

describe("calendar", () => {
  it("starts weeks on Monday and numbers them as ISO does", () => {
    expect(startOfWeek("2026-03-18")).toBe("2026-03-16");
    expect(startOfWeek("2026-03-22")).toBe("2026-03-16");
    expect(isoWeek("2026-01-01")).toEqual({ year: 2026, week: 1 });
    expect(isoWeek("2027-01-01")).toEqual({ year: 2026, week: 53 });
  });
});

describe("chart state from the URL", () => {
  it("opens the current month by day for the customer's electricity points", () => {
    const s = read("");
    expect(s).toMatchObject({
      gsrn: [EL5.gsrn, EL15.gsrn],
      measurement: "consumption",
      range: "month",
      from: "2026-03-01",
      to: "2026-04-01",
      resolution: "day",
      compare: 0,
      unit: "kwh",
      overlays: [],
    });
  });

  it("drops points of another customer and of a second energy kind", () => {
    expect(read(`gsrn=${HEAT.gsrn}&gsrn=${EL5.gsrn}&gsrn=999999999999999999`).gsrn).toEqual([HEAT.gsrn]);
  });

  it("offers only the measurements the site's chart options allow", () => {
    expect(availableMeasurements([EL5.gsrn], opts())).toEqual(["consumption", "production", "netted", "price", "temperature"]);
    expect(availableMeasurements([EL15.gsrn], opts({ features: ["charts.spot-price-disabled"] }))).toEqual(["consumption"]);
    expect(availableMeasurements([HEAT.gsrn], opts())).toEqual(["consumption", "temperature"]);
    expect(availableMeasurements([], opts({ points: [] }))).toEqual(["price"]);
    expect(read("series=netted", opts({ features: [] })).measurement).toBe("consumption");
    expect(availableOverlays("consumption", [EL5.gsrn], opts())).toEqual(["price", "temperature"]);
    expect(availableOverlays("price", [EL5.gsrn], opts())).toEqual([]);
    expect(availableOverlays("consumption", [EL5.gsrn], opts({ features: [] }))).toEqual([]);
  });

  it("offers resolutions that fit the range and the meters", () => {
    const day = { gsrn: [EL5.gsrn], measurement: "consumption" as const, from: "2026-03-18", to: "2026-03-19" };
    expect(availableResolutions(day, opts())).toEqual(["5", "15", "60"]);
    expect(availableResolutions({ ...day, gsrn: [EL5.gsrn, EL15.gsrn] }, opts())).toEqual(["15", "60"]);
    expect(availableResolutions(day, opts({ features: [] }))).toEqual(["15", "60"]);
    expect(availableResolutions({ ...day, measurement: "price" }, opts())).toEqual(["15", "60"]);
    expect(availableResolutions({ ...day, measurement: "temperature" }, opts())).toEqual(["60"]);
    expect(availableResolutions({ ...day, from: "2026-01-01", to: "2027-01-01" }, opts())).toEqual(["day", "month"]);
    expect(availableResolutions({ ...day, from: "2026-03-01", to: "2026-04-01" }, opts())).toEqual(["15", "60", "day"]);
  });

  it("never asks for more buckets than a chart can draw", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 1096 }), (offset, length) => {
        const from = addDays("2021-01-01", offset);
        const s = read(`range=custom&from=${from}&to=${addDays(from, length - 1)}`);
        const days = daysBetween(s.from, s.to);
        const perDay = s.resolution === "day" || s.resolution === "month" ? 1 : 1440 / Number(s.resolution);
        expect(days).toBe(length);
        expect(days * perDay).toBeLessThanOrEqual(MAX_POINTS);
      }),
    );
  });

  it("writes a state the reader reads back unchanged", () => {
    const states = [
      read(`range=week&date=2026-03-04&res=5&compare=2&gsrn=${EL5.gsrn}`),
      read(`range=custom&from=2025-12-30&to=2026-01-04&series=production&gsrn=${EL5.gsrn}&unit=money&overlay=price&overlay=temperature`),
      read("range=year&date=2025-06-01&res=month"),
      read("range=day&date=2026-03-19&series=price"),
    ];
    for (const s of states) expect(read(chartStateQuery(s))).toEqual(s);
    expect(states[0]).toMatchObject({ from: "2026-03-02", to: "2026-03-09", resolution: "5", compare: 2 });
    expect(states[1]).toMatchObject({ from: "2025-12-30", to: "2026-01-05", unit: "money", overlays: ["price", "temperature"] });
    expect(states[3]).toMatchObject({ from: "2026-03-19", to: "2026-03-20", resolution: "15" });
  });

  it("does not open future periods except tomorrow's prices", () => {
    expect(read("range=day&date=2026-05-01").from).toBe("2026-03-18");
    expect(read("range=day&date=2026-03-19&series=price").from).toBe("2026-03-19");
  });
});

describe("moving and changing the chart", () => {
  it("steps to the previous and next period of the same kind", () => {
    const month = read("range=month&date=2026-01-31");
    expect(shiftPeriod(month, -1)).toEqual({ from: "2025-12-01", to: "2026-01-01" });
    expect(shiftPeriod(month, 1)).toEqual({ from: "2026-02-01", to: "2026-03-01" });
    const custom = read("range=custom&from=2026-03-01&to=2026-03-10");
    expect(shiftPeriod(custom, -1)).toEqual({ from: "2026-02-19", to: "2026-03-01" });
    expect(canShift(read("range=month"), 1, opts())).toBe(false);
    expect(canShift(read("range=month"), -1, opts())).toBe(true);
    expect(canShift(read("range=day&series=price"), 1, opts())).toBe(true);
  });

  it("keeps a changed state valid", () => {
    const o = opts();
    const s = read(`range=day&date=2026-03-10&res=5&series=production&unit=money&gsrn=${EL5.gsrn}`, o);
    const year = changeChartState(s, { range: "year" }, o);
    expect(year).toMatchObject({ from: "2026-01-01", to: "2027-01-01", resolution: "month" });
    // From the current month to a week: the week of today, not the month's first week.
    expect(changeChartState(read("range=month", o), { range: "week" }, o)).toMatchObject({ from: "2026-03-16", to: "2026-03-23", resolution: "60" });
    expect(changeChartState(read("range=month&date=2026-01-10", o), { range: "week" }, o)).toMatchObject({ from: "2025-12-29", to: "2026-01-05" });
    const price = changeChartState(s, { measurement: "price" }, o);
    expect(price).toMatchObject({ unit: "kwh", resolution: "15" });
    const heat = changeChartState(s, { gsrn: [HEAT.gsrn] }, o);
    expect(heat).toMatchObject({ measurement: "consumption", resolution: "60" });
    expect(readingsQuery({ ...s, compare: 1 })).toBe(`series%5B%5D=production&series%5B%5D=1&from=2026-03-10&to=2026-03-11&resolution=5&gsrn%5B%5D=${EL5.gsrn}&unit=money`);
  });
});
