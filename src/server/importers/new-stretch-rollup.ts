import "server-only";
import { pgArray, type RawTx } from "@/server/metering/bulk";
import { refreshDailySpansInTx, refreshSpansInTx, type TouchedSpan } from "@/server/metering/rollup";
import { addDaysInTx, DayAccumulator, HourAccumulator, HOURLY_COLUMNS, HourlyCopy, type PointDay } from "@/server/metering/rollup-sums";
import type { CheckedReadings } from "./reading-checks";
import { toSpan, type Stretch } from "./reading-stretches";

const HOUR = 3_600_000;
const QUARTER = 900_000;

/**
 * The rollups of stretches that had no readings before this import, from the rows in memory.
 * Hourly: the hours wholly inside a stretch are summed here, priced by the same rule as
 * spotJoinsSql (the quarter-hour price, else the hourly one), and copied in; the partial hours at
 * a stretch's ends, which may hold older readings, are refreshed from the table. Daily: every
 * new reading is summed into its local day and added to the day's row (DayAccumulator,
 * addDaysInTx). Hourly meters have no hourly rollup; their days are refreshed from the table.
 * Rows are fed in key order, a slice at a time, while the COPY of the readings runs.
 */
export class NewStretchRollup {
  /** Whole hours inside each fine stretch, by `pointId:series`; a stretch shorter than an hour has none. */
  private readonly inner = new Map<string, { from: number; to: number } | null>();
  private readonly edges: TouchedSpan[] = [];
  /** Hourly meters' stretches: their days are refreshed from the table. */
  private readonly rest: TouchedSpan[] = [];
  private readonly spans: TouchedSpan[];
  readonly zones = new Set<string>();
  readonly lo: number = Infinity;
  readonly hi: number = -Infinity;
  private prices = new Map<string, { quarter: Map<number, number>; hour: Map<number, number> }>();
  private readonly hoursOut: HourlyCopy;
  private readonly daysOut: PointDay[] = [];
  private readonly hours: HourAccumulator;
  private readonly days: DayAccumulator | undefined;
  // The stretch being summed, and the last row fed (rows must come in key order).
  private key = -1;
  private lastStart = -Infinity;
  private point = 0;
  private series = 0;
  private pointId = "";
  private minutes = 0;
  private fine = false;
  private span: { from: number; to: number } | null = null;
  private zone: { quarter: Map<number, number>; hour: Map<number, number> } | undefined;
  /** Whether rows came out of key order (then the sums are void: see ordered). */
  private unordered = false;

  constructor(
    private readonly reach: Stretch[],
    private readonly ids: Uint8Array[],
    rows: number,
    private readonly tz: string,
  ) {
    this.spans = reach.map(toSpan);
    for (const s of reach) {
      const a = s.fromMs;
      const b = s.toMs;
      const key = `${s.facts.id}:${s.series}`;
      if (s.facts.intervalMinutes >= 60) {
        this.rest.push({ pointId: s.facts.id, series: s.series, fromMs: a, toMs: b });
        continue;
      }
      this.zones.add(s.facts.biddingZone);
      this.lo = Math.min(this.lo, a);
      this.hi = Math.max(this.hi, b);
      const from = Math.ceil(a / HOUR) * HOUR;
      const to = Math.floor(b / HOUR) * HOUR;
      const edge = (x: number, y: number) => this.edges.push({ pointId: s.facts.id, series: s.series, fromMs: x, toMs: y });
      if (from >= to) {
        edge(a, b);
        this.inner.set(key, null);
        continue;
      }
      if (a < from) edge(a, from);
      if (b > to) edge(to, b);
      this.inner.set(key, { from, to });
    }
    for (const z of this.zones) this.prices.set(z, { quarter: new Map(), hour: new Map() });
    this.hoursOut = new HourlyCopy(Math.ceil(rows / 3) + 16);
    this.hours = new HourAccumulator((sums) => this.hoursOut.add(this.ids[this.point], this.series, sums));
    if (this.zones.size) this.days = new DayAccumulator(tz, this.lo, this.hi, (sums) => this.daysOut.push({ pointId: this.pointId, series: this.series, sums }));
  }

  /** Reads the spot prices of the fine stretches' zones and time. */
  async loadPrices(tx: RawTx): Promise<void> {
    if (!this.zones.size) return;
    const rows = await tx.query<{ zone: string; resolution_minutes: number; ms: number; price: number }>(
      `select zone, resolution_minutes, (extract(epoch from start) * 1000)::float8 as ms, price_eur_mwh::float8 as price
       from spot_prices where zone = any($1::text[]) and start >= $2::timestamptz and start < $3::timestamptz`,
      [pgArray(this.zones), new Date(Math.floor(this.lo / HOUR) * HOUR).toISOString(), new Date(this.hi).toISOString()],
    );
    for (const r of rows) {
      const p = this.prices.get(r.zone)!;
      (Number(r.resolution_minutes) === 15 ? p.quarter : p.hour).set(Number(r.ms), Number(r.price));
    }
  }

  /** Sums checked rows in the given order, which continues the rows fed before. */
  feed(c: CheckedReadings, order: Int32Array): void {
    if (this.unordered) return;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      const rowKey = c.point[i] * 4 + c.series[i];
      const start = c.seconds[i] * 1000;
      if (rowKey !== this.key) {
        if (rowKey < this.key) {
          this.unordered = true;
          return;
        }
        this.hours.end();
        this.days?.end();
        this.key = rowKey;
        this.point = c.point[i];
        this.series = c.series[i];
        this.pointId = c.pointIds[this.point];
        const facts = c.points[this.point];
        const span = this.inner.get(`${this.pointId}:${this.series}`);
        this.fine = span !== undefined;
        this.span = span ?? null;
        this.minutes = facts.intervalMinutes;
        if (this.fine) this.zone = this.prices.get(facts.biddingZone)!;
      } else if (start <= this.lastStart) {
        this.unordered = true;
        return;
      }
      this.lastStart = start;
      if (!this.fine) continue;
      const zone = this.zone!;
      const spot = zone.quarter.get(Math.floor(start / QUARTER) * QUARTER) ?? zone.hour.get(Math.floor(start / HOUR) * HOUR) ?? null;
      this.days!.add(start, c.wh[i], spot, this.minutes);
      if (this.span && start >= this.span.from && start < this.span.to) this.hours.add(start, c.wh[i], spot);
    }
  }

  /** False when rows came out of key order: then sum them again with restart. */
  get ordered(): boolean {
    return !this.unordered;
  }

  /** A new sum over the same stretches and prices, to be fed all `rows` again in key order. */
  restart(rows: number): NewStretchRollup {
    const again = new NewStretchRollup(this.reach, this.ids, rows, this.tz);
    again.prices = this.prices;
    return again;
  }

  /**
   * Writes the sums. Should a rollup row exist where no reading was, the hourly refresh runs
   * from the table instead. Then refreshes from the table the days of what was not summed.
   */
  async write(tx: RawTx): Promise<void> {
    this.hours.end();
    this.days?.end();
    let daysFromTable = this.rest;
    if (this.inner.size && !(await copyOrConflict(tx, "interval_readings_hourly", HOURLY_COLUMNS, this.hoursOut.take()))) {
      await refreshSpansInTx(tx, this.spans);
      daysFromTable = this.spans;
    } else {
      await refreshSpansInTx(tx, this.edges);
      await addDaysInTx(tx, this.daysOut);
    }
    await refreshDailySpansInTx(tx, daysFromTable);
  }
}

/** Copies rows into a table under a savepoint: false, with nothing written, if a row of them is already there. */
async function copyOrConflict(tx: RawTx, table: string, columns: string[], data: Uint8Array): Promise<boolean> {
  try {
    await tx.savepoint((sp) => sp.copyIn(table, columns, data));
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
    return false;
  }
}
