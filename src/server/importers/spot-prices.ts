import "server-only";
import { withRawTransaction } from "@/server/metering/bulk";
import { refreshHourlyInTx } from "@/server/metering/rollup";
import { child, childText, children, parseXml, XmlSyntaxError, type XmlElement } from "./xml";
import { ImportError, MAX_ISSUES, type ImportIssue, type ImportResult } from "./types";

/** ENTSO-E bidding zone EIC codes of the zones we serve. */
export const ZONE_BY_EIC: Record<string, "FI" | "EE" | "LV"> = {
  "10YFI-1--------U": "FI",
  "10Y1001A1001A39I": "EE",
  "10YLV-1001A00074": "LV",
};

const RESOLUTIONS: Record<string, 15 | 60> = { PT15M: 15, PT60M: 60, PT1H: 60 };

export interface SpotPriceRow {
  zone: "FI" | "EE" | "LV";
  resolutionMinutes: 15 | 60;
  start: number;
  eurPerMwh: number;
  line: number;
}

const PRICE = /^-?\d+(\.\d+)?$/;

/**
 * Reads an ENTSO-E day-ahead prices document (A44 Publication_MarketDocument): every TimeSeries
 * of a zone we serve, every Period with its resolution (PT15M or PT60M) and its Points.
 * curveType A01 lists every position; A03 ("variable sized block") omits a position whose price
 * equals the one before, so a price holds until the next listed position or the period's end.
 */
export function parseEntsoeA44(xml: string): SpotPriceRow[] {
  let doc: XmlElement;
  try {
    doc = parseXml(xml);
  } catch (err) {
    const line = err instanceof XmlSyntaxError ? err.line : 1;
    throw new ImportError([{ line, field: "xml", message: "energy.import.errors.bad-xml", value: err instanceof Error ? err.message : undefined }]);
  }
  const issues: ImportIssue[] = [];
  const issue = (line: number, field: string, message: string, value?: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  };
  if (doc.name !== "Publication_MarketDocument") {
    throw new ImportError([{ line: doc.line, field: "xml", message: "energy.import.errors.not-a44", value: doc.name }]);
  }
  const type = childText(doc, "type");
  if (type !== "A44") issue(child(doc, "type")?.line ?? doc.line, "type", "energy.import.errors.not-a44", type);
  const rows: SpotPriceRow[] = [];
  const seen = new Map<string, number>();
  for (const ts of children(doc, "TimeSeries")) {
    const eic = childText(ts, "in_Domain.mRID") ?? childText(ts, "out_Domain.mRID") ?? "";
    const zone = ZONE_BY_EIC[eic];
    if (!zone) {
      issue(ts.line, "in_Domain.mRID", "energy.import.errors.unknown-zone", eic);
      continue;
    }
    const currency = childText(ts, "currency_Unit.name");
    if (currency && currency !== "EUR") issue(ts.line, "currency_Unit.name", "energy.import.errors.bad-currency", currency);
    const measure = childText(ts, "price_Measure_Unit.name");
    if (measure && measure !== "MWH") issue(ts.line, "price_Measure_Unit.name", "energy.import.errors.bad-unit", measure);
    const curve = childText(ts, "curveType") ?? "A01";
    if (curve !== "A01" && curve !== "A03") issue(ts.line, "curveType", "energy.import.errors.bad-curve-type", curve);
    for (const period of children(ts, "Period")) {
      const interval = child(period, "timeInterval");
      const start = Date.parse(interval ? (childText(interval, "start") ?? "") : "");
      const end = Date.parse(interval ? (childText(interval, "end") ?? "") : "");
      const resText = childText(period, "resolution") ?? "";
      const res = RESOLUTIONS[resText];
      if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) {
        issue(interval?.line ?? period.line, "timeInterval", "energy.import.errors.bad-time-interval");
        continue;
      }
      if (!res) {
        issue(child(period, "resolution")?.line ?? period.line, "resolution", "energy.import.errors.bad-resolution", resText);
        continue;
      }
      const step = res * 60_000;
      if (start % step !== 0 || (end - start) % step !== 0) {
        issue(interval?.line ?? period.line, "timeInterval", "energy.import.errors.misaligned-timestamp");
        continue;
      }
      const slots = (end - start) / step;
      const prices: ({ price: number; line: number } | undefined)[] = new Array(slots);
      for (const point of children(period, "Point")) {
        const posText = childText(point, "position") ?? "";
        const priceText = childText(point, "price.amount") ?? "";
        const pos = Number(posText);
        if (!/^\d+$/.test(posText) || pos < 1 || pos > slots) {
          issue(point.line, "position", "energy.import.errors.bad-position", posText);
          continue;
        }
        if (!PRICE.test(priceText)) {
          issue(point.line, "price.amount", "energy.import.errors.bad-price", priceText);
          continue;
        }
        if (prices[pos - 1]) issue(point.line, "position", "energy.import.errors.duplicate-row", posText);
        prices[pos - 1] = { price: Number(priceText), line: point.line };
      }
      let current: { price: number; line: number } | undefined;
      for (let k = 0; k < slots; k++) {
        if (prices[k]) current = prices[k];
        else if (curve === "A01" || !current) {
          issue(period.line, "Point", "energy.import.errors.missing-position", String(k + 1));
          continue;
        }
        const at = start + k * step;
        const key = `${zone}|${res}|${at}`;
        const before = seen.get(key);
        if (before !== undefined) {
          if (before !== current!.price) issue(current!.line, "price.amount", "energy.import.errors.conflicting-duplicate", String(current!.price));
          continue;
        }
        seen.set(key, current!.price);
        rows.push({ zone, resolutionMinutes: res, start: at, eurPerMwh: current!.price, line: current!.line });
      }
    }
  }
  if (!issues.length && !rows.length) issue(doc.line, "TimeSeries", "energy.import.errors.empty-file");
  if (issues.length) throw new ImportError(issues);
  return rows;
}

/** Upserts spot prices in one transaction; identical rows stay untouched. */
export async function importSpotPrices(rows: SpotPriceRow[]): Promise<ImportResult> {
  return withRawTransaction(async (tx) => {
    await tx.query(
      "create temp table import_spot (zone text not null, resolution_minutes smallint not null, start timestamptz not null, price_eur_mwh numeric(10,3) not null) on commit drop",
    );
    const lines = rows.map((r) => `${r.zone}\t${r.resolutionMinutes}\t${new Date(r.start).toISOString()}\t${r.eurPerMwh}`);
    await tx.copyIn("import_spot", ["zone", "resolution_minutes", "start", "price_eur_mwh"], lines.length ? `${lines.join("\n")}\n` : "");
    const [counts] = await tx.query<{ inserted: number; updated: number }>(`
      with up as (
        insert into spot_prices (zone, resolution_minutes, start, price_eur_mwh)
        select zone, resolution_minutes, start, price_eur_mwh from import_spot
        on conflict (zone, resolution_minutes, start) do update set price_eur_mwh = excluded.price_eur_mwh
          where spot_prices.price_eur_mwh is distinct from excluded.price_eur_mwh
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from up`);
    const inserted = Number(counts.inserted);
    const updated = Number(counts.updated);
    if (inserted + updated > 0) {
      // Readings already priced with the old (or no) prices: refresh their hourly rollup.
      const byZone = new Map<string, [number, number]>();
      for (const r of rows) {
        const [a, b] = byZone.get(r.zone) ?? [Infinity, -Infinity];
        byZone.set(r.zone, [Math.min(a, r.start), Math.max(b, r.start + r.resolutionMinutes * 60_000)]);
      }
      for (const [zone, [from, to]] of byZone) await refreshHourlyInTx(tx, { zone }, from, to);
    }
    return { rows: rows.length, inserted, updated, unchanged: rows.length - inserted - updated };
  });
}
