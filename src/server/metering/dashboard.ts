import "server-only";
import type { EnergyKind } from "@/server/db/schema";
import type { Site } from "@/server/sites/sites";
import { wallClock } from "@/i18n/format";
import { daysInMonth, formatLocalIso, localDateString, localParts, startOfLocalMonth, zonedTimeToUtc } from "@/lib/energy/time";
import { listCustomerPoints, listLocations, type LocationView, type MeteringPointRow, type PointScope } from "./points";
import { costEstimation, expenseStatistics, periodStatistics, spotStatistics } from "./statistics";
import { hasFeature } from "@/lib/features";
import { invoicedMonths } from "@/server/invoices/summary";
import { customerFigures } from "@/server/cache/customer-figures";

/**
 * What the dashboard shows, for its page and its API alike: which points it covers, this month's
 * consumption and production against last month and last year, the cheapest and dearest spot
 * hours, and the expenses of the last twelve months per energy kind.
 */

type DashboardSite = Pick<Site, "id" | "features" | "timezone">;

/** The customer's points the dashboard covers: the site may leave district heat off it (dashboard.district-heat-disabled). */
export function dashboardScope(site: Pick<Site, "id" | "features">, customerId: string): PointScope {
  return { siteId: site.id, customerId, excludeHeating: hasFeature(site, "dashboard.district-heat-disabled") };
}

export async function dashboardPoints(site: Pick<Site, "id" | "features">, customerId: string): Promise<{ scope: PointScope; points: MeteringPointRow[] }> {
  const scope = dashboardScope(site, customerId);
  return { scope, points: await listCustomerPoints(scope) };
}

/** Locations with their points and today's contracts, as the dashboard lists them. */
export async function dashboardLocations(site: DashboardSite, customerId: string, now = Date.now()) {
  return listLocations(dashboardScope(site, customerId), localDateString(now, site.timezone));
}

const KIND_ORDER: EnergyKind[] = ["electricity", "heating", "gas"];

/** The energy kinds of the points, electricity first; kWh of different kinds are never added up. */
export function energyKinds(points: Pick<MeteringPointRow, "energyKind">[]): EnergyKind[] {
  return KIND_ORDER.filter((k) => points.some((p) => p.energyKind === k));
}

/** The real-time cost estimate covers electricity, and only where the site offers it. */
export function showsCostEstimate(site: Pick<Site, "features">, points: Pick<MeteringPointRow, "energyKind">[]): boolean {
  return hasFeature(site, "real-time-cost-estimation") && points.some((p) => p.energyKind === "electricity");
}

/** The change from `previous` to `current` as a fraction; null when either is missing or there was nothing before. */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

/** The same moment a month earlier, clamped to that month's last day (31 March → 28 February). */
export function monthEarlier(now: number, tz: string): number {
  const p = localParts(now, tz);
  const year = p.month === 1 ? p.year - 1 : p.year;
  const month = p.month === 1 ? 12 : p.month - 1;
  return zonedTimeToUtc(year, month, Math.min(p.day, daysInMonth(year, month)), p.hour, p.minute, tz);
}

// ---------------------------------------------------------------- this month

export interface PeriodFigure {
  /** kWh so far this month; null without readings. */
  total: number | null;
  /** kWh of last month up to the same day and time. */
  lastMonthTotal: number | null;
  /** kWh of the same part of the month a year earlier. */
  lastYearTotal: number | null;
  changeFromLastMonth: number | null;
  changeFromLastYear: number | null;
}

export interface PeriodKind {
  kind: EnergyKind;
  consumption: PeriodFigure;
  /** Only for electricity with a producing point. */
  production: PeriodFigure | null;
}

export interface DashboardPeriod {
  /** The first day of the month, YYYY-MM-DD. */
  from: string;
  /** Today, YYYY-MM-DD. */
  until: string;
  kinds: PeriodKind[];
  /** The first kind's days: kWh consumed and produced per day, oldest first. */
  days: { date: string; consumption: number | null; production: number | null }[];
}

function figure(part: { total: number | null; previousYearTotal: number | null; compareTotal: number | null }): PeriodFigure {
  return {
    total: part.total,
    lastMonthTotal: part.compareTotal,
    lastYearTotal: part.previousYearTotal,
    changeFromLastMonth: relativeChange(part.total, part.compareTotal),
    changeFromLastYear: relativeChange(part.total, part.previousYearTotal),
  };
}

/** Consumption (and production) of the month so far per energy kind, with last month to the same moment and last year. */
export async function dashboardPeriod(site: Site, scope: PointScope, points: MeteringPointRow[], now = Date.now()): Promise<DashboardPeriod> {
  const tz = site.timezone;
  const monthStart = startOfLocalMonth(now, tz);
  const lastMonthStart = startOfLocalMonth(now, tz, -1);
  // A range needs a minute at least: the first minute of a month compares with the first of the last.
  const q = { from: localDateString(monthStart, tz), to: formatLocalIso(Math.max(now, monthStart + 60_000), tz), resolution: "day" as const };
  const lastMonth = { from: localDateString(lastMonthStart, tz), to: formatLocalIso(Math.max(monthEarlier(now, tz), lastMonthStart + 60_000), tz) };
  const parts = await Promise.all(
    energyKinds(points).map(async (kind) => {
      const ofKind = points.filter((p) => p.energyKind === kind);
      const producing = kind === "electricity" && ofKind.some((p) => p.hasProduction);
      // One statement per energy kind: this month by day, its totals a month and a year earlier.
      const answer = await periodStatistics(site, scope, { ...q, gsrn: ofKind.map((p) => p.gsrn) }, lastMonth, producing, now);
      return { kind, ...answer };
    }),
  );
  const days = new Map<string, { date: string; consumption: number | null; production: number | null }>();
  const main = parts[0];
  for (const v of main?.consumption.values ?? []) days.set(v.date, { date: v.date, consumption: v.value, production: null });
  for (const v of main?.production?.values ?? []) {
    const day = days.get(v.date) ?? { date: v.date, consumption: null, production: null };
    day.production = v.value;
    days.set(v.date, day);
  }
  return {
    from: q.from,
    until: localDateString(now, tz),
    kinds: parts.map((p) => ({ kind: p.kind, consumption: figure(p.consumption), production: p.production ? figure(p.production) : null })),
    days: [...days.values()].sort((a, b) => Date.parse(a.date) - Date.parse(b.date)),
  };
}

// ---------------------------------------------------------------- spot price hours

export interface HourPrice {
  /** The hour of the day it starts, 0–23, on the site's clock. */
  hour: number;
  /** The first interval of the hour, ISO 8601 with the site's offset. */
  start: string;
  /** The hour's average in c/kWh with VAT, to a thousandth of a cent. */
  price: number;
}

/**
 * The cheapest and the dearest hours of a day of interval prices (dearest first), by the
 * average of their intervals; ties go to the earlier hour.
 */
export function spotHourRanking(prices: { start: string; centsPerKwhWithVat: number }[], count = 3): { cheapest: HourPrice[]; dearest: HourPrice[] } {
  const hours = new Map<number, { start: string; sum: number; n: number }>();
  for (const p of prices) {
    const hour = wallClock(p.start).hour;
    const h = hours.get(hour) ?? { start: p.start, sum: 0, n: 0 };
    h.sum += p.centsPerKwhWithVat;
    h.n++;
    hours.set(hour, h);
  }
  const list = [...hours.entries()].map(([hour, h]) => ({ hour, start: h.start, price: Math.round((h.sum / h.n) * 1000) / 1000 }));
  const sorted = list.sort((a, b) => a.price - b.price || a.hour - b.hour);
  return { cheapest: sorted.slice(0, count), dearest: sorted.slice(-count).reverse() };
}

// ---------------------------------------------------------------- expenses

export interface DashboardExpenses {
  /** The first day of the month eleven months ago, YYYY-MM-DD. */
  from: string;
  /** Today, YYYY-MM-DD. */
  until: string;
  currency: string;
  /** Cents over all kinds and months, VAT included. */
  totalCents: number;
  kinds: EnergyKind[];
  /** Months with any cost, oldest first: cents per kind, null where the kind had none. */
  months: { date: string; cents: Partial<Record<EnergyKind, number | null>> }[];
}

/**
 * The costs of the last twelve months (this one included) per energy kind, VAT and fees included.
 * A month the customer has been invoiced for shows what the invoice charged (invoicedMonths), to
 * the cent the amount of the invoice; other months are estimated from the readings, prices and
 * contracts (expenseStatistics), which rounds differently and leaves invoice-only charges out.
 */
export async function dashboardExpenses(site: Site, scope: PointScope, points: MeteringPointRow[], now = Date.now()): Promise<DashboardExpenses> {
  const tz = site.timezone;
  const from = localDateString(startOfLocalMonth(now, tz, -11), tz);
  const to = localDateString(startOfLocalMonth(now, tz, 1), tz);
  const kinds = energyKinds(points);
  const [perKind, invoiced] = await Promise.all([
    Promise.all(
      kinds.map(async (kind) => ({
        kind,
        stats: await expenseStatistics(site, scope, { from, to, resolution: "month", gsrn: points.filter((p) => p.energyKind === kind).map((p) => p.gsrn) }, now),
      })),
    ),
    invoicedMonths(site.id, scope.customerId, points, kinds, from.slice(0, 7), to.slice(0, 7)),
  ]);
  const months = new Map<string, DashboardExpenses["months"][number]>();
  for (const { kind, stats } of perKind) {
    for (const v of stats.values) {
      const key = v.date.slice(0, 7);
      const month = months.get(key) ?? { date: v.date, cents: {} };
      month.cents[kind] = v.totalCents;
      months.set(key, month);
    }
  }
  for (const [key, cents] of invoiced) {
    const [y, m] = key.split("-").map(Number);
    const month = months.get(key) ?? { date: formatLocalIso(zonedTimeToUtc(y, m, 1, 0, 0, tz), tz), cents: {} };
    for (const kind of kinds) month.cents[kind] = cents.get(kind) ?? null;
    months.set(key, month);
  }
  const rows = [...months.values()].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const r of rows) for (const kind of kinds) r.cents[kind] ??= null;
  return {
    from,
    until: localDateString(now, tz),
    currency: perKind[0]?.stats.currency ?? "EUR",
    totalCents: rows.reduce((s, r) => s + kinds.reduce((k, kind) => k + (r.cents[kind] ?? 0), 0), 0),
    kinds,
    months: rows,
  };
}

export interface MonthCost {
  /** Cents so far this month, VAT and fees included, estimated from the readings; null without points. */
  totalCents: number | null;
  /** Cents of last month up to the same day and time. */
  lastMonthTotalCents: number | null;
  changeFromLastMonth: number | null;
  currency: string;
}

/**
 * What this month's energy has cost so far against last month up to the same moment (the
 * comparison of dashboardPeriod), estimated from the readings, prices and contracts.
 */
export async function dashboardMonthCost(site: Site, scope: PointScope, points: MeteringPointRow[], now = Date.now()): Promise<MonthCost> {
  const tz = site.timezone;
  const kinds = energyKinds(points);
  if (!kinds.length) return { totalCents: null, lastMonthTotalCents: null, changeFromLastMonth: null, currency: "EUR" };
  const monthStart = startOfLocalMonth(now, tz);
  const lastMonthStart = startOfLocalMonth(now, tz, -1);
  const ranges = [
    { from: localDateString(monthStart, tz), to: formatLocalIso(Math.max(now, monthStart + 60_000), tz) },
    { from: localDateString(lastMonthStart, tz), to: formatLocalIso(Math.max(monthEarlier(now, tz), lastMonthStart + 60_000), tz) },
  ];
  // Costs are asked per energy kind (points of different kinds are never added up as energy) and summed as money.
  const perKind = await Promise.all(
    kinds.map((kind) => {
      const gsrn = points.filter((p) => p.energyKind === kind).map((p) => p.gsrn);
      return Promise.all(ranges.map((r) => expenseStatistics(site, scope, { ...r, resolution: "day", gsrn }, now)));
    }),
  );
  const sum = (i: 0 | 1) => perKind.reduce((cents, answers) => cents + answers[i].totalCents, 0);
  const totalCents = sum(0);
  const lastMonthTotalCents = sum(1);
  return {
    totalCents,
    lastMonthTotalCents,
    changeFromLastMonth: relativeChange(totalCents, lastMonthTotalCents),
    currency: perKind[0][0].currency,
  };
}

// ---------------------------------------------------------------- everything the dashboard shows

/** The answer of GET /api/dashboard/overview (the DashboardOverview schema): every card's data in one. */
export interface DashboardOverview {
  customer: { id: string; name: string };
  /** Whether the customer has metering points on the dashboard. */
  hasData: boolean;
  period: DashboardPeriod | null;
  spot: Awaited<ReturnType<typeof spotStatistics>>;
  /** The cheapest and dearest hours of today and tomorrow; null for a day without prices. */
  spotRanking: { today: ReturnType<typeof spotHourRanking> | null; tomorrow: ReturnType<typeof spotHourRanking> | null };
  /** Null without electricity points or where the site does not offer the real-time cost estimate. */
  estimate: Awaited<ReturnType<typeof costEstimation>> | null;
  expenses: DashboardExpenses | null;
  locations: LocationView[];
}

/**
 * The dashboard's figures as the API answers them: kept for the customer until anything they are
 * computed from changes, or their quarter-hour ends (src/server/cache/customer-figures.ts).
 */
export function keptDashboardOverview(site: Site, customer: { id: string; name: string }, now = Date.now()): Promise<DashboardOverview> {
  return customerFigures(site.id, customer.id, "overview", now, () => dashboardOverview(site, customer, now));
}

/**
 * What the dashboard's cards show, at one moment for all of them: the cards that need metering
 * points (this month, today's cost estimate, expenses) are null without any; spot prices and
 * locations are there for every customer. The spot answer and the locations do not wait for the
 * points, and the cards that need them are read side by side.
 */
export async function dashboardOverview(site: Site, customer: { id: string; name: string }, now = Date.now()): Promise<DashboardOverview> {
  const ofPoints = dashboardPoints(site, customer.id).then(async ({ scope, points }) => {
    const hasData = points.length > 0;
    const [period, estimate, expenses] = await Promise.all([
      hasData ? dashboardPeriod(site, scope, points, now) : null,
      hasData && showsCostEstimate(site, points) ? costEstimation(site, scope, undefined, now) : null,
      hasData ? dashboardExpenses(site, scope, points, now) : null,
    ]);
    return { hasData, period, estimate, expenses };
  });
  const [{ hasData, period, estimate, expenses }, spot, locations] = await Promise.all([ofPoints, spotStatistics(site, now), dashboardLocations(site, customer.id, now)]);
  return {
    customer: { id: customer.id, name: customer.name },
    hasData,
    period,
    spot,
    spotRanking: {
      today: spot.today ? spotHourRanking(spot.today.prices) : null,
      tomorrow: spot.tomorrow ? spotHourRanking(spot.tomorrow.prices) : null,
    },
    estimate,
    expenses,
    locations,
  };
}
