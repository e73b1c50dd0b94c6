import "server-only";
import { withRawTransaction } from "@/server/metering/bulk";
import { lockRollupsInTx, refreshDailyInTx, refreshHourlyInTx, refreshHourlyPricesInTx } from "@/server/metering/rollup";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ImportError, MAX_ISSUES, type ImportIssue, type ImportResult } from "./types";
import { spotPricesImported } from "@/server/notifications/spot-price";
import { invalidate } from "@/server/cache/bus";

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

/** The largest document read: a year of quarter-hour prices of every zone we serve is well below it. */
export const MAX_XML_CHARS = 16 * 1024 * 1024;

/** Namespace of the IEC 62325-451-3 publication document, any version (7:0, 7:3, ...). */
const A44_NAMESPACE = "urn:iec62325.351:tc57wg16:451-3:publicationdocument:";

interface XmlElement {
  /** Local name, without a namespace prefix. */
  name: string;
  /** Namespace URI of the element's own prefix (or the default namespace) when declared on it. */
  namespace: string | undefined;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  /** Line of the start tag. */
  line: number;
}

class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Entity references of a text or an attribute: the five predefined ones and character
 * references. Anything else would need a DTD, which is not accepted.
 */
function decodeEntities(raw: string, line: number): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z_][\w.-]*)?(;)?/g, (_, ref: string | undefined, semi: string | undefined) => {
    if (!ref || !semi) throw new XmlSyntaxError("bare & (write &amp;)", line);
    if (ref[0] !== "#") {
      const v = ENTITIES[ref];
      if (v === undefined) throw new XmlSyntaxError(`unknown entity &${ref};`, line);
      return v;
    }
    const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (code < 1 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw new XmlSyntaxError(`bad character reference &${ref};`, line);
    return String.fromCodePoint(code);
  });
}

/** Line numbers of character offsets, by binary search over the line starts. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let lf = text.indexOf("\n"); lf !== -1; lf = text.indexOf("\n", lf + 1)) starts.push(lf + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

const parser = new XMLParser({
  preserveOrder: true,
  captureMetaData: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  // Entities are decoded in decodeEntities; a DTD is refused before parsing.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: "#cdata",
  trimValues: true,
  maxNestedTags: 32,
});
const META = XMLParser.getMetaDataSymbol();

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

/**
 * Parses a data document with fast-xml-parser into elements with line numbers. Well-formedness
 * is checked first (with its line), and DTDs are refused: no entity of the document's own is
 * ever expanded.
 */
function readXml(source: string): XmlElement {
  const s = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const lineAt = lineIndex(s);
  // Comments and CDATA sections are skipped over; any other "<!" is a declaration (DOCTYPE, ENTITY, ...).
  const declarations = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![A-Za-z]/g;
  for (let m = declarations.exec(s); m; m = declarations.exec(s)) {
    if (/^<![A-Za-z]$/.test(m[0])) throw new XmlSyntaxError("document type and entity declarations are not accepted", lineAt(m.index));
  }
  const valid = XMLValidator.validate(s);
  if (valid !== true) throw new XmlSyntaxError(valid.err.msg, valid.err.line);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(s) as OrderedNode[];
  } catch (err) {
    throw new XmlSyntaxError(err instanceof Error ? err.message : String(err), 1);
  }
  const toElement = (node: OrderedNode, qname: string): XmlElement => {
    const line = lineAt((node[META as unknown as string] as { startIndex?: number } | undefined)?.startIndex ?? 0);
    const rawAttrs = node[":@"] ?? {};
    const colon = qname.indexOf(":");
    const nsAttr = colon === -1 ? "xmlns" : `xmlns:${qname.slice(0, colon)}`;
    const ns = rawAttrs[nsAttr];
    const el: XmlElement = { name: localName(qname), namespace: ns === undefined ? undefined : decodeEntities(String(ns), line), attrs: {}, children: [], text: "", line };
    for (const [name, value] of Object.entries(rawAttrs)) el.attrs[localName(name)] = decodeEntities(String(value), line);
    for (const child of node[qname] as OrderedNode[]) {
      const key = Object.keys(child).find((k) => k !== ":@")!;
      if (key === "#text") el.text += decodeEntities(String(child[key]), line);
      else if (key === "#cdata") el.text += (child[key] as { "#text"?: unknown }[]).map((t) => String(t["#text"] ?? "")).join("");
      else el.children.push(toElement(child, key));
    }
    return el;
  };
  const roots = nodes.map((n) => [n, Object.keys(n).find((k) => k !== ":@")!] as const).filter(([, key]) => key !== "#text");
  if (roots.length !== 1) throw new XmlSyntaxError(roots.length ? "more than one root element" : "no root element", 1);
  return toElement(roots[0][0], roots[0][1]);
}

function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name);
}

function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

function childText(el: XmlElement, name: string): string | undefined {
  const c = child(el, name);
  return c ? c.text.trim() : undefined;
}

/**
 * Reads an ENTSO-E day-ahead prices document (A44 Publication_MarketDocument): every TimeSeries
 * of a zone we serve, every Period with its resolution (PT15M or PT60M) and its Points.
 * curveType A01 lists every position; A03 ("variable sized block") omits a position whose price
 * equals the one before, so a price holds until the next listed position or the period's end.
 */
export function parseEntsoeA44(xml: string): SpotPriceRow[] {
  if (xml.length > MAX_XML_CHARS) {
    throw new ImportError([{ line: 1, field: "xml", message: "energy.import.errors.bad-xml", value: `larger than ${MAX_XML_CHARS / 1024 / 1024} MiB` }]);
  }
  let doc: XmlElement;
  try {
    doc = readXml(xml);
  } catch (err) {
    const line = err instanceof XmlSyntaxError ? err.line : 1;
    throw new ImportError([{ line, field: "xml", message: "energy.import.errors.bad-xml", value: err instanceof Error ? err.message.slice(0, 80) : undefined }]);
  }
  const issues: ImportIssue[] = [];
  const issue = (line: number, field: string, message: string, value?: string) => {
    if (issues.length < MAX_ISSUES) issues.push({ line, field, message, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) });
  };
  if (doc.name !== "Publication_MarketDocument") {
    throw new ImportError([{ line: doc.line, field: "xml", message: "energy.import.errors.not-a44", value: doc.name.slice(0, 80) }]);
  }
  if (!doc.namespace?.startsWith(A44_NAMESPACE)) {
    throw new ImportError([{ line: doc.line, field: "xmlns", message: "energy.import.errors.not-a44", value: (doc.namespace ?? "").slice(0, 80) }]);
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
    if (currency !== "EUR") issue(child(ts, "currency_Unit.name")?.line ?? ts.line, "currency_Unit.name", "energy.import.errors.bad-currency", currency);
    const measure = childText(ts, "price_Measure_Unit.name");
    if (measure !== "MWH") issue(child(ts, "price_Measure_Unit.name")?.line ?? ts.line, "price_Measure_Unit.name", "energy.import.errors.bad-unit", measure);
    const curve = childText(ts, "curveType") ?? "A01";
    if (curve !== "A01" && curve !== "A03") issue(child(ts, "curveType")?.line ?? ts.line, "curveType", "energy.import.errors.bad-curve-type", curve);
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
  const ranges = zoneRanges(rows);
  const result = await withRawTransaction(async (tx) => {
    await tx.query("create temp table import_spot (zone text not null, resolution_minutes smallint not null, start timestamptz not null, price_eur_mwh numeric(10,3) not null) on commit drop");
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
      for (const { zone, from, to } of ranges) {
        await lockRollupsInTx(tx, { zone });
        await refreshHourlyPricesInTx(tx, zone, from, to);
        await refreshHourlyInTx(tx, { zone }, from, to);
        await refreshDailyInTx(tx, { zone }, from, to);
      }
    }
    return { rows: rows.length, inserted, updated, unchanged: rows.length - inserted - updated };
  });
  if (result.inserted + result.updated > 0) {
    // Every process's spot answers of these zones are out of date.
    for (const { zone } of ranges) await invalidate("spot", zone);
    // New prices may cross customers' spot-price alert limits: an evaluation job per zone (notifications).
    await spotPricesImported(ranges);
  }
  return result;
}

function zoneRanges(rows: SpotPriceRow[]): { zone: string; from: number; to: number }[] {
  const byZone = new Map<string, [number, number]>();
  for (const r of rows) {
    const [a, b] = byZone.get(r.zone) ?? [Infinity, -Infinity];
    byZone.set(r.zone, [Math.min(a, r.start), Math.max(b, r.start + r.resolutionMinutes * 60_000)]);
  }
  return [...byZone].map(([zone, [from, to]]) => ({ zone, from, to }));
}
