import "server-only";
import { BinaryCopy, pgArray, type RawTx } from "@/server/metering/bulk";
import type { TouchedSpan } from "@/server/metering/rollup";
import type { NewStretchRollup } from "./new-stretch-rollup";
import type { CheckedReadings, ReadingChecker } from "./reading-checks";
import { sameStretches, stretchesOf, type Stretch } from "./reading-stretches";
import type { ReadingSource } from "./readings";
import { ImportError } from "./types";

export const READING_COLUMNS = ["metering_point_id", "start", "value_wh", "series", "quality"];

/** Rows checked and copied per piece of the COPY stream. */
export const SLICE = 16_384;

/** The order of checked rows [from, to) by point, series and start (the primary key's): files usually come so, then no sort. */
export function keyOrder(c: CheckedReadings, from = 0, to = c.count): Int32Array {
  const order = new Int32Array(to - from);
  let sorted = true;
  for (let i = from; i < to; i++) {
    order[i - from] = i;
    if (i > from && sorted) {
      const j = i - 1;
      const cmp = c.point[j] - c.point[i] || c.series[j] - c.series[i] || c.seconds[j] - c.seconds[i];
      if (cmp > 0) sorted = false;
    }
  }
  if (!sorted) order.sort((a, b) => c.point[a] - c.point[b] || c.series[a] - c.series[b] || c.seconds[a] - c.seconds[b]);
  return order;
}

/** Checked rows as binary COPY rows of READING_COLUMNS, in the given order (index pages are written in sequence). */
function writeReadings(out: BinaryCopy, c: CheckedReadings, ids: Uint8Array[], order: Int32Array): void {
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    out
      .row(5)
      .uuid(ids[c.point[i]])
      .timestamptz(c.seconds[i] * 1000)
      .int4(c.wh[i])
      .int2(c.series[i])
      .int2(c.quality[i]);
  }
}

const readingsCopy = (rows: number) => new BinaryCopy(rows, 5, 16 + 8 + 4 + 2 + 2);

/** Whether no reading exists yet in any of the spans (then the batch can be inserted without conflict handling). */
export async function spansEmpty(tx: RawTx, spans: TouchedSpan[]): Promise<boolean> {
  const [row] = await tx.query<{ taken: boolean }>(
    `select exists (
       select 1 from unnest($1::uuid[], $2::int2[], $3::timestamptz[], $4::timestamptz[]) as t(id, series, lo, hi)
       where exists (select 1 from interval_readings r where r.metering_point_id = t.id and r.series = t.series and r.start >= t.lo and r.start < t.hi)
     ) as taken`,
    [pgArray(spans.map((s) => s.pointId)), pgArray(spans.map((s) => s.series)), pgArray(spans.map((s) => new Date(s.fromMs).toISOString())), pgArray(spans.map((s) => new Date(s.toMs).toISOString()))],
  );
  return !row.taken;
}

/** The glance and the checks disagree: the rows take the slower way (thrown to abandon the COPY). */
class GlanceMismatch extends Error {}

/**
 * Reads and checks the rows a slice at a time and copies each slice that passes straight into
 * interval_readings (stretches that have no readings yet: the usual delivery), summing the new
 * stretches' rollup as it goes. The server stores one slice while the next is read and checked,
 * so reading and checking cost little time of their own. Any issue abandons the COPY (nothing
 * stays) and ends in an ImportError with every issue found. Returns false, with nothing written
 * and every row checked, when a reading is already there (another writer filled the stretch
 * meanwhile) or the checks found other stretches than the glance.
 */
export async function copyNewStretches(tx: RawTx, source: ReadingSource, checker: ReadingChecker, reach: Stretch[], rollup: NewStretchRollup, idsOf: () => Uint8Array[]): Promise<boolean> {
  const c = checker.checked;
  const out = readingsCopy(SLICE);
  async function* pieces(): AsyncGenerator<Uint8Array> {
    yield BinaryCopy.HEADER;
    for (let rows = source.slice(); rows; rows = source.slice()) {
      const from = c.count;
      checker.check(rows);
      if (checker.issues.length) {
        checkRest(source, checker);
        throw new ImportError(checker.issues);
      }
      const order = keyOrder(c, from, c.count);
      writeReadings(out, c, idsOf(), order);
      yield out.rowsOnly();
      // While the server stores this slice.
      rollup.feed(c, order);
    }
    if (!sameStretches(reach, stretchesOf(c))) throw new GlanceMismatch();
    yield BinaryCopy.TRAILER;
  }
  try {
    await tx.savepoint((sp) => sp.copyFrom("interval_readings", READING_COLUMNS, pieces()));
    return true;
  } catch (err) {
    if (!(err instanceof GlanceMismatch) && (err as { code?: string }).code !== "23505") throw err;
    checkRest(source, checker);
    return false;
  }
}

/** Checks the rows the source has left (none once it is read through). */
export function checkRest(source: ReadingSource, checker: ReadingChecker): void {
  for (let rows = source.slice(); rows; rows = source.slice()) checker.check(rows);
}

/**
 * Writes checked rows where readings may exist already: into a temporary table, then one upsert
 * that leaves identical rows untouched, so importing the same file twice changes nothing. Returns
 * how many rows were inserted and how many updated.
 */
export async function upsertReadings(tx: RawTx, c: CheckedReadings, ids: Uint8Array[]): Promise<{ inserted: number; updated: number }> {
  const out = readingsCopy(c.count);
  writeReadings(out, c, ids, keyOrder(c));
  await tx.query(
    "create temp table import_readings (metering_point_id uuid not null, start timestamptz not null, value_wh integer not null, series smallint not null, quality smallint not null) on commit drop",
  );
  await tx.copyIn("import_readings", READING_COLUMNS, out.take());
  const [counts] = await tx.query<{ inserted: number; updated: number }>(
    `
    with up as (
      insert into interval_readings (metering_point_id, start, value_wh, series, quality)
      select metering_point_id, start, value_wh, series, quality from import_readings
      on conflict (metering_point_id, series, start) do update
        set value_wh = excluded.value_wh, quality = excluded.quality
        where interval_readings.value_wh is distinct from excluded.value_wh
           or interval_readings.quality is distinct from excluded.quality
      returning (xmax = 0) as inserted
    )
    select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`,
  );
  return { inserted: Number(counts.inserted), updated: Number(counts.updated) };
}
