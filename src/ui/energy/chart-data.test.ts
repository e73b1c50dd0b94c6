import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildChartModel, chartCsv, summarise, tickDates, tickInterval, type ChartReadings } from "./chart-data";

const base = {
  currency: null,
  vatIncluded: false,
  from: "2026-03-29T00:00:00+02:00",
  to: "2026-03-30T00:00:00+03:00",
  timezone: "Europe/Helsinki",
  meteringPoints: ["643000000000000001"],
};

const consumption: ChartReadings = {
  ...base,
  measurement: "consumption",
  unit: "cents",
  currency: "EUR",
  vatIncluded: true,
  resolution: "15",
  dateFormat: "HH:00",
  comparison: { yearOffset: 1, key: "1", from: "2025-03-29T00:00:00+02:00", to: "2025-03-30T00:00:00+03:00" },
  values: [
    { date: "2026-03-29T02:45:00+02:00", label: "02:00", consumption: 12, "1": 10 },
    { date: "2026-03-29T04:00:00+03:00", label: "04:00", consumption: 7, "1": null },
    { date: "2026-03-29T04:15:00+03:00", label: "04:00", consumption: null, "1": 3 },
  ],
};

const temperature: ChartReadings = {
  ...base,
  measurement: "temperature",
  unit: "°C",
  resolution: "60",
  dateFormat: "HH:00",
  comparison: null,
  values: [
    { date: "2026-03-29T02:00:00+02:00", label: "02:00", temperature: -1.5 },
    { date: "2026-03-29T04:00:00+03:00", label: "04:00", temperature: 0.5 },
  ],
};

describe("chart model", () => {
  it("puts the measurement, the earlier year and overlays side by side, money in euros", () => {
    const model = buildChartModel(consumption, [{ overlay: "temperature", readings: temperature }]);
    expect(model.columns.map((c) => [c.key, c.role, c.unit])).toEqual([
      ["consumption", "current", "money"],
      ["compare-1", "comparison", "money"],
      ["overlay-temperature", "overlay", "°C"],
    ]);
    expect(model.rows).toEqual([
      { date: "2026-03-29T02:45:00+02:00", values: [0.12, 0.1, -1.5] },
      { date: "2026-03-29T04:00:00+03:00", values: [0.07, null, 0.5] },
      { date: "2026-03-29T04:15:00+03:00", values: [null, 0.03, 0.5] },
    ]);
    expect(summarise(model)).toEqual([
      { value: 0.19, kind: "total" },
      { value: 0.13, kind: "total" },
      { value: -0.2, kind: "average" },
    ]);
  });

  it("extends the rows to overlay buckets of the same resolution (tomorrow's prices on a day chart)", () => {
    const price: ChartReadings = {
      ...base,
      measurement: "price",
      unit: "c/kWh",
      resolution: "15",
      dateFormat: "HH:00",
      comparison: null,
      values: [
        { date: "2026-03-29T04:00:00+03:00", label: "04:00", price: 5.25 },
        { date: "2026-03-29T04:30:00+03:00", label: "04:00", price: 6.5 },
      ],
    };
    const model = buildChartModel({ ...consumption, comparison: null }, [{ overlay: "price", readings: price }]);
    expect(model.rows.map((r) => [r.date.slice(11, 16), ...r.values])).toEqual([
      ["02:45", 0.12, null],
      ["04:00", 0.07, 5.25],
      ["04:15", null, null],
      ["04:30", null, 6.5],
    ]);
  });

  it("writes the same numbers to CSV, with a header row and empty cells for no data", () => {
    const model = buildChartModel(consumption);
    const csv = chartCsv(model, ["Time", "Cost (€)", "Cost, a year earlier (€)"], "en-GB");
    expect(csv).toBe('\uFEFFTime,Cost (€),"Cost, a year earlier (€)"\r\n2026-03-29T02:45:00+02:00,0.12,0.1\r\n2026-03-29T04:00:00+03:00,0.07,\r\n2026-03-29T04:15:00+03:00,,0.03\r\n');
  });

  it("writes CSV as a Finnish spreadsheet reads it: semicolons and decimal commas", () => {
    const model = buildChartModel(consumption);
    const csv = chartCsv(model, ["Aika", "Kustannus; €", "Vuotta aiemmin (€)"], "fi-FI");
    expect(csv).toBe('\uFEFFAika;"Kustannus; €";Vuotta aiemmin (€)\r\n2026-03-29T02:45:00+02:00;0,12;0,1\r\n2026-03-29T04:00:00+03:00;0,07;\r\n2026-03-29T04:15:00+03:00;;0,03\r\n');
  });
});

describe("chart summaries", () => {
  const year: ChartReadings = {
    ...base,
    measurement: "consumption",
    unit: "kWh",
    resolution: "month",
    dateFormat: "MM.YYYY",
    from: "2026-01-01T00:00:00+02:00",
    to: "2027-01-01T00:00:00+02:00",
    comparison: { yearOffset: 1, key: "1", from: "2025-01-01T00:00:00+02:00", to: "2026-01-01T00:00:00+02:00" },
    values: [
      { date: "2026-10-01T00:00:00+03:00", label: "10.2026", consumption: 300, "1": 310 },
      { date: "2026-11-01T00:00:00+02:00", label: "11.2026", consumption: 200, "1": 400 },
      { date: "2026-12-01T00:00:00+02:00", label: "12.2026", consumption: null, "1": 500 },
    ],
  };

  it("sets a period under way against the earlier period up to the same point only", () => {
    const model = buildChartModel(year);
    const now = Date.parse("2026-11-25T12:00:00+02:00");
    expect(summarise(model, now)).toEqual([
      { value: 500, kind: "total" },
      { value: 710, kind: "total", upTo: "2026-11-01T00:00:00+02:00" },
    ]);
    // The whole earlier year once the current one is over.
    expect(summarise(model, Date.parse("2027-01-02T00:00:00+02:00"))).toEqual([
      { value: 500, kind: "total" },
      { value: 1210, kind: "total" },
    ]);
  });
});

describe("chart axis labels", () => {
  it("puts one tick at the first bucket of each label", () => {
    expect(
      tickDates(
        consumption.values.map((v) => v.date),
        "HH:00",
      ),
    ).toEqual(["2026-03-29T02:45:00+02:00", "2026-03-29T04:00:00+03:00"]);
  });
});

describe("tickInterval", () => {
  const days = Array.from({ length: 31 }, (_, i) => `${String(i + 1).padStart(2, "0")}.01`);

  it("labels every day of a month on a wide plot, and every sixth on a phone's", () => {
    expect(tickInterval(days, 1600)).toBe(0);
    expect(tickInterval(days, 1200)).toBe(1);
    // 31 labels of 5 characters (37.2 px and a 12 px gap) in 300 px: one every 9.7 px, so every sixth.
    expect(tickInterval(days, 300)).toBe(5);
  });

  it("labels a lone tick, or any tick of a plot not yet measured", () => {
    expect(tickInterval(["07.12"], 40)).toBe(0);
    expect(tickInterval(days, 0)).toBe(0);
  });

  it("leaves the labels it keeps at least a label and a gap apart, and keeps as many as fit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 40, max: 2000 }), (count, length, width) => {
        const labels = Array.from({ length: count }, () => "9".repeat(length));
        const interval = tickInterval(labels, width);
        const spacing = width / count;
        const needed = length * 12 * 0.62 + 12;
        expect((interval + 1) * spacing).toBeGreaterThanOrEqual(needed);
        if (interval > 0) expect(interval * spacing).toBeLessThan(needed);
      }),
    );
  });
});
