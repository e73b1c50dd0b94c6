/**
 * Where everything of an energy chart goes in a plot of a given size: the value axes and their
 * ticks, the grid, each bar, the path of each line and area, the bucket under the pointer. Pure
 * functions of the chart's rows and series on d3's scales and path generators, so the drawing
 * (energy-chart.tsx) only writes SVG and the tests check the numbers without a browser.
 */
import { scaleBand, scaleLinear, type ScaleLinear } from "d3-scale";
import { area, curveLinear, curveMonotoneX, curveStepAfter, line, type CurveFactory } from "d3-shape";

export type ChartRow = Record<string, string | number | null>;
export type AxisId = "left" | "right" | "right2";

/** What the geometry needs of a series (chart-frame.tsx's FrameSeries has these and more). */
export interface GeometrySeries {
  key: string;
  type: "bar" | "line" | "area";
  axis: AxisId;
  stack?: string;
  curve?: "monotone" | "stepAfter" | "linear";
  connectNulls?: boolean;
}

/** The value axes' widths, in px; several on the right sit side by side, in this order. */
export const AXIS_WIDTH: Record<AxisId, number> = { left: 52, right: 52, right2: 40 };
const AXES: readonly AxisId[] = ["left", "right", "right2"];
/** Above the plot, right of the last axis, and below the plot for the time axis's labels, in px. */
const TOP = 8;
const RIGHT = 4;
const TIME_AXIS_HEIGHT = 30;
/** From an axis to its labels, in px. */
export const LABEL_GAP = 8;
/** The empty part of a bucket on each side of its bars (a gap of twice this between buckets). */
const BUCKET_INSET = 0.12;
/** Between the bars of one bucket, in px. */
const BAR_GAP = 1;
/** About how many labels a value axis gets (d3 picks round numbers near it). */
const VALUE_TICKS = 5;
/**
 * The least span of a value axis: values closer together than this are drawn on an axis one unit
 * high. Energy, power and money are never read that finely, and d3 cannot divide a span of a few
 * of the smallest doubles into ticks (its step's power of ten overflows).
 */
const MIN_SPAN = 1e-9;

const CURVES: Record<NonNullable<GeometrySeries["curve"]>, CurveFactory> = { monotone: curveMonotoneX, stepAfter: curveStepAfter, linear: curveLinear };

export interface PlotRect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface ValueAxisGeometry {
  axis: AxisId;
  /** Where its labels start (right axes) or end (the left one). */
  labelX: number;
  anchor: "start" | "end";
  ticks: { value: number; y: number }[];
}

export interface BarGeometry {
  key: string;
  /** The row's index. */
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PathGeometry {
  key: string;
  type: "line" | "area";
  /** The line, or the area's upper edge. */
  stroke: string;
  /** The area's filled shape. */
  fill?: string;
}

export interface ChartGeometry {
  plot: PlotRect;
  /** A bucket's width: the plot's width over the number of rows. */
  step: number;
  /** The left edge of a row's bucket. */
  bucketX(index: number): number;
  /** The middle of a row's bucket: where its line points, tick and labels are. */
  centerX(index: number): number;
  valueAxes: ValueAxisGeometry[];
  /** The grid's lines: the first value axis's ticks. */
  gridY: number[];
  bars: BarGeometry[];
  paths: PathGeometry[];
  /** The point of a line or area series at a row, null where it has no value. */
  point(key: string, index: number): { x: number; y: number } | null;
  /** The row whose bucket is under a point `x` px from the chart's left edge, null outside the plot. */
  indexAt(x: number): number | null;
}

/** A value that can be drawn: finite numbers only. */
export function drawable(value: string | number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

export function chartGeometry(rows: ChartRow[], series: GeometrySeries[], size: { width: number; height: number }): ChartGeometry {
  const used = AXES.filter((axis) => series.some((s) => s.axis === axis));
  const left = used.includes("left") ? AXIS_WIDTH.left : 0;
  const rightAxes = used.filter((axis) => axis !== "left");
  const rightWidth = rightAxes.reduce((sum, axis) => sum + AXIS_WIDTH[axis], 0);
  const plot: PlotRect = { left, right: Math.max(left + 1, size.width - RIGHT - rightWidth), top: TOP, bottom: Math.max(TOP + 1, size.height - TIME_AXIS_HEIGHT) };

  const n = rows.length;
  const band = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([plot.left, plot.right]);
  const step = n > 0 ? band.step() : plot.right - plot.left;
  const bucketX = (index: number) => band(index) ?? plot.left;
  const centerX = (index: number) => bucketX(index) + step / 2;

  // Bars of one stack on one axis pile up, positives upwards and negatives downwards from zero;
  // every other bar series has a place of its own in the bucket.
  const groupOf = (s: GeometrySeries) => `${s.axis}\u0000${s.stack ?? `\u0001${s.key}`}`;
  const groups = [...new Set(series.filter((s) => s.type === "bar").map(groupOf))];
  const piles = new Map(groups.map((g) => [g, { up: new Array<number>(n).fill(0), down: new Array<number>(n).fill(0) }]));
  const extents = new Map<AxisId, [number, number]>(used.map((axis) => [axis, [0, 0]]));
  const widen = (axis: AxisId, value: number) => {
    const e = extents.get(axis)!;
    if (value < e[0]) e[0] = value;
    if (value > e[1]) e[1] = value;
  };
  const spans: { s: GeometrySeries; group: number; index: number; from: number; to: number }[] = [];
  for (const s of series) {
    const group = s.type === "bar" ? groups.indexOf(groupOf(s)) : -1;
    const pile = group >= 0 ? piles.get(groups[group])! : null;
    rows.forEach((row, index) => {
      const value = drawable(row[s.key]);
      if (value === null) return;
      if (!pile) return widen(s.axis, value);
      const side = value >= 0 ? pile.up : pile.down;
      const from = side[index];
      side[index] = from + value;
      widen(s.axis, side[index]);
      spans.push({ s, group, index, from, to: side[index] });
    });
  }

  const scales = new Map<AxisId, ScaleLinear<number, number>>();
  for (const axis of used) {
    const [lo, hi] = extents.get(axis)!;
    scales.set(
      axis,
      scaleLinear()
        .domain(hi - lo < MIN_SPAN ? [lo, lo + 1] : [lo, hi])
        .range([plot.bottom, plot.top])
        .nice(VALUE_TICKS),
    );
  }

  let rightX = plot.right;
  const valueAxes = used.map((axis): ValueAxisGeometry => {
    const scale = scales.get(axis)!;
    const ticks = scale.ticks(VALUE_TICKS).map((value) => ({ value, y: scale(value) }));
    if (axis === "left") return { axis, labelX: plot.left - LABEL_GAP, anchor: "end", ticks };
    const labelX = rightX + LABEL_GAP;
    rightX += AXIS_WIDTH[axis];
    return { axis, labelX, anchor: "start", ticks };
  });

  const inner = step * (1 - 2 * BUCKET_INSET);
  const gap = groups.length > 1 ? Math.min(BAR_GAP, inner / (groups.length * 4)) : 0;
  const barWidth = groups.length ? Math.max(0, (inner - gap * (groups.length - 1)) / groups.length) : 0;
  const bars = spans.map(({ s, group, index, from, to }): BarGeometry => {
    const y = scales.get(s.axis)!;
    const top = Math.min(y(from), y(to));
    return { key: s.key, index, x: bucketX(index) + step * BUCKET_INSET + group * (barWidth + gap), y: top, width: barWidth, height: Math.abs(y(to) - y(from)) };
  });

  type Point = { index: number; value: number | null };
  const paths = series
    .filter((s) => s.type !== "bar")
    .map((s): PathGeometry => {
      const y = scales.get(s.axis)!;
      const all: Point[] = rows.map((row, index) => ({ index, value: drawable(row[s.key]) }));
      const points = s.connectNulls ? all.filter((p) => p.value !== null) : all;
      const defined = (p: Point) => p.value !== null;
      const x = (p: Point) => centerX(p.index);
      const top = (p: Point) => y(p.value!);
      if (s.type === "area") {
        const curve = curveStepAfter;
        return {
          key: s.key,
          type: "area",
          stroke: line<Point>().defined(defined).x(x).y(top).curve(curve)(points) ?? "",
          fill: area<Point>().defined(defined).x(x).y0(y(0)).y1(top).curve(curve)(points) ?? "",
        };
      }
      return {
        key: s.key,
        type: "line",
        stroke:
          line<Point>()
            .defined(defined)
            .x(x)
            .y(top)
            .curve(CURVES[s.curve ?? "monotone"])(points) ?? "",
      };
    });

  const axisOf = new Map(series.map((s) => [s.key, s.axis]));
  return {
    plot,
    step,
    bucketX,
    centerX,
    valueAxes,
    gridY: valueAxes[0]?.ticks.map((t) => t.y) ?? [],
    bars,
    paths,
    point(key, index) {
      const axis = axisOf.get(key);
      const value = drawable(rows[index]?.[key]);
      return axis && value !== null ? { x: centerX(index), y: scales.get(axis)!(value) } : null;
    },
    indexAt(x) {
      if (n === 0 || x < plot.left || x > plot.right) return null;
      return Math.min(n - 1, Math.max(0, Math.floor((x - plot.left) / step)));
    },
  };
}
