import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { NIGHT_ENDS_AT, NIGHT_STARTS_AT } from "@/lib/energy/pricing";
import { bucketSql, offsetMinutesSql, queryBuckets, wallClockSql, type BucketSql } from "./buckets";
import { spotJoinsSql } from "./rollup";
import { canUseDaily, canUseRollup, groupedInParts, hourlyFactsSql } from "./rollup-reads";
import { localDateString } from "@/lib/energy/time";
import type { RangeInput } from "./readings";

export interface ExpenseBucket {
  at: number;
  wh: number;
  /** Fractional cents, VAT included; rounded where shown. */
  energyCents: number;
  feeCents: number;
  /** Intervals without a price (no contract, or a spot contract without a published price). */
  unpriced: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether a local time (timestamp without zone) falls in the night tariff's hours. */
function nightSql(localTime: SQL): SQL {
  return sql`(date_part('hour', ${localTime}) >= ${sql.raw(String(NIGHT_STARTS_AT))} or date_part('hour', ${localTime}) < ${sql.raw(String(NIGHT_ENDS_AT))})`;
}

/** The unit price (c/kWh, VAT 0) of a fixed contract `c`, given whether it is night: day/night or flat, plus margin. */
function fixedUnitSql(night: SQL): SQL {
  return sql`((case when c.day_c_kwh is not null and c.night_c_kwh is not null
              then (case when ${night} then c.night_c_kwh else c.day_c_kwh end)
              else coalesce(c.fixed_c_kwh, 0) end)::float8 + c.margin_c_kwh::float8)`;
}

/** The share of the contract's monthly fee an amount of measured minutes carries in the local month of `localTime` (cents, VAT 0). */
function feeSql(minutes: SQL, localTime: SQL): SQL {
  return sql`(c.monthly_fee_cents::float8 * ${minutes}
    / (extract(day from date_trunc('month', ${localTime}) + interval '1 month' - interval '1 day')::float8 * 1440))`;
}

/**
 * Cost of consumption (or, in revenue mode, the spot value of production) per bucket, in SQL,
 * exactly as `computeExpense` in src/lib/energy/pricing.ts does it (tests hold them together):
 * unit price = spot (or fixed, or day/night) + margin, times (1 + VAT); the monthly fee accrues
 * evenly over the minutes of each local month, per measured interval. Day and month buckets over
 * whole local days read the daily rollup, other hour, day and month buckets the hourly one, finer
 * ones the intervals (`options.rollup: "hourly"` skips the daily rollup: tests compare the two).
 * A day or month range from a local midnight to a moment within a later day (this month so far)
 * is two: its whole days from the daily rollup, the last day's part from the intervals.
 */
export async function aggregateExpenses(
  points: { id: string; intervalMinutes: number }[],
  range: RangeInput,
  vatBasisPoints: number,
  db?: Db,
  mode: "cost" | "revenue" = "cost",
  options: { rollup?: "auto" | "hourly" } = {},
): Promise<ExpenseBucket[]> {
  if (!points.length) return [];
  const d = db ?? (await getDb());
  // Priced row by row, so the parts of a split range add up to the whole (to float rounding).
  const { grouped, bucket } = groupedInParts(range, options, COLUMNS, (part) => expenseBucketsSql(points, { ...range, ...part }, vatBasisPoints, mode, options));
  const { at, cols } = await queryBuckets(d, grouped, COLUMNS, bucket);
  const [wh, energy, fee, unpriced] = cols;
  return at.map((ms, i) => ({ at: ms, wh: wh[i], energyCents: energy[i], feeCents: fee[i], unpriced: unpriced[i] }));
}

const COLUMNS = ["wh", "energy", "fee", "unpriced"];

function expenseBucketsSql(
  points: { id: string; intervalMinutes: number }[],
  range: RangeInput,
  vatBasisPoints: number,
  mode: "cost" | "revenue",
  options: { rollup?: "auto" | "hourly" },
): { grouped: SQL; bucket: BucketSql } {
  const ids = points.map((p) => p.id);
  // Production is sold at the spot price, without VAT (private sellers are not VAT registered) and fees.
  const revenue = mode === "revenue";
  const vat = sql.raw(String(revenue ? 1 : 1 + vatBasisPoints / 10_000));
  const series = revenue ? 2 : 1;
  const daily = options.rollup !== "hourly" && canUseDaily(range.resolution, range.fromMs, range.toMs, range.tz);
  const hourly = canUseRollup(range.resolution, range.fromMs, range.toMs, range.tz);
  const column = sql.raw(hourly ? "r.hour" : "r.start");
  const bucket = bucketSql(column, range.resolution, range.fromMs, range.toMs, range.tz);
  // Only the points' contracts (by index), not every contract of the supplier hashed per query.
  const contracts = sql`(select * from energy_contracts where metering_point_id in ${ids})`;

  let grouped: SQL;
  if (daily) {
    // Whole local days: the daily rollup already holds each day's sums per point, split into the
    // night tariff's hours and the rest, so each row is priced as it stands by the contract valid
    // on its day (the same formula as below, on 365 rows a year instead of 8,760).
    const energy = revenue
      ? sql`g.spot_wh / 10000.0`
      : sql`case
          when c.price_model = 'Hourly' then (g.spot_wh / 10.0 + g.priced_wh * c.margin_c_kwh::float8) / 1000.0
          when c.price_model = 'Fixed' then ((g.value_wh - g.night_wh) * ${fixedUnitSql(sql`false`)} + g.night_wh * ${fixedUnitSql(sql`true`)}) / 1000.0
        end`;
    const unpriced = revenue ? sql`g.unpriced` : sql`case when c.id is null then g.intervals when c.price_model = 'Hourly' then g.unpriced else 0 end`;
    const fee = revenue ? sql`0::float8` : sql`coalesce(sum(${feeSql(sql`g.minutes`, sql`g.day::timestamp`)} * ${vat}), 0)::float8`;
    grouped = sql`select (g.day::timestamp at time zone 'UTC') as b,
        sum(g.value_wh)::float8 as wh,
        coalesce(sum((${energy}) * ${vat}), 0)::float8 as energy,
        ${fee} as fee,
        sum(${unpriced})::float8 as unpriced
      from interval_readings_daily g
      left join ${contracts} c on c.metering_point_id = g.metering_point_id
        and c.valid_from <= g.day and (c.valid_to is null or c.valid_to >= g.day)
      where g.metering_point_id in ${ids} and g.series = ${series}
        and g.day >= ${localDateString(range.fromMs, range.tz)}::date and g.day < ${localDateString(range.toMs, range.tz)}::date
      group by 1`;
  } else if (hourly) {
    // Two steps: the hourly facts are first summed per bucket, point, local date and day/night,
    // then each of those few sums is priced by the contract valid on its local date. The price is
    // linear in the sums, so this is the per-row formula (the same numbers to float rounding)
    // with the per-row work done once. The rollup is read only in zones with whole-hour offsets
    // (canUseRollup), so each row's local hour is plain arithmetic: hours since the epoch on the
    // wall clock (hi), its day (hi / 24) and hour of day, with no calendar function per row.
    // r.spot_wh = Σ Wh × €/MWh of priced intervals; / 10 / 1000 gives cents.
    const energy = revenue
      ? sql`g.spot_wh / 10000.0`
      : sql`case
          when c.price_model = 'Hourly' then (g.spot_wh / 10.0 + g.priced_wh * c.margin_c_kwh::float8) / 1000.0
          when c.price_model = 'Fixed' then g.wh / 1000.0 * ${fixedUnitSql(sql`g.night`)}
        end`;
    const unpriced = revenue ? sql`g.unpriced` : sql`case when c.id is null then g.intervals when c.price_model = 'Hourly' then g.unpriced else 0 end`;
    const fee = revenue ? sql`0::float8` : sql`coalesce(sum(${feeSql(sql`g.minutes`, sql`g.d::timestamp`)} * ${vat}), 0)::float8`;
    const offsetHours = sql`((${offsetMinutesSql(sql.raw("r0.hour"), range.fromMs, range.toMs, range.tz)}) / 60)`;
    const hod = sql`(r.hi - r.day * 24)`;
    // Hour buckets are the rollup's own hours; day and month buckets start at a local midnight,
    // given (as bucketSql's) as that wall-clock time read as UTC.
    const b = range.resolution === "60" ? sql`s.hour` : sql`to_timestamp((s.day * 86400)::float8)`;
    grouped = sql`select g.b,
        sum(g.wh)::float8 as wh,
        coalesce(sum((${energy}) * ${vat}), 0)::float8 as energy,
        ${fee} as fee,
        sum(${unpriced})::float8 as unpriced
      from (
        select ${b} as b, s.metering_point_id, s.night, date '1970-01-01' + s.day::int as d,
          s.wh::float8 as wh, s.spot_wh::float8 as spot_wh, s.priced_wh::float8 as priced_wh,
          s.minutes::float8 as minutes, s.intervals::float8 as intervals, s.unpriced::float8 as unpriced
        from (
          select ${range.resolution === "60" ? sql`r.hour` : sql`null::timestamptz`} as hour, r.day, r.metering_point_id,
            (${hod} >= ${sql.raw(String(NIGHT_STARTS_AT))} or ${hod} < ${sql.raw(String(NIGHT_ENDS_AT))}) as night,
            sum(r.value_wh) as wh, sum(r.spot_wh) as spot_wh, sum(r.priced_wh) as priced_wh,
            sum(r.intervals * r.interval_minutes) as minutes, sum(r.intervals) as intervals, sum(r.unpriced) as unpriced
          from (
            select h.*, floor(h.hi::float8 / 24)::int8 as day
            from (
              select r0.*, (floor(date_part('epoch', r0.hour) / 3600)::int8 + ${offsetHours}) as hi
              from (${hourlyFactsSql(points, [series], range.fromMs, range.toMs, true)}) r0
            ) h
            offset 0
          ) r
          group by 1, 2, 3, 4
        ) s
      ) g
      left join ${contracts} c on c.metering_point_id = g.metering_point_id
        and c.valid_from <= g.d and (c.valid_to is null or c.valid_to >= g.d)
      group by 1`;
  } else {
    const wall = wallClockSql(sql.raw("r0.start"), range.fromMs, range.toMs, range.tz);
    const { joins, spot } = spotJoinsSql(range.fromMs, range.toMs, { pointIds: ids });
    const unit = revenue
      ? sql`(${spot} / 10.0)`
      : sql`(case when c.price_model = 'Hourly' then ${spot} / 10.0 + c.margin_c_kwh::float8 when c.price_model = 'Fixed' then ${fixedUnitSql(nightSql(sql`r.lt`))} end)`;
    const fee = revenue ? sql`0::float8` : sql`coalesce(sum(${feeSql(sql`r.interval_minutes`, sql`r.lt`)} * ${vat}), 0)::float8`;
    grouped = sql`select ${bucket.inner} as b,
        sum(r.value_wh)::float8 as wh,
        coalesce(sum(r.value_wh / 1000.0 * ${unit} * ${vat}), 0)::float8 as energy,
        ${fee} as fee,
        sum(case when ${unit} is null then 1 else 0 end)::float8 as unpriced
      from (
        select r0.metering_point_id, r0.start, r0.value_wh, mp.interval_minutes, mp.bidding_zone, (${wall} at time zone 'UTC') as lt
        from interval_readings r0
        join metering_points mp on mp.id = r0.metering_point_id
        where r0.metering_point_id in ${ids} and r0.series = ${series}
          and r0.start >= ${iso(range.fromMs)}::timestamptz and r0.start < ${iso(range.toMs)}::timestamptz
      ) r
      join metering_points mp on mp.id = r.metering_point_id
      left join ${contracts} c on c.metering_point_id = r.metering_point_id
        and c.valid_from <= r.lt::date and (c.valid_to is null or c.valid_to >= r.lt::date)
      ${joins}
      group by 1`;
  }
  return { grouped, bucket };
}
