import "server-only";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "@/server/db/client";
import { energyContracts, meteringPoints } from "@/server/db/schema";
import { BinaryCopy, CopyText, uuidBytes, withRawTransaction } from "@/server/metering/bulk";
import { refreshDailyInTx, refreshHourlyInTx, refreshHourlyPrices } from "@/server/metering/rollup";
import { DAILY_COLUMNS, DailyCopy, DayAccumulator, HourAccumulator, HOURLY_COLUMNS, HourlyCopy } from "@/server/metering/rollup-sums";
import { DAY_MS, addLocalDays, startOfLocalDay, startOfLocalMonth } from "@/lib/energy/time";
import type { Seeder } from "./seeder";
import type { DemoPlan } from "./plan";
import { buildTimeline, type Timeline } from "./energy/timeline";
import { HourlyWeather, calibrate, loadSeries, solarSeries } from "./energy/loads";
import { spotPrices } from "./energy/prices";
import { WEATHER_AREAS } from "./energy/weather";
import { planDemoPoints, type DemoPoint } from "./energy/points-plan";
import { hash01, keyOf } from "./energy/noise";

/**
 * Months of history before the current month. Thirteen for the demo (a year to compare with,
 * plus the month before it); test databases take one unless DEMO_HISTORY_MONTHS says otherwise,
 * since every test file seeds its own database.
 */
export function demoHistoryMonths(): number {
  const configured = Number(process.env.DEMO_HISTORY_MONTHS);
  if (Number.isInteger(configured) && configured >= 0 && configured <= 36) return configured;
  return process.env.VITEST ? 1 : 13;
}

/** The window a site's demo readings cover: from the start of a local month to the last whole interval before now. */
export function demoWindow(tz: string, now = Date.now()) {
  const from = startOfLocalMonth(now, tz, -demoHistoryMonths());
  // Day-ahead prices are known through tomorrow.
  const pricesTo = addLocalDays(startOfLocalDay(now, tz), 2, tz);
  return { from, to: now, pricesTo };
}

const FLUSH_ROWS = 400_000;

async function copyRows(table: string, columns: string[], text: string) {
  await withRawTransaction((tx) => tx.copyIn(table, columns, text));
}
const READING_COLUMNS = ["metering_point_id", "start", "value_wh", "series", "quality"];

const QUARTER = 900_000;

/** Spot prices a seeding run generated, per zone: quarter-hours from `first` on. */
type PriceSeries = { first: number; prices: Float64Array };

function spotAt(p: PriceSeries | undefined, start: number, minutes: number): number | null {
  if (!p) return null;
  const quarter = (ms: number) => {
    const i = (Math.floor(ms / QUARTER) * QUARTER - p.first) / QUARTER;
    return i >= 0 && i < p.prices.length ? p.prices[i] : null;
  };
  if (minutes !== 60) return quarter(start);
  let sum = 0;
  for (let q = 0; q < 4; q++) {
    const v = quarter(start + q * QUARTER);
    if (v === null) return null;
    sum += v;
  }
  return sum / 4;
}

/**
 * Binary COPY rows of one point's readings, and of its hourly and daily rollups computed on the
 * way (the same sums refreshHourly() and refreshDaily() make in SQL, so the seeder skips passes
 * over millions of rows).
 */
function readingRows(point: DemoPoint, t: Timeline, weather: HourlyWeather, toMs: number, prices: PriceSeries | undefined, out: BinaryCopy, hourly: HourlyCopy, daily: DailyCopy, tz: string) {
  const area = WEATHER_AREAS[point.biddingZone];
  const load = loadSeries(point.load, t, weather, calibrate(point.load, area));
  const pv = point.hasProduction ? solarSeries(point.load.solarKwp, point.load.key, t, weather) : null;
  const id = uuidBytes(point.id);
  const whPerKw = (t.minutes / 60) * 1000;
  const qualityKey = keyOf(`${point.gsrn}:quality`);
  const series = pv ? [1, 2] : [1];
  // Hourly meters have no rollup rows (their readings are hours already).
  const rollup = point.intervalMinutes < 60;
  const hours = series.map((s) => new HourAccumulator((h) => rollup && hourly.add(id, s, h)));
  // Every meter has days (an hourly meter's readings are priced by the hour's price, as spotAt gives it).
  const days = series.map((s) => new DayAccumulator(tz, t.length ? t.starts[0] : toMs, toMs, (d) => daily.add(id, s, d)));
  for (let i = 0; i < t.length; i++) {
    const start = t.starts[i];
    if (start + t.minutes * 60_000 > toMs) break;
    const produced = pv ? pv[i] : 0;
    const values = [Math.round(Math.max(0, load[i] - produced) * whPerKw), Math.round(Math.max(0, produced - load[i]) * whPerKw)];
    const quality = hash01(qualityKey, i) < 0.004 ? 1 : 0;
    const spot = spotAt(prices, start, t.minutes);
    for (let k = 0; k < series.length; k++) {
      out.row(5).uuid(id).timestamptz(start).int4(values[k]).int2(series[k]).int2(quality);
      hours[k].add(start, values[k], spot);
      // Minutes by the point's interval, as the SQL rollups count them (readings carry no interval of their own).
      days[k].add(start, values[k], spot, point.intervalMinutes);
    }
  }
  for (const h of hours) h.end();
  for (const d of days) d.end();
}

type Db = Parameters<Seeder["run"]>[0]["db"];

/** Inserts a site's metering points and contracts; returns the points to load readings for (none if the site has them already). */
async function seedPoints(db: Db, plan: DemoPlan): Promise<DemoPoint[]> {
  const { site } = plan;
  const existing = await db.select({ id: meteringPoints.id }).from(meteringPoints).where(eq(meteringPoints.siteId, site.id)).limit(1);
  if (existing.length) return [];
  const points = planDemoPoints(plan);
  if (!points.length) return [];
  await db.insert(meteringPoints).values(
    points.map((p) => ({
      id: p.id,
      siteId: site.id,
      customerId: p.customerId,
      gsrn: p.gsrn,
      energyKind: p.energyKind,
      usagePointKind: p.usagePointKind,
      street: p.street,
      postalCode: p.postalCode,
      city: p.city,
      locationId: p.locationId,
      locationName: p.locationName,
      meterNumber: p.meterNumber,
      eicCode: p.eicCode,
      biddingZone: p.biddingZone,
      weatherArea: p.weatherArea,
      intervalMinutes: p.intervalMinutes,
      hasProduction: p.hasProduction,
    })),
  );
  await db.insert(energyContracts).values(
    points.flatMap((p) =>
      p.contracts.map((c) => ({
        siteId: site.id,
        customerId: p.customerId,
        meteringPointId: p.id,
        productName: c.productName,
        priceModel: c.priceModel,
        marginCentsPerKwh: String(c.marginCentsPerKwh),
        fixedCentsPerKwh: c.fixedCentsPerKwh === null ? null : String(c.fixedCentsPerKwh),
        dayCentsPerKwh: c.dayCentsPerKwh === null ? null : String(c.dayCentsPerKwh),
        nightCentsPerKwh: c.nightCentsPerKwh === null ? null : String(c.nightCentsPerKwh),
        monthlyFeeCents: c.monthlyFeeCents,
        validFrom: c.validFrom,
        validTo: c.validTo,
      })),
    ),
  );
  return points;
}

/**
 * Loads the readings of all new demo points in one transaction. Into an empty table it loads the
 * way PostgreSQL's "Populating a Database" advises: the primary keys are dropped first and built
 * once at the end (about four times faster than maintaining them row by row).
 */
async function seedReadings(sites: { plan: DemoPlan; points: DemoPoint[] }[], now: number, prices: Map<string, PriceSeries>, log: (m: string) => void) {
  if (!sites.some((s) => s.points.length)) return;
  await withRawTransaction(async (tx) => {
    const [{ empty }] = await tx.query<{ empty: boolean }>("select not exists (select 1 from interval_readings) and not exists (select 1 from interval_readings_hourly) as empty");
    if (empty) {
      for (const table of ["interval_readings", "interval_readings_hourly"]) await tx.query(`alter table ${table} drop constraint ${table}_pk`);
    }
    const buffer = new BinaryCopy(FLUSH_ROWS + 120_000, 5, 16 + 8 + 4 + 2 + 2);
    const hourly = new HourlyCopy(FLUSH_ROWS / 3);
    const daily = new DailyCopy(FLUSH_ROWS / 90);
    const flush = async () => {
      await tx.copyIn("interval_readings", READING_COLUMNS, buffer.take());
      await tx.copyIn("interval_readings_hourly", HOURLY_COLUMNS, hourly.take());
      if (daily.rows) await tx.copyIn("interval_readings_daily", DAILY_COLUMNS, daily.take());
    };
    const refreshLater: { ids: string[]; from: number; to: number }[] = [];
    const started = Date.now();
    for (const { plan, points } of sites) {
      if (!points.length) continue;
      const tz = plan.site.timezone;
      const { from, to } = demoWindow(tz, now);
      const weather = new HourlyWeather(WEATHER_AREAS[plan.site.country], Math.floor(from / DAY_MS) - 1, Math.floor(to / DAY_MS) + 3);
      const timelines = new Map<number, Timeline>();
      let rows = 0;
      for (const p of points) {
        const before = buffer.rows;
        // A point's readings are all of its interval (the importer refuses others, and the
        // rollups count a reading's minutes by it): 5-minute meters have 5-minute history.
        let t = timelines.get(p.intervalMinutes);
        if (!t) timelines.set(p.intervalMinutes, (t = buildTimeline(from, to, p.intervalMinutes, tz)));
        readingRows(p, t, weather, to, prices.get(p.biddingZone), buffer, hourly, daily, tz);
        rows += buffer.rows - before;
        if (buffer.rows >= FLUSH_ROWS) await flush();
      }
      log(`    ${plan.site.id}: ${points.length} metering points, ${rows} readings (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      // Prices that were in the database before this run: let SQL price the rollup.
      if (!prices.has(plan.site.country)) refreshLater.push({ ids: points.map((p) => p.id), from, to });
    }
    await flush();
    log(`    readings and hourly rollup copied (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (empty) {
      await tx.query("alter table interval_readings add constraint interval_readings_pk primary key (metering_point_id, series, start)");
      await tx.query("alter table interval_readings_hourly add constraint interval_readings_hourly_pk primary key (metering_point_id, series, hour)");
    }
    log(`    keys built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const r of refreshLater) {
      await refreshHourlyInTx(tx, { pointIds: r.ids }, r.from, r.to);
      await refreshDailyInTx(tx, { pointIds: r.ids }, r.from, r.to);
    }
  });
}

async function seedMarket(db: Db, plans: DemoPlan[], now: number, log: (m: string) => void): Promise<Map<string, PriceSeries>> {
  const generated = new Map<string, PriceSeries>();
  for (const plan of plans) {
    const { site } = plan;
    const zone = site.country;
    const area = WEATHER_AREAS[zone];
    const { from, to, pricesTo } = demoWindow(site.timezone, now);
    const [has] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from spot_prices where zone = ${zone}`);
    if (Number(has.n) === 0) {
      const t = buildTimeline(from, pricesTo, 15, site.timezone);
      const prices = spotPrices(zone, t);
      const texts = t.text();
      const out = new CopyText();
      for (let i = 0; i < t.length; i++) out.add(`${zone}\t15\t${texts[i]}\t${prices[i].toFixed(2)}`);
      await copyRows("spot_prices", ["zone", "resolution_minutes", "start", "price_eur_mwh"], out.take());
      await refreshHourlyPrices(zone, from, pricesTo, db);
      generated.set(zone, { first: t.starts[0], prices });
      log(`    ${zone}: ${t.length} spot prices`);
    }
    const [hasT] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from temperatures where area = ${area.id}`);
    if (Number(hasT.n) === 0) {
      const t = buildTimeline(from, to, 60, site.timezone);
      const weather = new HourlyWeather(area, Math.floor(from / DAY_MS) - 1, Math.floor(to / DAY_MS) + 2);
      const texts = t.text();
      const out = new CopyText();
      for (let i = 0; i < t.length; i++) out.add(`${area.id}\t${texts[i]}\t${Math.round(weather.temperature(t.day[i], t.hour[i]) * 10)}`);
      await copyRows("temperatures", ["area", "start", "tenths_c"], out.take());
    }
  }
  return generated;
}

export const meteringSeeder: Seeder = {
  name: "metering points, readings, spot prices and temperatures",
  async run({ db, plans, log }) {
    const now = Date.now();
    const prices = await seedMarket(db, plans, now, log);
    const sites = [];
    for (const plan of plans) sites.push({ plan, points: await seedPoints(db, plan) });
    await seedReadings(sites, now, prices, log);
    // Fresh statistics, so the planner sees the big table's real size at once.
    await db.execute(sql`analyze interval_readings`);
    await db.execute(sql`analyze interval_readings_hourly`);
    await db.execute(sql`analyze interval_readings_daily`);
    await db.execute(sql`analyze spot_prices`);
    await db.execute(sql`analyze spot_prices_hourly`);
  },
};
