import "server-only";
import { offsetSpans } from "@/lib/energy/time";
import { NIGHT_ENDS_AT, NIGHT_STARTS_AT } from "@/lib/energy/pricing";
import { BinaryCopy, pgArray, type RawTx } from "./bulk";
import { UUID } from "./rollup";

/*
 * The rollups' sums made in memory, for writers that hold the readings anyway (the demo seeder,
 * imports of stretches that had no readings): hours and local days added up as the rows come,
 * written as binary COPY data or added to the daily rows. The SQL that makes the same sums from
 * the table is in rollup.ts.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The rollup's columns, in the order HourAccumulator's rows are written (COPY). */
export const HOURLY_COLUMNS = ["metering_point_id", "hour", "spot_wh", "value_wh", "priced_wh", "series", "intervals", "unpriced"];

/** What one rollup row holds for an hour of a point's series. */
export interface HourSums {
  hour: number;
  /** Σ Wh × spot €/MWh of the intervals that had a price. */
  spotWh: number;
  wh: number;
  /** Σ Wh of the intervals that had a price. */
  priced: number;
  intervals: number;
  unpriced: number;
}

/** Adds one reading to an hour's or a day's sums: its energy, and its spot value or that it had no price. */
function addReading(s: { wh: number; intervals: number; unpriced: number; spotWh: number; priced: number }, wh: number, spot: number | null): void {
  s.wh += wh;
  s.intervals++;
  if (spot === null) s.unpriced++;
  else {
    s.spotWh += wh * spot;
    s.priced += wh;
  }
}

/**
 * Adds up one point's series, given in time order, into hours: the same sums writeHoursSql
 * makes in SQL, for writers that hold the readings in memory anyway (the demo seeder, imports of
 * stretches that had no readings), so they need not read millions of rows back.
 */
export class HourAccumulator {
  private sums: HourSums = { hour: -1, spotWh: 0, wh: 0, priced: 0, intervals: 0, unpriced: 0 };
  constructor(private readonly emit: (sums: HourSums) => void) {}

  /** One reading: its start (ms), Wh and spot price (€/MWh, null when none applies). */
  add(start: number, wh: number, spot: number | null): void {
    const hour = Math.floor(start / HOUR) * HOUR;
    const s = this.sums;
    if (s.hour !== hour) {
      this.end();
      s.hour = hour;
    }
    addReading(s, wh, spot);
  }

  /** Emits the hour in progress, if any. */
  end(): void {
    const s = this.sums;
    if (s.intervals) this.emit({ ...s });
    s.spotWh = s.wh = s.priced = s.intervals = s.unpriced = 0;
    s.hour = -1;
  }
}

/** Rollup rows as binary COPY data of HOURLY_COLUMNS; `pointId` is the uuid's bytes. */
export class HourlyCopy {
  private readonly out: BinaryCopy;
  constructor(capacity: number) {
    this.out = new BinaryCopy(capacity, 8, 16 + 8 + 8 + 4 + 4 + 2 + 2 + 2);
  }
  add(pointId: Uint8Array, series: number, s: HourSums): void {
    this.out.row(8).uuid(pointId).timestamptz(s.hour).float8(s.spotWh).int4(s.wh).int4(s.priced).int2(series).int2(s.intervals).int2(s.unpriced);
  }
  /** See BinaryCopy.take. */
  take(): Uint8Array {
    return this.out.take();
  }
}

/** What one daily rollup row holds for a local day of a point's series. */
export interface DaySums {
  /** The local date as days since 1970-01-01. */
  day: number;
  wh: number;
  /** Σ Wh of the night tariff's local hours. */
  nightWh: number;
  spotWh: number;
  priced: number;
  /** Σ interval lengths (minutes). */
  minutes: number;
  intervals: number;
  unpriced: number;
}

/**
 * Adds up one point's series, given in time order, into local days of a zone: the sums
 * readings_daily_refresh makes in SQL (night hours from pricing.ts), for writers that hold the
 * readings in memory (the demo seeder, imports of new stretches). [fromMs, toMs) must cover the
 * readings: the zone's offsets are looked up once for it.
 */
export class DayAccumulator {
  private readonly spans: { from: number; offsetMs: number }[];
  private span = 0;
  private sums: DaySums = { day: NaN, wh: 0, nightWh: 0, spotWh: 0, priced: 0, minutes: 0, intervals: 0, unpriced: 0 };
  constructor(
    tz: string,
    fromMs: number,
    toMs: number,
    private readonly emit: (sums: DaySums) => void,
  ) {
    this.spans = offsetSpans(fromMs, toMs, tz).map((s) => ({ from: s.from, offsetMs: s.offsetMinutes * 60_000 }));
  }

  /** One reading: its start (ms), Wh, spot price (€/MWh, null when none applies) and length (minutes). */
  add(start: number, wh: number, spot: number | null, minutes: number): void {
    const spans = this.spans;
    let i = this.span;
    if (start < spans[i].from) i = 0;
    while (i + 1 < spans.length && start >= spans[i + 1].from) i++;
    this.span = i;
    const local = start + spans[i].offsetMs;
    const day = Math.floor(local / DAY);
    const s = this.sums;
    if (s.day !== day) {
      this.end();
      s.day = day;
    }
    const hour = Math.floor((local - day * DAY) / HOUR);
    if (hour >= NIGHT_STARTS_AT || hour < NIGHT_ENDS_AT) s.nightWh += wh;
    s.minutes += minutes;
    addReading(s, wh, spot);
  }

  /** Emits the day in progress, if any. */
  end(): void {
    const s = this.sums;
    if (s.intervals) this.emit({ ...s });
    s.wh = s.nightWh = s.spotWh = s.priced = s.minutes = s.intervals = s.unpriced = 0;
    s.day = NaN;
  }
}

/** The daily rollup's columns, in the order DailyCopy writes them. */
export const DAILY_COLUMNS = ["metering_point_id", "series", "day", "value_wh", "night_wh", "spot_wh", "priced_wh", "minutes", "intervals", "unpriced"];

/** Daily rollup rows as binary COPY data of DAILY_COLUMNS; `pointId` is the uuid's bytes. */
export class DailyCopy {
  private readonly out: BinaryCopy;
  constructor(capacity: number) {
    this.out = new BinaryCopy(capacity, 10, 16 + 2 + 4 + 8 + 8 + 8 + 8 + 4 + 4 + 4);
  }
  add(pointId: Uint8Array, series: number, s: DaySums): void {
    this.out.row(10).uuid(pointId).int2(series).date(s.day).int8(s.wh).int8(s.nightWh).float8(s.spotWh).int8(s.priced).int4(s.minutes).int4(s.intervals).int4(s.unpriced);
  }
  get rows(): number {
    return this.out.rows;
  }
  /** See BinaryCopy.take. */
  take(): Uint8Array {
    return this.out.take();
  }
}

/** One point's series' day, for addDaysInTx. */
export interface PointDay {
  pointId: string;
  series: number;
  sums: DaySums;
}

/**
 * Adds the days of readings that were new (a stretch that had none) to the daily rollup: a day
 * that already has a row (older readings of the same local day) gets the sums added, which is
 * what a recomputation gives, since the new readings are exactly what the day gained. One
 * statement, the days as array parameters (a delivery has a few thousand).
 */
export async function addDaysInTx(tx: RawTx, days: PointDay[]): Promise<void> {
  if (!days.length) return;
  for (const d of days) if (!UUID.test(d.pointId)) throw new Error("bad point id");
  const col = (f: (d: PointDay) => string | number) => pgArray(days.map(f));
  await tx.query(
    `insert into interval_readings_daily as d (${DAILY_COLUMNS.join(", ")})
    select * from unnest($1::uuid[], $2::int2[], $3::date[], $4::int8[], $5::int8[], $6::float8[], $7::int8[], $8::int4[], $9::int4[], $10::int4[])
    on conflict (metering_point_id, series, day) do update set
      value_wh = d.value_wh + excluded.value_wh, night_wh = d.night_wh + excluded.night_wh, spot_wh = d.spot_wh + excluded.spot_wh,
      priced_wh = d.priced_wh + excluded.priced_wh, minutes = d.minutes + excluded.minutes, intervals = d.intervals + excluded.intervals,
      unpriced = d.unpriced + excluded.unpriced`,
    [
      col((d) => d.pointId),
      col((d) => d.series),
      col((d) => new Date(d.sums.day * DAY).toISOString().slice(0, 10)),
      col((d) => d.sums.wh),
      col((d) => d.sums.nightWh),
      // Shortest round-trip text of a double: exact.
      col((d) => String(d.sums.spotWh)),
      col((d) => d.sums.priced),
      col((d) => d.sums.minutes),
      col((d) => d.sums.intervals),
      col((d) => d.sums.unpriced),
    ],
  );
}
