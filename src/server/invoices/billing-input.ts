import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/server/db/client";
import { energyContracts, meteringPoints } from "@/server/db/schema";
import { wallClockSql } from "@/server/metering/buckets";
import { NIGHT_ENDS_AT, NIGHT_STARTS_AT } from "@/lib/energy/pricing";
import { localDateString, localDayDiff, startOfLocalMonth, zonedTimeToUtc } from "@/lib/energy/time";

/**
 * What billing needs from metering: per metering point, local calendar month and energy
 * contract, the consumption (series 1), its value at the spot price and its night share,
 * aggregated in SQL from the interval readings.
 *
 * Rows are bucketed by the instants where a month or a contract starts or ends
 * (`width_bucket` over a sorted array: no time-zone conversion per row), so every bucket lies
 * in one month under one contract. Spot prices are joined only for points with a spot
 * contract, per interval as the expense charts do (quarter-hour prices; hourly readings meet
 * the hour's average), and the local hour only for points with day and night prices.
 */
export interface MonthlyEnergy {
  meteringPointId: string;
  customerId: string;
  gsrn: string;
  energyKind: string;
  address: string;
  /** Local calendar month, "YYYY-MM". */
  month: string;
  contractId: string | null;
  wh: number;
  /** Consumption in the night tariff hours (22–07 local); computed for day/night contracts only. */
  nightWh: number;
  /** Σ Wh × €/MWh / 10 000: the consumption at spot price in (fractional) cents without VAT; spot contracts only. */
  spotCents: number;
  /** Consumption of intervals without a spot price (spot contracts only). */
  unpricedWh: number;
  /** Local days of the month the contract covered. */
  days: number;
}

export interface BillingInputQuery {
  siteId: string;
  timezone: string;
  /** Start instants (ms) of the first local month and of the month after the last. */
  fromMs: number;
  toMs: number;
  customerIds?: string[];
}

type ContractRow = typeof energyContracts.$inferSelect;

const ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);
const ts = (ms: number) => `timestamptz '${new Date(ms).toISOString()}'`;
/** Our own computed instants only, never client text. */
const instantArray = (list: number[]): SQL => sql.raw(`array[${list.map(ts).join(",")}]::timestamptz[]`);

function localMidnight(date: string, tz: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return zonedTimeToUtc(y, m, d, 0, 0, tz);
}

function monthStarts(fromMs: number, toMs: number, tz: string): number[] {
  const out: number[] = [];
  for (let t = fromMs; t < toMs; t = startOfLocalMonth(t, tz, 1)) out.push(t);
  out.push(toMs);
  return out;
}

function readingScope(q: BillingInputQuery, pointIds: string[] | null): SQL {
  return sql`r.series = 1 and r.start >= ${new Date(q.fromMs).toISOString()}::timestamptz and r.start < ${new Date(q.toMs).toISOString()}::timestamptz
    and r.metering_point_id in (select mp.id from metering_points mp where mp.site_id = ${q.siteId}
      ${q.customerIds?.length ? sql`and mp.customer_id in ${q.customerIds}` : sql``}
      ${pointIds ? sql`and mp.id in ${pointIds}` : sql``})`;
}

/** Consumption per metering point and local month, "pointId|YYYY-MM" → Wh. */
export async function monthlyConsumption(db: Db, q: BillingInputQuery): Promise<Map<string, number>> {
  const bounds = monthStarts(q.fromMs, q.toMs, q.timezone);
  const rows = await queryRows<{ mp: string; b: number; wh: number | string }>(
    db,
    sql`select r.metering_point_id as mp, width_bucket(r.start, ${instantArray(bounds)}) as b, sum(r.value_wh)::float8 as wh
        from interval_readings r where ${readingScope(q, null)} group by 1, 2`,
  );
  const out = new Map<string, number>();
  for (const r of rows) {
    const b = Number(r.b);
    if (b < 1 || b >= bounds.length) continue;
    out.set(`${r.mp}|${localDateString(bounds[b - 1], q.timezone).slice(0, 7)}`, Number(r.wh));
  }
  return out;
}

export async function monthlyEnergyByMeteringPoint(db: Db, q: BillingInputQuery): Promise<MonthlyEnergy[]> {
  const pointWhere = [eq(meteringPoints.siteId, q.siteId)];
  if (q.customerIds?.length) pointWhere.push(inArray(meteringPoints.customerId, q.customerIds));
  const points = await db
    .select()
    .from(meteringPoints)
    .where(and(...pointWhere));
  if (!points.length) return [];
  const contracts: ContractRow[] = [];
  const ids = points.map((p) => p.id);
  for (let i = 0; i < ids.length; i += 500) {
    contracts.push(
      ...(await db
        .select()
        .from(energyContracts)
        .where(and(eq(energyContracts.siteId, q.siteId), inArray(energyContracts.meteringPointId, ids.slice(i, i + 500))))),
    );
  }

  // Bucket boundaries: month starts and the local midnights where contracts begin and end.
  const cuts = new Set(monthStarts(q.fromMs, q.toMs, q.timezone));
  for (const c of contracts) {
    const starts = localMidnight(c.validFrom, q.timezone);
    if (starts > q.fromMs && starts < q.toMs) cuts.add(starts);
    if (c.validTo) {
      const [y, m, d] = c.validTo.split("-").map(Number);
      const ends = zonedTimeToUtc(y, m, d + 1, 0, 0, q.timezone);
      if (ends > q.fromMs && ends < q.toMs) cuts.add(ends);
    }
  }
  const bounds = [...cuts].sort((a, b) => a - b);
  const buckets = sql`width_bucket(r.start, ${instantArray(bounds)})`;

  const byPoint = new Map(points.map((p) => [p.id, p]));
  const contractsOf = new Map<string, ContractRow[]>();
  for (const c of contracts) contractsOf.set(c.meteringPointId, [...(contractsOf.get(c.meteringPointId) ?? []), c]);
  const contractAt = (pointId: string, date: string) => (contractsOf.get(pointId) ?? []).find((c) => c.validFrom <= date && (c.validTo === null || c.validTo >= date)) ?? null;
  const spotPoints = points.filter((p) => (contractsOf.get(p.id) ?? []).some((c) => c.priceModel === "Hourly"));
  const dayNightPoints = points.filter((p) => (contractsOf.get(p.id) ?? []).some((c) => c.priceModel === "Fixed" && c.dayCentsPerKwh !== null && c.nightCentsPerKwh !== null));

  // 1. Consumption of every point per bucket.
  const consumption = await queryRows<{ mp: string; b: number; wh: number | string }>(
    db,
    sql`select r.metering_point_id as mp, ${buckets} as b, sum(r.value_wh)::float8 as wh
        from interval_readings r where ${readingScope(q, null)} group by 1, 2`,
  );

  // 2. Value at spot price, for points with a spot contract. A price stored as NaN is no price.
  const spot = new Map<string, { cents: number; unpricedWh: number }>();
  if (spotPoints.length) {
    const from = new Date(q.fromMs - 3_600_000).toISOString();
    const to = new Date(q.toMs + 3_600_000).toISOString();
    const hourly = spotPoints.filter((p) => p.intervalMinutes === 60).map((p) => p.id);
    const fine = spotPoints.filter((p) => p.intervalMinutes !== 60).map((p) => p.id);
    const collect = (rows: { mp: string; b: number; cents: number | string | null; unpriced: number | string }[]) => {
      for (const r of rows) spot.set(`${r.mp}|${r.b}`, { cents: Number(r.cents ?? 0), unpricedWh: Number(r.unpriced) });
    };
    if (hourly.length) {
      collect(
        await queryRows(
          db,
          sql`with hp as (
                select zone, date_bin(interval '1 hour', start, ${ORIGIN}) as h, avg(nullif(price_eur_mwh, 'NaN'::numeric))::float8 as price
                from spot_prices where resolution_minutes = 15 and start >= ${from}::timestamptz and start < ${to}::timestamptz group by 1, 2
                union all
                select zone, start, nullif(price_eur_mwh, 'NaN'::numeric)::float8 from spot_prices
                where resolution_minutes = 60 and start >= ${from}::timestamptz and start < ${to}::timestamptz
              ), hour_price as (select zone, h, avg(price) as price from hp group by 1, 2)
              select r.metering_point_id as mp, ${buckets} as b,
                sum(r.value_wh * p.price) / 10000.0 as cents,
                sum(case when p.price is null then r.value_wh else 0 end)::float8 as unpriced
              from interval_readings r
              join metering_points mp on mp.id = r.metering_point_id
              left join hour_price p on p.zone = mp.bidding_zone and p.h = r.start
              where ${readingScope(q, hourly)}
              group by 1, 2`,
        ),
      );
    }
    if (fine.length) {
      collect(
        await queryRows(
          db,
          sql`select r.metering_point_id as mp, ${buckets} as b,
                sum(r.value_wh * coalesce(nullif(p15.price_eur_mwh, 'NaN'::numeric)::float8, nullif(p60.price_eur_mwh, 'NaN'::numeric)::float8)) / 10000.0 as cents,
                sum(case when coalesce(nullif(p15.price_eur_mwh, 'NaN'::numeric), nullif(p60.price_eur_mwh, 'NaN'::numeric)) is null then r.value_wh else 0 end)::float8 as unpriced
              from interval_readings r
              join metering_points mp on mp.id = r.metering_point_id
              left join spot_prices p15 on p15.zone = mp.bidding_zone and p15.resolution_minutes = 15 and p15.start = date_bin(interval '15 minutes', r.start, ${ORIGIN})
              left join spot_prices p60 on p60.zone = mp.bidding_zone and p60.resolution_minutes = 60 and p60.start = date_bin(interval '1 hour', r.start, ${ORIGIN})
              where ${readingScope(q, fine)}
              group by 1, 2`,
        ),
      );
    }
  }

  // 3. Night consumption, for points with day and night prices.
  const night = new Map<string, number>();
  if (dayNightPoints.length) {
    const wall = wallClockSql(sql.raw("r.start"), q.fromMs, q.toMs, q.timezone);
    const rows = await queryRows<{ mp: string; b: number; wh: number | string }>(
      db,
      sql`select r.metering_point_id as mp, ${buckets} as b, sum(r.value_wh)::float8 as wh
          from interval_readings r
          where ${readingScope(
            q,
            dayNightPoints.map((p) => p.id),
          )} and (extract(hour from ${wall}) >= ${sql.raw(String(NIGHT_STARTS_AT))} or extract(hour from ${wall}) < ${sql.raw(String(NIGHT_ENDS_AT))})
          group by 1, 2`,
    );
    for (const r of rows) night.set(`${r.mp}|${r.b}`, Number(r.wh));
  }

  // Buckets → (point, month, contract).
  const out = new Map<string, MonthlyEnergy>();
  for (const r of consumption) {
    const b = Number(r.b);
    if (b < 1 || b >= bounds.length) continue;
    const point = byPoint.get(r.mp);
    if (!point) continue;
    const startDate = localDateString(bounds[b - 1], q.timezone);
    const contract = contractAt(r.mp, startDate);
    const month = startDate.slice(0, 7);
    const key = `${r.mp}|${month}|${contract?.id ?? ""}`;
    const entry =
      out.get(key) ??
      ({
        meteringPointId: r.mp,
        customerId: point.customerId,
        gsrn: point.gsrn,
        energyKind: point.energyKind,
        address: `${point.street}, ${point.postalCode} ${point.city}`,
        month,
        contractId: contract?.id ?? null,
        wh: 0,
        nightWh: 0,
        spotCents: 0,
        unpricedWh: 0,
        days: 0,
      } satisfies MonthlyEnergy);
    const s = spot.get(`${r.mp}|${b}`);
    entry.wh += Number(r.wh);
    entry.nightWh += night.get(`${r.mp}|${b}`) ?? 0;
    entry.spotCents += s?.cents ?? 0;
    entry.unpricedWh += contract?.priceModel === "Hourly" ? (s?.unpricedWh ?? Number(r.wh)) : 0;
    entry.days += localDayDiff(bounds[b - 1], bounds[b], q.timezone);
    out.set(key, entry);
  }
  return [...out.values()].sort((a, b) => a.meteringPointId.localeCompare(b.meteringPointId) || a.month.localeCompare(b.month) || (a.contractId ?? "").localeCompare(b.contractId ?? ""));
}
