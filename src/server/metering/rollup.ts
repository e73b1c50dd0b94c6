import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { getDb, queryRows, type Db } from "@/server/db/client";
import { NIGHT_ENDS_AT, NIGHT_STARTS_AT } from "@/lib/energy/pricing";
import { pgArray, type RawTx } from "./bulk";

const HOUR = 3_600_000;
const ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);
const iso = (ms: number) => new Date(ms).toISOString();
// Our own computed instants, never client text, written into the statement.
const ts = (ms: number) => sql.raw(`timestamptz '${iso(ms)}'`);

/**
 * The spot price (€/MWh) that applies to a reading `r` of point `mp`, as SQL: the quarter-hour
 * price, else the published hourly one; hourly readings take the hour's price from
 * spot_prices_hourly (the published hourly price, else the average of its quarter-hour prices).
 * The same rule prices the raw intervals in expenses.ts. Only the prices of the range (and, given
 * the points, of their bidding zones) are read, so a join by hash holds a year of one zone, not
 * every price ever published. With `hourlyOnly` (all readings are hourly) only the hourly join.
 */
export function spotJoinsSql(fromMs: number, toMs: number, scope: { pointIds?: string[]; hourlyOnly?: boolean } = {}): { joins: SQL; spot: SQL } {
  const from = Math.floor(fromMs / HOUR) * HOUR;
  const to = Math.ceil(toMs / HOUR) * HOUR;
  const zones = scope.pointIds?.length ? sql` and zone in (select distinct bidding_zone from metering_points where id in ${scope.pointIds})` : sql``;
  const hourly = sql`
    left join (select zone, hour, price_eur_mwh from spot_prices_hourly where hour >= ${ts(from)} and hour < ${ts(to)}${zones}) ph
      on ph.zone = mp.bidding_zone and ph.hour = date_bin(interval '1 hour', r.start, ${ORIGIN})`;
  if (scope.hourlyOnly) return { joins: hourly, spot: sql`ph.price_eur_mwh` };
  const prices = (minutes: 15 | 60) =>
    sql`(select zone, start, price_eur_mwh from spot_prices where resolution_minutes = ${sql.raw(String(minutes))}
          and start >= ${ts(from)} and start < ${ts(to)}${zones})`;
  const joins = sql`
    left join ${prices(15)} p15 on p15.zone = mp.bidding_zone and p15.start = date_bin(interval '15 minutes', r.start, ${ORIGIN})
    left join ${prices(60)} p60 on p60.zone = mp.bidding_zone and p60.start = date_bin(interval '1 hour', r.start, ${ORIGIN})
    ${hourly}`;
  const spot = sql`(case when mp.interval_minutes = 60 then ph.price_eur_mwh else coalesce(p15.price_eur_mwh::float8, p60.price_eur_mwh::float8) end)`;
  return { joins, spot };
}

/**
 * Recomputes the hourly prices of a zone (or every zone) in [fromMs, toMs), widened to whole
 * hours, from spot_prices: the published hourly price, else the average of the quarter-hours.
 * Writes only hours whose price changes.
 */
export function refreshHourlyPricesSql(zone: string | null, fromMs: number, toMs: number): SQL {
  const from = Math.floor(fromMs / HOUR) * HOUR;
  const to = Math.ceil(toMs / HOUR) * HOUR;
  return sql`insert into spot_prices_hourly as h (zone, hour, price_eur_mwh)
    select zone, date_bin(interval '1 hour', start, ${ORIGIN}),
      coalesce(max(price_eur_mwh) filter (where resolution_minutes = 60), avg(price_eur_mwh) filter (where resolution_minutes = 15))::float8
    from spot_prices
    where start >= ${ts(from)} and start < ${ts(to)}${zone === null ? sql`` : sql` and zone = ${zone}`}
    group by 1, 2
    on conflict (zone, hour) do update set price_eur_mwh = excluded.price_eur_mwh
      where h.price_eur_mwh is distinct from excluded.price_eur_mwh`;
}

export type RollupScope = { pointIds: string[] } | { zone: string };

/**
 * Writes the hours of readings `r` (each with its point `mp`, as `source` joins them) into the
 * rollup: energy, Σ Wh × spot price and the intervals with and without a price, in key order (a
 * point's hours lie together on disk, so a year's chart reads a few hundred pages, not one per
 * hour), writing only rows whose values change.
 */
function writeHoursSql(source: SQL, where: SQL, fromMs: number, toMs: number, pointIds?: string[]): SQL {
  const { joins, spot } = spotJoinsSql(fromMs, toMs, { pointIds });
  return sql`insert into interval_readings_hourly as h (metering_point_id, hour, spot_wh, value_wh, priced_wh, series, intervals, unpriced)
    select r.metering_point_id, date_bin(interval '1 hour', r.start, ${ORIGIN}) as hour,
      coalesce(sum(r.value_wh * ${spot}), 0)::float8,
      sum(r.value_wh)::int,
      coalesce(sum(r.value_wh) filter (where ${spot} is not null), 0)::int,
      r.series,
      count(*)::smallint,
      (count(*) filter (where ${spot} is null))::smallint
    from ${source}
    ${joins}
    where ${where}
    group by r.metering_point_id, r.series, 2
    order by r.metering_point_id, r.series, 2
    on conflict (metering_point_id, series, hour) do update set
      spot_wh = excluded.spot_wh, value_wh = excluded.value_wh, priced_wh = excluded.priced_wh,
      intervals = excluded.intervals, unpriced = excluded.unpriced
    where (h.spot_wh, h.value_wh, h.priced_wh, h.intervals, h.unpriced)
      is distinct from (excluded.spot_wh, excluded.value_wh, excluded.priced_wh, excluded.intervals, excluded.unpriced)`;
}

/**
 * Recomputes the hourly rollup of the scope's readings in [fromMs, toMs), widened to whole hours.
 * Hourly meters have no rollup rows: their readings already are hours (hourlyFactsSql reads them).
 */
export function refreshHourlySql(scope: RollupScope, fromMs: number, toMs: number): SQL {
  const from = Math.floor(fromMs / HOUR) * HOUR;
  const to = Math.ceil(toMs / HOUR) * HOUR;
  const inScope = "pointIds" in scope ? sql`r.metering_point_id in ${scope.pointIds}` : sql`mp.bidding_zone = ${scope.zone}`;
  return writeHoursSql(
    sql`interval_readings r join metering_points mp on mp.id = r.metering_point_id`,
    sql`${inScope} and mp.interval_minutes < 60 and r.start >= ${iso(from)}::timestamptz and r.start < ${iso(to)}::timestamptz`,
    from,
    to,
    "pointIds" in scope ? scope.pointIds : undefined,
  );
}

/** A stretch of one point's series that a write touched: [fromMs, toMs). */
export interface TouchedSpan {
  pointId: string;
  series: number;
  fromMs: number;
  toMs: number;
}
/** A uuid's text: ids are checked before they go into a statement or an array parameter. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Recomputes the rollup of the touched spans, widened to whole hours, in two statements: the
 * spans' readings (one index range per point and series) into a temporary table, analysed, so
 * that the planner knows how many rows come and joins the prices by hash rather than probing
 * per reading; then the hours from it, writing only rows whose values change (re-importing a
 * file rewrites nothing). The spans travel as four array parameters.
 */
export function refreshSpansSql(spans: TouchedSpan[]): { collect: SQL; write: SQL } {
  for (const s of spans) if (!UUID.test(s.pointId) || !Number.isInteger(s.series)) throw new Error("bad span");
  const ids = pgArray(spans.map((s) => s.pointId));
  const series = pgArray(spans.map((s) => s.series));
  const los = pgArray(spans.map((s) => iso(Math.floor(s.fromMs / HOUR) * HOUR)));
  const his = pgArray(spans.map((s) => iso(Math.ceil(s.toMs / HOUR) * HOUR)));
  const collect = sql`create temp table rollup_source on commit drop as
    select r0.metering_point_id, r0.series, r0.start, r0.value_wh
    from unnest(${ids}::uuid[], ${series}::int2[], ${los}::timestamptz[], ${his}::timestamptz[]) as t(metering_point_id, series, lo, hi)
    join metering_points mp on mp.id = t.metering_point_id and mp.interval_minutes < 60
    cross join lateral (
      select r1.metering_point_id, r1.series, r1.start, r1.value_wh from interval_readings r1
      where r1.metering_point_id = t.metering_point_id and r1.series = t.series and r1.start >= t.lo and r1.start < t.hi
      offset 0
    ) r0`;
  const from = spans.reduce((m, s) => Math.min(m, s.fromMs), Infinity);
  const to = spans.reduce((m, s) => Math.max(m, s.toMs), -Infinity);
  const write = writeHoursSql(sql`rollup_source r join metering_points mp on mp.id = r.metering_point_id`, sql`true`, from, to);
  return { collect, write };
}

const dialect = new PgDialect();

export async function refreshSpansInTx(tx: RawTx, spans: TouchedSpan[]): Promise<void> {
  if (!spans.length) return;
  const { collect, write } = refreshSpansSql(spans);
  const c = dialect.sqlToQuery(collect);
  await tx.query(c.sql, c.params);
  await tx.query("analyze rollup_source");
  const w = dialect.sqlToQuery(write);
  await tx.query(w.sql, w.params);
  await tx.query("drop table rollup_source");
}

/** Runs the hourly price refresh inside a raw transaction (importers). */
export async function refreshHourlyPricesInTx(tx: RawTx, zone: string | null, fromMs: number, toMs: number): Promise<void> {
  const q = dialect.sqlToQuery(refreshHourlyPricesSql(zone, fromMs, toMs));
  await tx.query(q.sql, q.params);
}

/** Runs the refresh inside a raw transaction (importers). */
export async function refreshHourlyInTx(tx: RawTx, scope: RollupScope, fromMs: number, toMs: number): Promise<void> {
  if ("pointIds" in scope && !scope.pointIds.length) return;
  const q = dialect.sqlToQuery(refreshHourlySql(scope, fromMs, toMs));
  await tx.query(q.sql, q.params);
}

/**
 * Recomputes the daily rollup (interval_readings_daily, in each point's site's time zone) of the
 * scope's points for the local days that [fromMs, toMs) touches, from the hourly rollup and the
 * hourly meters' readings: run it after those are written. The rule is the SQL function
 * readings_daily_refresh (migration 0008); night hours are passed from pricing.ts.
 */
export function refreshDailySql(scope: RollupScope, fromMs: number, toMs: number): SQL {
  const ids =
    "pointIds" in scope
      ? sql`${pgArray(
          scope.pointIds.map((id) => {
            if (!UUID.test(id)) throw new Error("bad point id");
            return id;
          }),
        )}::uuid[]`
      : sql`array(select id from metering_points where bidding_zone = ${scope.zone})`;
  return sql`select readings_daily_refresh(${ids}, ${iso(fromMs)}::timestamptz, ${iso(toMs)}::timestamptz,
    ${sql.raw(String(NIGHT_STARTS_AT))}, ${sql.raw(String(NIGHT_ENDS_AT))})`;
}

/** Advisory lock class of the rollups (the second key is a hash of the point or zone). */
const ROLLUP_LOCK = 7_340_001;

/**
 * Serialises the rollup refreshes of writers that share days: a refresh recomputes a day (or an
 * hour) from what its statement sees, so two imports filling different hours of one day at
 * once would each miss the other's and the later one would win. A readings import takes its
 * points' locks (and its zones' in shared mode) before it refreshes; a spot price import takes its
 * zone's. The locks last to the end of the transaction, so the next statement after one is
 * granted sees what the previous holder committed (READ COMMITTED). Points in a fixed order, so
 * that two importers never wait on each other in a circle.
 */
export async function lockRollupsInTx(tx: RawTx, scope: { pointIds: string[]; zones: string[] } | { zone: string }): Promise<void> {
  if ("zone" in scope) {
    await tx.query("select pg_advisory_xact_lock($1::int4, hashtext($2::text))", [ROLLUP_LOCK, `zone:${scope.zone}`]);
    return;
  }
  for (const zone of [...new Set(scope.zones)].sort()) await tx.query("select pg_advisory_xact_lock_shared($1::int4, hashtext($2::text))", [ROLLUP_LOCK, `zone:${zone}`]);
  if (!scope.pointIds.length) return;
  await tx.query("select count(pg_advisory_xact_lock($1::int4, hashtext(id::text))) from (select unnest($2::uuid[]) as id order by 1) ids", [
    ROLLUP_LOCK,
    pgArray([...new Set(scope.pointIds)].sort()),
  ]);
}

/** Runs the daily refresh inside a raw transaction (importers). */
export async function refreshDailyInTx(tx: RawTx, scope: RollupScope, fromMs: number, toMs: number): Promise<void> {
  if ("pointIds" in scope && !scope.pointIds.length) return;
  const q = dialect.sqlToQuery(refreshDailySql(scope, fromMs, toMs));
  await tx.query(q.sql, q.params);
}

/** Refreshes the daily rollup of the days the spans touch from the table: one call per distinct stretch (a daily delivery is one, for every point). */
export async function refreshDailySpansInTx(tx: RawTx, spans: TouchedSpan[]): Promise<void> {
  const stretches = new Map<string, { fromMs: number; toMs: number; pointIds: Set<string> }>();
  for (const s of spans) {
    const key = `${s.fromMs}-${s.toMs}`;
    const stretch = stretches.get(key) ?? { fromMs: s.fromMs, toMs: s.toMs, pointIds: new Set<string>() };
    stretch.pointIds.add(s.pointId);
    stretches.set(key, stretch);
  }
  for (const st of stretches.values()) await refreshDailyInTx(tx, { pointIds: [...st.pointIds] }, st.fromMs, st.toMs);
}

/** Runs the daily refresh on the app's connection (demo seeder, tests, maintenance). */
export async function refreshDaily(scope: RollupScope, fromMs: number, toMs: number, db?: Db): Promise<void> {
  if ("pointIds" in scope && !scope.pointIds.length) return;
  const d = db ?? (await getDb());
  await queryRows(d, refreshDailySql(scope, fromMs, toMs));
}

/** Runs the hourly price refresh on the app's connection (demo seeder, tests, maintenance). */
export async function refreshHourlyPrices(zone: string | null, fromMs: number, toMs: number, db?: Db): Promise<void> {
  const d = db ?? (await getDb());
  await queryRows(d, refreshHourlyPricesSql(zone, fromMs, toMs));
}

/** Runs the refresh on the app's connection (tests, maintenance). */
export async function refreshHourly(scope: RollupScope, fromMs: number, toMs: number, db?: Db): Promise<void> {
  if ("pointIds" in scope && !scope.pointIds.length) return;
  const d = db ?? (await getDb());
  await queryRows(d, refreshHourlySql(scope, fromMs, toMs));
}
