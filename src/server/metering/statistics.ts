import "server-only";
import { LRUCache } from "lru-cache";
import { cacheReady, loadAndKeep, onInvalidate } from "@/server/cache/bus";
import { hasFeature } from "@/lib/features";
import { notFound, validationError, type FieldError } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import type { Feature } from "@/lib/features";
import { chartDateFormat, formatChartDate, MEASUREMENTS, mergeComparison, shiftYears, type Measurement, type SeriesPoint } from "@/lib/energy/chart";
import type { RangeQuery, ResolvedRange } from "@/lib/energy/range";
import { spotCentsPerKwh, withVat, whToKwh } from "@/lib/energy/pricing";
import { addLocalDays, formatLocalIso, localDateString, startOfLocalDay, startOfLocalYear, localParts } from "@/lib/energy/time";
import { aggregateEnergy, aggregateSpot, aggregateTemperature, listSpotPrices, type EnergySeries } from "./readings";
import { aggregateExpenses, type ExpenseBucket } from "./expenses";
import { resolvePoints, type MeteringPointRow, type PointScope } from "./points";
import { energyFacts, type EnergyAnswer } from "./energy-facts";
import { checkResolution, rangeOrThrow, rangeView, siteEnergyFacts, type SiteEnergyFacts } from "./statistics-input";

// ---------------------------------------------------------------- dashboard statistics

const kwhOrNull = (wh: number | null) => (wh === null ? null : whToKwh(wh));

export interface EnergyStatisticsQuery extends RangeQuery {
  gsrn?: string[];
}

export async function energyStatistics(site: Site, scope: PointScope, series: "consumption" | "production", q: EnergyStatisticsQuery, now = Date.now()) {
  const tz = site.timezone;
  const range = rangeOrThrow(q, tz, now, { resolution: "day" });
  const points = await resolvePoints(scope, q.gsrn);
  checkResolution(points, range.resolution, hasFeature(site, "charts.five-minute-consumption"));
  const usable = series === "production" ? points.filter((p) => p.hasProduction) : points;
  const previousYear = { fromMs: shiftYears(range.fromMs, -1, tz), toMs: shiftYears(range.toMs, -1, tz) };
  const [answer] = await energyFacts([{ series, points: usable, range: { ...range, tz }, totals: [previousYear] }]);
  return energyView(series, range, tz, usable, answer, answer.totals[0]);
}

function energyView(series: EnergySeries, range: ResolvedRange, tz: string, points: MeteringPointRow[], answer: EnergyAnswer, previousYearTotal: number | null) {
  return {
    measurement: series,
    unit: "kWh" as const,
    ...rangeView(range, tz),
    meteringPoints: points.map((p) => p.gsrn),
    total: kwhOrNull(answer.total),
    previousYearTotal: kwhOrNull(previousYearTotal),
    values: answer.values.map((v) => ({ date: formatLocalIso(v.at, tz), value: v.value === null ? null : whToKwh(v.value) })),
  };
}

/**
 * The dashboard's period card in one statement: consumption (and, when producing, production)
 * per day of a range with its totals, the same range a year earlier and a comparison range
 * (the previous month to the same day). Each part equals energyStatistics' answer.
 */
export async function periodStatistics(site: Site, scope: PointScope, q: EnergyStatisticsQuery, compare: RangeQuery, producing: boolean, now = Date.now()) {
  const tz = site.timezone;
  const range = rangeOrThrow(q, tz, now, { resolution: "day" });
  const other = rangeOrThrow({ ...compare, resolution: q.resolution }, tz, now, { resolution: "day" });
  const points = await resolvePoints(scope, q.gsrn);
  const fiveMinutes = hasFeature(site, "charts.five-minute-consumption");
  checkResolution(points, range.resolution, fiveMinutes);
  checkResolution(points, other.resolution, fiveMinutes);
  const previousYear = { fromMs: shiftYears(range.fromMs, -1, tz), toMs: shiftYears(range.toMs, -1, tz) };
  const compareRange = { fromMs: other.fromMs, toMs: other.toMs };
  const producers = points.filter((p) => p.hasProduction);
  const series: EnergySeries[] = producing ? ["consumption", "production"] : ["consumption"];
  const answers = await energyFacts(series.map((s) => ({ series: s, points: s === "production" ? producers : points, range: { ...range, tz }, totals: [previousYear, compareRange] })));
  const part = (i: number) => {
    const answer = answers[i];
    const s = series[i];
    return { ...energyView(s, range, tz, s === "production" ? producers : points, answer, answer.totals[0]), compareTotal: kwhOrNull(answer.totals[1]) };
  };
  return { consumption: part(0), production: producing ? part(1) : null };
}

export async function expenseStatistics(site: Site, scope: PointScope, q: EnergyStatisticsQuery, now = Date.now()) {
  const tz = site.timezone;
  const range = rangeOrThrow(q, tz, now, { resolution: "day" });
  const points = await resolvePoints(scope, q.gsrn);
  checkResolution(points, range.resolution, hasFeature(site, "charts.five-minute-consumption"));
  const facts = await siteEnergyFacts(site);
  const buckets = await aggregateExpenses(points, { ...range, tz }, facts.vatBasisPoints);
  const values = buckets.map((b) => expenseView(b, tz));
  const sum = (k: "energyCents" | "feeCents" | "totalCents") => values.reduce((s, v) => s + v[k], 0);
  return {
    currency: facts.currency,
    vatRate: facts.vatBasisPoints / 100,
    ...rangeView(range, tz),
    meteringPoints: points.map((p) => p.gsrn),
    totalCents: sum("totalCents"),
    energyCents: sum("energyCents"),
    feeCents: sum("feeCents"),
    kwh: whToKwh(buckets.reduce((s, b) => s + b.wh, 0)),
    unpricedIntervals: buckets.reduce((s, b) => s + b.unpriced, 0),
    values,
  };
}

function expenseView(b: ExpenseBucket, tz: string) {
  const energyCents = Math.round(b.energyCents);
  const feeCents = Math.round(b.feeCents);
  return { date: formatLocalIso(b.at, tz), kwh: whToKwh(b.wh), energyCents, feeCents, totalCents: energyCents + feeCents };
}

// ---------------------------------------------------------------- spot prices

function priceView(row: { start: number; resolutionMinutes: number; eurPerMwh: number }, vat: number, tz: string) {
  const cents = spotCentsPerKwh(row.eurPerMwh);
  return {
    start: formatLocalIso(row.start, tz),
    end: formatLocalIso(row.start + row.resolutionMinutes * 60_000, tz),
    eurPerMwh: row.eurPerMwh,
    centsPerKwh: Math.round(cents * 1000) / 1000,
    centsPerKwhWithVat: Math.round(withVat(cents, vat) * 1000) / 1000,
  };
}

function daySummary(rows: { start: number; resolutionMinutes: number; eurPerMwh: number }[], date: string, vat: number, tz: string) {
  if (!rows.length) return null;
  const prices = rows.map((r) => priceView(r, vat, tz));
  const minutes = rows.reduce((s, r) => s + r.resolutionMinutes, 0);
  const avg = rows.reduce((s, r) => s + r.eurPerMwh * r.resolutionMinutes, 0) / minutes;
  const withVatCents = prices.map((p) => p.centsPerKwhWithVat);
  return {
    date,
    prices,
    minCentsPerKwhWithVat: Math.min(...withVatCents),
    maxCentsPerKwhWithVat: Math.max(...withVatCents),
    averageCentsPerKwhWithVat: Math.round(withVat(spotCentsPerKwh(avg), vat) * 1000) / 1000,
  };
}

type SpotStatistics = Awaited<ReturnType<typeof computeSpotStatistics>>;
const SPOT_CACHE = Symbol.for("portal.spot.cache");
const QUARTER_MS = 15 * 60_000;
const sg = globalThis as typeof globalThis & { [SPOT_CACHE]?: LRUCache<string, SpotStatistics> };
function spotCache(): LRUCache<string, SpotStatistics> {
  if (!sg[SPOT_CACHE]) {
    const c = new LRUCache<string, SpotStatistics>({ max: 256, ttl: 60_000 });
    // A price import announces its zone (src/server/importers/spot-prices.ts); keys start with it.
    const dropZone = (zone: string) => {
      for (const key of [...c.keys()]) if (key.startsWith(`${zone}|`)) c.delete(key);
    };
    onInvalidate("spot", dropZone, () => c.clear());
    sg[SPOT_CACHE] = c;
  }
  return sg[SPOT_CACHE];
}

/**
 * Today's and tomorrow's day-ahead prices of the site's zone, and the price in force now. The
 * answer is the same for every customer of a zone (in one time zone, at one VAT rate) within a
 * quarter-hour, the shortest price interval: it is kept for that quarter-hour, at most a minute,
 * and dropped in every process when prices are imported. Callers must not change it.
 */
export async function spotStatistics(site: Site, now = Date.now()): Promise<SpotStatistics> {
  const facts = await siteEnergyFacts(site);
  const key = `${facts.zone}|${facts.vatBasisPoints}|${facts.currency}|${site.timezone}|${Math.floor(now / QUARTER_MS)}`;
  const cache = spotCache();
  const hit = cacheReady() ? cache.get(key) : undefined;
  if (hit) return hit;
  return loadAndKeep(
    ["spot"],
    () => computeSpotStatistics(site, facts, now),
    (value) => cache.set(key, value),
  );
}

async function computeSpotStatistics(site: Site, facts: SiteEnergyFacts, now: number) {
  const tz = site.timezone;
  const today = startOfLocalDay(now, tz);
  const tomorrow = addLocalDays(today, 1, tz);
  const dayAfter = addLocalDays(today, 2, tz);
  const rows = await listSpotPrices(facts.zone, today, dayAfter);
  const todays = rows.filter((r) => r.start < tomorrow);
  const tomorrows = rows.filter((r) => r.start >= tomorrow);
  const current = todays.find((r) => r.start <= now && now < r.start + r.resolutionMinutes * 60_000) ?? null;
  return {
    zone: facts.zone,
    currency: facts.currency,
    vatRate: facts.vatBasisPoints / 100,
    unit: "c/kWh" as const,
    timezone: tz,
    resolutionMinutes: todays[0]?.resolutionMinutes ?? 15,
    now: current ? priceView(current, facts.vatBasisPoints, tz) : null,
    today: daySummary(todays, localDateString(today, tz), facts.vatBasisPoints, tz),
    tomorrow: daySummary(tomorrows, localDateString(tomorrow, tz), facts.vatBasisPoints, tz),
  };
}

// ---------------------------------------------------------------- yearly consumption

export async function yearlyConsumption(site: Site, scope: PointScope, q: { year?: number; gsrn?: string[] }, now = Date.now()) {
  const tz = site.timezone;
  const year = q.year ?? localParts(now, tz).year;
  const points = await resolvePoints(scope, q.gsrn);
  const from = startOfLocalYear(year - 1, tz);
  const to = startOfLocalYear(year + 1, tz);
  const monthly = await aggregateEnergy(points, "consumption", { fromMs: from, toMs: to, resolution: "month", tz });
  const byMonth = new Map(monthly.map((m) => [localDateString(m.at, tz).slice(0, 7), m.value]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const key = (y: number) => `${y}-${String(i + 1).padStart(2, "0")}`;
    const current = byMonth.get(key(year));
    const previous = byMonth.get(key(year - 1));
    return {
      month: i + 1,
      consumption: current === undefined || current === null ? null : whToKwh(current),
      previousYear: previous === undefined || previous === null ? null : whToKwh(previous),
    };
  });
  const total = (k: "consumption" | "previousYear") => {
    const vals = months.map((m) => m[k]).filter((v): v is number => v !== null);
    return vals.length ? Math.round(vals.reduce((s, v) => s + v, 0) * 1000) / 1000 : null;
  };
  return { year, unit: "kWh" as const, timezone: tz, meteringPoints: points.map((p) => p.gsrn), total: total("consumption"), previousYearTotal: total("previousYear"), months };
}

// ---------------------------------------------------------------- real-time cost estimate

export async function costEstimation(site: Site, scope: PointScope, gsrns: string[] | undefined, now = Date.now()) {
  const tz = site.timezone;
  const facts = await siteEnergyFacts(site);
  const points = gsrns && gsrns.length ? await resolvePoints(scope, gsrns) : (await resolvePoints(scope, undefined)).filter((p) => p.energyKind === "electricity");
  const from = startOfLocalDay(now, tz);
  const estimates = [];
  for (const p of points) {
    const [bucket] = await aggregateExpenses([p], { fromMs: from, toMs: now, resolution: "day", tz }, facts.vatBasisPoints);
    const energyCents = bucket ? Math.round(bucket.energyCents) : 0;
    const feeCents = bucket ? Math.round(bucket.feeCents) : 0;
    estimates.push({
      gsrn: p.gsrn,
      energyKind: p.energyKind,
      kwh: bucket ? whToKwh(bucket.wh) : 0,
      energyCents,
      feeCents,
      totalCents: energyCents + feeCents,
      unpricedIntervals: bucket ? bucket.unpriced : 0,
    });
  }
  return {
    date: localDateString(now, tz),
    from: formatLocalIso(from, tz),
    until: formatLocalIso(now, tz),
    currency: facts.currency,
    vatRate: facts.vatBasisPoints / 100,
    totalCents: estimates.reduce((s, e) => s + e.totalCents, 0),
    estimates,
  };
}

// ---------------------------------------------------------------- chart readings

export interface ChartQuery extends RangeQuery {
  series: string[];
  gsrn?: string[];
  unit?: "kwh" | "money";
}

function parseSeries(series: string[]): { measurement: Measurement; yearOffset: number | null; key: string | null } {
  const errors: FieldError[] = [];
  const measurement = series[0] as Measurement;
  if (!MEASUREMENTS.includes(measurement)) errors.push({ path: "series.0", code: "invalid_value", message: "energy.errors.unknown-series" });
  let yearOffset: number | null = null;
  if (series.length > 2) errors.push({ path: "series", code: "too_big", message: "energy.errors.too-many-series" });
  if (series.length >= 2) {
    const n = Number(series[1]);
    if (!/^\d{1,2}$/.test(series[1]) || n < 1 || n > 10) errors.push({ path: "series.1", code: "invalid_value", message: "energy.errors.bad-comparison-offset" });
    else yearOffset = n;
  }
  if (errors.length) throw validationError(errors);
  return { measurement, yearOffset, key: yearOffset === null ? null : series[1] };
}

const FEATURE_OF: Partial<Record<Measurement, Feature>> = { netted: "charts.netted", temperature: "charts.temperature" };

export async function chartReadings(site: Site, scope: PointScope, q: ChartQuery, now = Date.now()) {
  const tz = site.timezone;
  const { measurement, yearOffset, key } = parseSeries(q.series);
  const feature = FEATURE_OF[measurement];
  if (feature && !hasFeature(site, feature)) throw notFound("api.errors.feature-disabled");
  if (measurement === "price" && hasFeature(site, "charts.spot-price-disabled")) throw notFound("api.errors.feature-disabled");
  const unit = q.unit ?? "kwh";
  if (unit === "money" && (measurement === "price" || measurement === "temperature")) {
    throw validationError([{ path: "unit", code: "invalid_value", message: "energy.errors.unit-unsupported" }]);
  }
  const range = rangeOrThrow(q, tz, now, { resolution: "day" });
  const points = await resolvePoints(scope, q.gsrn);
  if (measurement === "consumption" || measurement === "production" || measurement === "netted") {
    checkResolution(points, range.resolution, hasFeature(site, "charts.five-minute-consumption"));
  } else if (measurement === "price" && range.resolution === "5") {
    throw validationError([{ path: "resolution", code: "unavailable", message: "energy.errors.resolution-unavailable" }]);
  }
  const facts = await siteEnergyFacts(site);
  const compute = async (fromMs: number, toMs: number): Promise<SeriesPoint[]> => {
    const r = { fromMs, toMs, resolution: range.resolution, tz };
    switch (measurement) {
      case "consumption":
      case "production":
      case "netted": {
        const producing = points.filter((p) => p.hasProduction);
        if (unit === "kwh") {
          return (await aggregateEnergy(measurement === "production" ? producing : points, measurement, r)).map((v) => ({ at: v.at, value: v.value === null ? null : whToKwh(v.value) }));
        }
        const cost = measurement === "production" ? [] : await aggregateExpenses(points, r, facts.vatBasisPoints);
        const revenue = measurement === "consumption" ? [] : await aggregateExpenses(producing, r, facts.vatBasisPoints, undefined, "revenue");
        const byAt = new Map<number, number>();
        // Rounded per part, as the expenses statistics round them, so the two agree to the cent.
        for (const b of cost) byAt.set(b.at, (byAt.get(b.at) ?? 0) + Math.round(b.energyCents) + Math.round(b.feeCents));
        for (const b of revenue) byAt.set(b.at, (byAt.get(b.at) ?? 0) + (measurement === "netted" ? -1 : 1) * Math.round(b.energyCents));
        return [...byAt.entries()].sort((a, b) => a[0] - b[0]).map(([at, cents]) => ({ at, value: cents }));
      }
      case "price": {
        const zone = points[0]?.biddingZone ?? facts.zone;
        return (await aggregateSpot(zone, r)).map((v) => ({
          at: v.at,
          value: v.value === null ? null : Math.round(withVat(spotCentsPerKwh(v.value), facts.vatBasisPoints) * 1000) / 1000,
        }));
      }
      case "temperature": {
        const area = points[0]?.weatherArea;
        return area ? aggregateTemperature(area, r) : [];
      }
    }
  };
  const current = await compute(range.fromMs, range.toMs);
  const format = chartDateFormat(range.fromMs, range.toMs, tz);
  const unitLabel: "c/kWh" | "°C" | "cents" | "kWh" = measurement === "price" ? "c/kWh" : measurement === "temperature" ? "°C" : unit === "money" ? "cents" : "kWh";
  let merged: { at: number; date: string; current: number | null; previous: number | null }[];
  let comparison = null as null | { yearOffset: number; key: string; from: string; to: string };
  if (yearOffset !== null && key !== null) {
    const prevFrom = shiftYears(range.fromMs, -yearOffset, tz);
    const prevTo = shiftYears(range.toMs, -yearOffset, tz);
    const previous = await compute(prevFrom, prevTo);
    merged = mergeComparison(current, previous, yearOffset, range.resolution, tz).filter((m) => m.at >= range.fromMs && m.at < range.toMs);
    comparison = { yearOffset, key, from: formatLocalIso(prevFrom, tz), to: formatLocalIso(prevTo, tz) };
  } else {
    merged = current.map((c) => ({ at: c.at, date: formatLocalIso(c.at, tz), current: c.value, previous: null }));
  }
  return {
    measurement,
    unit: unitLabel,
    currency: unit === "money" ? facts.currency : null,
    vatIncluded: measurement === "price" || (unit === "money" && measurement !== "production"),
    ...rangeView(range, tz),
    dateFormat: format,
    meteringPoints: points.map((p) => p.gsrn),
    comparison,
    values: merged.map((m) => {
      const v: { date: string; label: string; [series: string]: string | number | null } = { date: m.date, label: formatChartDate(m.at, format, tz), [measurement]: m.current };
      if (key !== null) v[key] = m.previous;
      return v;
    }),
  };
}
