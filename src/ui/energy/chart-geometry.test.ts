import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { AXIS_WIDTH, chartGeometry, type ChartRow, type GeometrySeries } from "./chart-geometry";

const size = { width: 400, height: 250 };
const rows = (values: Record<string, (number | null)[]>): ChartRow[] => {
  const n = Math.max(...Object.values(values).map((v) => v.length));
  return Array.from({ length: n }, (_, i) => ({ date: `2026-03-${String(i + 1).padStart(2, "0")}T00:00:00+02:00`, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v[i] ?? null])) }));
};
const bar = (key: string, extra: Partial<GeometrySeries> = {}): GeometrySeries => ({ key, type: "bar", axis: "left", ...extra });
const moves = (d: string) => d.match(/M/g)?.length ?? 0;

describe("chartGeometry", () => {
  it("leaves room for each value axis in use and for the time axis's labels", () => {
    const left = chartGeometry(rows({ a: [1, 2] }), [bar("a")], size);
    expect(left.plot).toEqual({ left: AXIS_WIDTH.left, right: size.width - 4, top: 8, bottom: size.height - 30 });
    expect(left.valueAxes.map((a) => [a.axis, a.anchor, a.labelX])).toEqual([["left", "end", AXIS_WIDTH.left - 8]]);

    const three = chartGeometry(rows({ a: [1], b: [2], c: [3] }), [bar("a"), { key: "b", type: "line", axis: "right" }, { key: "c", type: "line", axis: "right2" }], size);
    const right = size.width - 4 - AXIS_WIDTH.right - AXIS_WIDTH.right2;
    expect(three.plot.right).toBe(right);
    expect(three.valueAxes.map((a) => [a.axis, a.anchor, a.labelX])).toEqual([
      ["left", "end", AXIS_WIDTH.left - 8],
      ["right", "start", right + 8],
      ["right2", "start", right + AXIS_WIDTH.right + 8],
    ]);
  });

  it("draws bars from zero, as tall as their values on the axis's scale", () => {
    const g = chartGeometry(rows({ a: [10, 40, null, 25] }), [bar("a")], size);
    const ticks = g.valueAxes[0].ticks;
    expect(ticks[0]).toEqual({ value: 0, y: g.plot.bottom });
    // Round numbers up to the largest value.
    expect(ticks.map((t) => t.value)).toEqual([0, 10, 20, 30, 40]);
    expect(ticks.at(-1)!.y).toBe(g.plot.top);
    expect(g.gridY).toEqual(ticks.map((t) => t.y));
    expect(g.bars.map((b) => b.index)).toEqual([0, 1, 3]);
    const perUnit = (g.plot.bottom - g.plot.top) / 40;
    for (const b of g.bars) {
      expect(b.y + b.height).toBeCloseTo(g.plot.bottom);
      expect(b.height).toBeCloseTo([10, 40, null, 25][b.index]! * perUnit);
      // Centred in its bucket, 12 % of the bucket free on each side.
      expect(b.x + b.width / 2).toBeCloseTo(g.centerX(b.index));
      expect(b.width).toBeCloseTo(g.step * 0.76);
    }
  });

  it("piles up the bars of one stack, positives up and negatives down, and sets other bars side by side", () => {
    const g = chartGeometry(rows({ a: [10, -10], b: [20, -5], c: [5, 5] }), [bar("a", { stack: "s" }), bar("b", { stack: "s" }), bar("c")], size);
    const at = (key: string, index: number) => g.bars.find((b) => b.key === key && b.index === index)!;
    const zero = g.valueAxes[0].ticks.find((t) => t.value === 0)!.y;
    // b sits on a; both in the first place of the bucket.
    expect(at("b", 0).y + at("b", 0).height).toBeCloseTo(at("a", 0).y);
    expect(at("a", 0).y + at("a", 0).height).toBeCloseTo(zero);
    expect(at("b", 0).x).toBe(at("a", 0).x);
    // Negatives hang from zero, the second under the first.
    expect(at("a", 1).y).toBeCloseTo(zero);
    expect(at("b", 1).y).toBeCloseTo(at("a", 1).y + at("a", 1).height);
    // c has a place of its own, right of the stack, with a gap, inside the bucket.
    expect(at("c", 0).x).toBeGreaterThan(at("a", 0).x + at("a", 0).width);
    expect(at("c", 0).x + at("c", 0).width).toBeLessThanOrEqual(g.bucketX(0) + g.step);
    // The axis covers the pile: 30 up, 15 down.
    const values = g.valueAxes[0].ticks.map((t) => t.value);
    expect(Math.min(...values)).toBeLessThanOrEqual(-15);
    expect(Math.max(...values)).toBeGreaterThanOrEqual(30);
  });

  it("breaks a line where a value is missing, unless it connects over gaps", () => {
    const data = rows({ a: [1, 2, null, 4, 5] });
    const broken = chartGeometry(data, [{ key: "a", type: "line", axis: "left" }], size).paths[0];
    const joined = chartGeometry(data, [{ key: "a", type: "line", axis: "left", connectNulls: true }], size).paths[0];
    expect(moves(broken.stroke)).toBe(2);
    expect(moves(joined.stroke)).toBe(1);
    const stepped = chartGeometry(data, [{ key: "a", type: "area", axis: "left" }], size).paths[0];
    expect(stepped.type).toBe("area");
    expect(moves(stepped.fill!)).toBe(2);
  });

  it("gives each line's point at a bucket's middle, and none where it has no value", () => {
    const g = chartGeometry(rows({ a: [0, 3, null], t: [-5, 5, 0] }), [bar("a"), { key: "t", type: "line", axis: "right" }], size);
    expect(g.point("t", 1)).toEqual({ x: g.centerX(1), y: expect.any(Number) });
    expect(g.point("a", 2)).toBeNull();
    // Temperatures below zero: the right axis reaches below zero, the left one starts at it.
    const right = g.valueAxes.find((a) => a.axis === "right")!;
    expect(Math.min(...right.ticks.map((t) => t.value))).toBeLessThanOrEqual(-5);
    expect(g.point("t", 0)!.y).toBeGreaterThan(g.point("t", 2)!.y);
    expect(Math.min(...g.valueAxes[0].ticks.map((t) => t.value))).toBe(0);
  });

  it("draws an empty or flat chart with an axis from zero", () => {
    for (const values of [
      [null, null],
      [0, 0],
    ]) {
      const g = chartGeometry(rows({ a: values }), [bar("a")], size);
      expect(g.valueAxes[0].ticks[0]).toEqual({ value: 0, y: g.plot.bottom });
      expect(g.valueAxes[0].ticks.length).toBeGreaterThan(1);
    }
    expect(chartGeometry([], [bar("a")], size).indexAt(100)).toBeNull();
  });

  it("draws values too close together to divide, the smallest doubles too, on an axis one unit high", () => {
    for (const [values, stack] of [
      [[-5e-324, 5e-324], undefined],
      [[5e-324, 5e-324], "s"],
      [[1e-12, -3e-12, 0], undefined],
    ] as const) {
      const g = chartGeometry(rows({ a: [...values] }), [bar("a", stack ? { stack } : {})], size);
      const ticks = g.valueAxes[0].ticks;
      expect(ticks.map((t) => t.value)).toContain(0);
      expect(ticks.at(-1)!.value).toBeGreaterThanOrEqual(1);
      for (const t of ticks) expect(Number.isFinite(t.y)).toBe(true);
      for (const b of g.bars) {
        expect(b.y).toBeGreaterThanOrEqual(g.plot.top);
        expect(b.y + b.height).toBeLessThanOrEqual(g.plot.bottom + 1e-6);
      }
    }
  });

  it("finds the bucket under the pointer, and keeps every bar inside the plot and its own bucket", () => {
    const value = fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { minLength: 1, maxLength: 400 }), fc.integer({ min: 120, max: 1600 }), fc.boolean(), (pairs, width, stacked) => {
        const data = rows({ a: pairs.map((p) => p[0]), b: pairs.map((p) => p[1]) });
        const g = chartGeometry(data, [bar("a", stacked ? { stack: "s" } : {}), bar("b", stacked ? { stack: "s" } : {})], { width, height: 260 });
        for (let i = 0; i < data.length; i++) expect(g.indexAt(g.centerX(i))).toBe(i);
        expect(g.indexAt(g.plot.left - 1)).toBeNull();
        expect(g.indexAt(g.plot.right + 1)).toBeNull();
        const eps = 1e-6;
        for (const b of g.bars) {
          expect(b.width).toBeGreaterThanOrEqual(0);
          expect(b.x).toBeGreaterThanOrEqual(g.bucketX(b.index) - eps);
          expect(b.x + b.width).toBeLessThanOrEqual(g.bucketX(b.index) + g.step + eps);
          expect(b.y).toBeGreaterThanOrEqual(g.plot.top - eps);
          expect(b.y + b.height).toBeLessThanOrEqual(g.plot.bottom + eps);
        }
      }),
      { numRuns: 150 },
    );
  });
});
