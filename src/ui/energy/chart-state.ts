/**
 * The state of the charts page, kept in the URL query so reload and back show the same chart.
 * Pure: the server page and the client explorer read and write it the same way, and every state
 * read from a URL is made valid against the customer's points and the site's chart options.
 */
import { hasFeature, type Feature } from "@/lib/features";
import { addDays, addMonths, daysBetween, isPlainDate, maxDate, minDate, startOfMonth, startOfWeek, startOfYear } from "@/lib/calendar";

export const MEASUREMENTS = ["consumption", "production", "netted", "price", "temperature"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
export const ENERGY_MEASUREMENTS: readonly Measurement[] = ["consumption", "production", "netted"];
export const OVERLAYS = ["price", "temperature"] as const;
export type Overlay = (typeof OVERLAYS)[number];
export const RESOLUTIONS = ["5", "15", "60", "day", "month"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export const RANGE_KINDS = ["day", "week", "month", "year", "custom"] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];
export type Unit = "kwh" | "money";
export type EnergyKind = "electricity" | "gas" | "heating";

/** Whole years back a comparison may reach (the API allows 1–10). */
export const MAX_COMPARE_YEARS = 5;
/** The longest custom range, in days (three years at daily resolution). */
export const MAX_CUSTOM_DAYS = 1_096;
/** Earliest date a chart may start at (the API refuses older ones). */
export const EARLIEST_DATE = "2000-01-01";
/**
 * Most buckets a chart draws. A year at 15 minutes is 35 000 points, more than an SVG chart can
 * draw smoothly; finer resolutions are offered only for ranges short enough.
 */
export const MAX_POINTS = 3_000;

export interface ChartPoint {
  gsrn: string;
  energyKind: EnergyKind;
  hasProduction: boolean;
  intervalMinutes: number;
}

export interface ChartOptions {
  points: ChartPoint[];
  features: readonly Feature[];
  /** Today in the site's time zone, YYYY-MM-DD. */
  today: string;
}

export interface ChartState {
  gsrn: string[];
  measurement: Measurement;
  overlays: Overlay[];
  range: RangeKind;
  /** First day of the period. */
  from: string;
  /** Day after the last day of the period (exclusive, as the API takes it). */
  to: string;
  resolution: Resolution;
  /** Whole years back for the comparison period; 0 for none. */
  compare: number;
  unit: Unit;
}

export const isEnergy = (m: Measurement) => ENERGY_MEASUREMENTS.includes(m);

export function selectedPoints(state: Pick<ChartState, "gsrn">, options: ChartOptions): ChartPoint[] {
  return state.gsrn.map((g) => options.points.find((p) => p.gsrn === g)).filter((p): p is ChartPoint => !!p);
}

/** The points shown when none are chosen: the first energy kind, electricity first (as the API does). */
export function defaultPoints(options: ChartOptions): string[] {
  if (!options.points.length) return [];
  const kind = options.points.some((p) => p.energyKind === "electricity") ? "electricity" : options.points[0].energyKind;
  return options.points.filter((p) => p.energyKind === kind).map((p) => p.gsrn);
}

export function energyKindOf(state: Pick<ChartState, "gsrn">, options: ChartOptions): EnergyKind | null {
  return selectedPoints(state, options)[0]?.energyKind ?? null;
}

/** Measurements the site's chart options and the chosen points allow (spec §6 chart options). */
export function availableMeasurements(gsrn: string[], options: ChartOptions): Measurement[] {
  const points = selectedPoints({ gsrn }, options);
  const out: Measurement[] = [];
  if (points.length) out.push("consumption");
  const producing = points.some((p) => p.hasProduction);
  if (producing) out.push("production");
  if (producing && hasFeature(options, "charts.netted")) out.push("netted");
  const kind = points[0]?.energyKind ?? "electricity";
  if (!hasFeature(options, "charts.spot-price-disabled") && kind === "electricity") out.push("price");
  if (points.length && hasFeature(options, "charts.temperature")) out.push("temperature");
  return out;
}

/** Price and temperature drawn over an energy chart, with charts.temperature-and-price. */
export function availableOverlays(measurement: Measurement, gsrn: string[], options: ChartOptions): Overlay[] {
  if (!isEnergy(measurement) || !hasFeature(options, "charts.temperature-and-price")) return [];
  const kind = selectedPoints({ gsrn }, options)[0]?.energyKind ?? "electricity";
  const out: Overlay[] = [];
  if (!hasFeature(options, "charts.spot-price-disabled") && kind === "electricity") out.push("price");
  out.push("temperature");
  return out;
}

function bucketsPerDay(resolution: Resolution): number {
  return resolution === "day" || resolution === "month" ? 1 : 1440 / Number(resolution);
}

/**
 * Resolutions that fit the range and the data: never finer than the chosen meters measure (or
 * the market publishes), never more than MAX_POINTS buckets, and no coarser bucket than the range.
 */
export function availableResolutions(state: Pick<ChartState, "gsrn" | "measurement" | "from" | "to">, options: ChartOptions): Resolution[] {
  const days = daysBetween(state.from, state.to);
  const points = selectedPoints(state, options);
  const coarsestMeter = points.reduce((m, p) => Math.max(m, p.intervalMinutes), 0);
  const out: Resolution[] = [];
  for (const r of RESOLUTIONS) {
    if (r === "day") {
      if (days >= 2) out.push(r);
      continue;
    }
    if (r === "month") {
      if (days > 31) out.push(r);
      continue;
    }
    const minutes = Number(r);
    if (days * bucketsPerDay(r) > MAX_POINTS) continue;
    if (isEnergy(state.measurement)) {
      if (minutes < coarsestMeter) continue;
      if (minutes === 5 && !hasFeature(options, "charts.five-minute-consumption")) continue;
    } else if (state.measurement === "price") {
      if (minutes < 15) continue;
    } else if (minutes < 60) {
      // Temperatures are hourly.
      continue;
    }
    out.push(r);
  }
  return out;
}

/** The resolution a range opens with: detailed for short ranges, hourly or daily for long ones (spec: downsample). */
export function defaultResolution(range: RangeKind, days: number, available: Resolution[]): Resolution {
  const prefer: Resolution[] =
    range === "day" || (range === "custom" && days <= 2)
      ? ["15", "60", "5"]
      : range === "week" || (range === "custom" && days <= 14)
        ? ["60", "15", "day"]
        : range === "year" || (range === "custom" && days > 186)
          ? ["month", "day"]
          : ["day", "60", "month"];
  return prefer.find((r) => available.includes(r)) ?? available[0] ?? "day";
}

/** The period of a kind that contains a date. */
export function periodAt(range: Exclude<RangeKind, "custom">, date: string): { from: string; to: string } {
  switch (range) {
    case "day":
      return { from: date, to: addDays(date, 1) };
    case "week": {
      const from = startOfWeek(date);
      return { from, to: addDays(from, 7) };
    }
    case "month": {
      const from = startOfMonth(date);
      return { from, to: addMonths(from, 1) };
    }
    case "year": {
      const from = startOfYear(date);
      return { from, to: addMonths(from, 12) };
    }
  }
}

/** The last day with data worth showing: today, or tomorrow for day-ahead prices. */
export function lastDay(state: Pick<ChartState, "measurement" | "overlays">, options: ChartOptions): string {
  const prices = state.measurement === "price" || state.overlays.includes("price");
  return prices ? addDays(options.today, 1) : options.today;
}

/** The period before (-1) or after (+1) the current one, of the same kind and length. */
export function shiftPeriod(state: ChartState, direction: -1 | 1): { from: string; to: string } {
  if (state.range === "custom") {
    const days = daysBetween(state.from, state.to);
    return { from: addDays(state.from, direction * days), to: addDays(state.to, direction * days) };
  }
  if (state.range === "month") return periodAt("month", addMonths(state.from, direction));
  if (state.range === "year") return periodAt("year", addMonths(state.from, 12 * direction));
  return periodAt(state.range, addDays(state.from, direction * (state.range === "week" ? 7 : 1)));
}

export function canShift(state: ChartState, direction: -1 | 1, options: ChartOptions): boolean {
  const next = shiftPeriod(state, direction);
  return direction === 1 ? next.from <= lastDay(state, options) : next.from >= EARLIEST_DATE;
}

type Params = { get(name: string): string | null; getAll(name: string): string[] };

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | null =>
  value !== null && value !== undefined && (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * Reads the state from URL query parameters and makes it valid: unknown points, measurements
 * the site does not offer, ranges out of bounds and resolutions that do not fit fall back to
 * defaults instead of failing.
 */
export function readChartState(params: Params, options: ChartOptions): ChartState {
  // Points: the customer's own, of one energy kind (the kind of the first one named).
  const known = new Set(options.points.map((p) => p.gsrn));
  let gsrn = [...new Set([...params.getAll("gsrn"), ...params.getAll("gsrn[]")])].filter((g) => known.has(g));
  if (gsrn.length) {
    const kind = options.points.find((p) => p.gsrn === gsrn[0])!.energyKind;
    gsrn = gsrn.filter((g) => options.points.find((p) => p.gsrn === g)!.energyKind === kind);
  } else {
    gsrn = defaultPoints(options);
  }

  const measurements = availableMeasurements(gsrn, options);
  const measurement = oneOf(measurements, params.get("series")) ?? measurements[0] ?? "price";
  const overlayOptions = availableOverlays(measurement, gsrn, options);
  const overlays = OVERLAYS.filter((o) => overlayOptions.includes(o) && params.getAll("overlay").includes(o));

  const range = oneOf(RANGE_KINDS, params.get("range")) ?? "month";
  const last = lastDay({ measurement, overlays }, options);
  let from: string;
  let to: string;
  if (range === "custom") {
    const a = params.get("from");
    const b = params.get("to");
    if (isPlainDate(a) && isPlainDate(b) && a <= b) {
      from = maxDate(a, EARLIEST_DATE);
      // The URL carries the last day shown; the state keeps the day after it.
      to = addDays(minDate(b, addDays(from, MAX_CUSTOM_DAYS - 1)), 1);
    } else {
      ({ from, to } = { from: addDays(options.today, -13), to: addDays(options.today, 1) });
    }
  } else {
    const date = params.get("date");
    const anchor = isPlainDate(date) && date >= EARLIEST_DATE ? minDate(date, last) : options.today;
    ({ from, to } = periodAt(range, anchor));
  }

  const resolutions = availableResolutions({ gsrn, measurement, from, to }, options);
  const resolution = oneOf(resolutions, params.get("res")) ?? defaultResolution(range, daysBetween(from, to), resolutions);
  const years = Number(params.get("compare"));
  const compare = Number.isInteger(years) && years >= 1 && years <= MAX_COMPARE_YEARS ? years : 0;
  const unit: Unit = params.get("unit") === "money" && isEnergy(measurement) ? "money" : "kwh";
  return { gsrn, measurement, overlays, range, from, to, resolution, compare, unit };
}

/** The URL query of a state (the inverse of readChartState for valid states). */
export function chartStateQuery(state: ChartState): string {
  const q = new URLSearchParams();
  for (const g of state.gsrn) q.append("gsrn", g);
  q.set("series", state.measurement);
  for (const o of state.overlays) q.append("overlay", o);
  q.set("range", state.range);
  if (state.range === "custom") {
    q.set("from", state.from);
    q.set("to", addDays(state.to, -1));
  } else {
    q.set("date", state.from);
  }
  q.set("res", state.resolution);
  if (state.compare) q.set("compare", String(state.compare));
  if (state.unit === "money") q.set("unit", "money");
  return q.toString();
}

/**
 * Applies a change the person made and keeps the state valid: a new range kind recomputes the
 * period around its start, a new measurement may drop overlays or the money unit, and the
 * resolution moves to the default when the old one no longer fits.
 */
export function changeChartState(state: ChartState, change: Partial<ChartState>, options: ChartOptions): ChartState {
  const next = { ...state, ...change };
  if (change.gsrn) {
    if (!change.gsrn.length) next.gsrn = state.gsrn;
    const measurements = availableMeasurements(next.gsrn, options);
    if (!measurements.includes(next.measurement)) next.measurement = measurements[0] ?? "price";
  }
  if (change.range && change.range !== state.range) {
    if (change.range === "custom") {
      if (!change.from) ({ from: next.from, to: next.to } = { from: state.from, to: state.to });
    } else {
      // The new period holds today while the old one did; otherwise it starts where the old one did.
      const last = lastDay(next, options);
      const anchor = state.from <= options.today && options.today < state.to ? options.today : minDate(state.from, last);
      ({ from: next.from, to: next.to } = periodAt(change.range, anchor));
    }
  }
  const overlayOptions = availableOverlays(next.measurement, next.gsrn, options);
  next.overlays = OVERLAYS.filter((o) => overlayOptions.includes(o) && next.overlays.includes(o));
  if (!isEnergy(next.measurement)) next.unit = "kwh";
  const resolutions = availableResolutions(next, options);
  const kindChanged = change.range !== undefined && change.range !== state.range;
  if (!resolutions.includes(next.resolution) || (kindChanged && change.resolution === undefined)) {
    next.resolution = defaultResolution(next.range, daysBetween(next.from, next.to), resolutions);
  }
  return next;
}

/** The readings API query of the chart's main series (spec §7: series list, from, to). */
export function readingsQuery(state: ChartState, measurement: Measurement = state.measurement, resolution: Resolution = state.resolution, withComparison = true): string {
  const q = new URLSearchParams();
  q.append("series[]", measurement);
  if (withComparison && state.compare) q.append("series[]", String(state.compare));
  q.set("from", state.from);
  q.set("to", state.to);
  q.set("resolution", resolution);
  for (const g of state.gsrn) q.append("gsrn[]", g);
  if (isEnergy(measurement) && state.unit === "money") q.set("unit", "money");
  return q.toString();
}

/**
 * An overlay is fetched at the chart's resolution where the data exists at it; prices are
 * published per 15 minutes and temperatures per hour, so finer charts take the coarser value
 * of the interval they fall in.
 */
export function overlayResolution(overlay: Overlay, resolution: Resolution): Resolution {
  if (resolution === "day" || resolution === "month") return resolution;
  const floor = overlay === "price" ? 15 : 60;
  return Number(resolution) < floor ? (String(floor) as Resolution) : resolution;
}
