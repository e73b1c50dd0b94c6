import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseCsv, readCsv, splitUnquotedCsv, unquotedField, unquotedRecords, type CsvSeparator } from "./csv";
import { parseReadingsCsv } from "./readings";
import { MAX_XML_CHARS, parseEntsoeA44 } from "./spot-prices";
import { parseTemperaturesCsv } from "./temperatures";
import { parseDecimal, parseTimestampWithOffset } from "./types";
import { issuesOf } from "@/test/import-issues";

const records = (text: string) => [...readCsv(text)].map((r) => [r.line, r.fields]);

describe("CSV reader", () => {
  it("reads quoted fields holding separators, doubled quotes and line breaks, and keeps the line numbers after them", () => {
    const text = ["name,comment,value", '"Meter, kitchen","He said ""hi""",1', '"two\nlines"," spaced ",2', '"crlf\r\ninside",x,3', "plain,row,4"].join("\r\n");
    expect(records(text)).toEqual([
      [1, ["name", "comment", "value"]],
      [2, ["Meter, kitchen", 'He said "hi"', "1"]],
      [3, ["two\nlines", "spaced", "2"]],
      [5, ["crlf\r\ninside", "x", "3"]],
      [7, ["plain", "row", "4"]],
    ]);
  });

  it("reports an unclosed quote at the line of the record that opens it", () => {
    const text = 'gsrn,value\n1,2\n\n3,"4\n5,6\n7,8\n';
    const issues = issuesOf(() => [...readCsv(text)]);
    expect(issues).toEqual([{ line: 4, field: "csv", message: "energy.import.errors.bad-csv", value: "CSV_QUOTE_NOT_CLOSED" }]);
    // The same through an importer: nothing of the file is read.
    expect(issuesOf(() => parseReadingsCsv(`gsrn,timestamp,interval_minutes,value,unit\n1,2,3,4,5\n1,2,3,"4,5\n`))).toEqual([
      { line: 3, field: "csv", message: "energy.import.errors.bad-csv", value: "CSV_QUOTE_NOT_CLOSED" },
    ]);
  });

  it("reports text after a closing quote and a quote inside an unquoted field as malformed, with their lines", () => {
    expect(issuesOf(() => [...readCsv('a,b\n"x"y,1\n')])).toMatchObject([{ line: 2, message: "energy.import.errors.bad-csv", value: "CSV_INVALID_CLOSING_QUOTE" }]);
    expect(issuesOf(() => [...readCsv('a,b\n1,2\n3,4"5\n')])).toMatchObject([{ line: 3, message: "energy.import.errors.bad-csv", value: "INVALID_OPENING_QUOTE" }]);
  });

  it("takes the separator of the header line: semicolons with decimal commas, and tabs", () => {
    expect(records('gsrn;value;unit\n643;1,25;kWh\n643;"2,5";kWh')).toEqual([
      [1, ["gsrn", "value", "unit"]],
      [2, ["643", "1,25", "kWh"]],
      [3, ["643", "2,5", "kWh"]],
    ]);
    expect(records("a\tb\n1,5\t2;3\n")).toEqual([
      [1, ["a", "b"]],
      [2, ["1,5", "2;3"]],
    ]);
    const temperatures = parseTemperaturesCsv('area;timestamp;temperature_c\r\nFI-HELSINKI;2024-01-01T00:00:00+02:00;-12,4\r\nFI-OULU;2024-01-01T00:00:00+02:00;"-20,5"\r\n');
    expect(temperatures.map((t) => [t.area, t.tenthsC])).toEqual([
      ["FI-HELSINKI", -124],
      ["FI-OULU", -205],
    ]);
  });

  it("drops a byte order mark, so the first column is still recognised", () => {
    for (const text of ["\ufeffgsrn,timestamp,interval_minutes,value,unit\n643,t,15,1,kWh\n", '\ufeff"gsrn",timestamp,interval_minutes,value,unit\n643,t,15,"1",kWh\n']) {
      const rows = parseReadingsCsv(text);
      expect(rows).toEqual([{ line: 2, gsrn: "643", timestamp: "t", intervalMinutes: "15", value: "1", unit: "kWh", quality: undefined, series: undefined }]);
    }
    expect(records("\ufeffa;b\n1;2")).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
    ]);
  });

  it("skips blank lines, trims fields and keeps uneven rows", () => {
    const text = "\n  a , b \n\n \t \n1\n\r\n2,3,4\n,\n";
    expect(records(text)).toEqual([
      [2, ["a", "b"]],
      [5, ["1"]],
      [7, ["2", "3", "4"]],
      [8, ["", ""]],
    ]);
    expect(records(`${text}"x"`)).toEqual([...records(text), [9, ["x"]]]);
    expect(records("")).toEqual([]);
  });

  const unquotedCsv = fc.array(fc.constantFrom("a", "1", "é", "€", " ", "\t", ",", ";", "\n", "\r\n", "\r", "\ufeff"), { maxLength: 60 }).map((parts) => parts.join(""));

  it("reads the fields of a file without quotes in place exactly as it splits them", () => {
    fc.assert(
      fc.property(unquotedCsv, fc.constantFrom<CsvSeparator>(",", ";", "\t"), (text, separator) => {
        const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        const found: { line: number; fields: string[] }[] = [];
        for (const { from, to, line } of unquotedRecords(body, separator)) {
          const fields: string[] = [];
          for (let k = 0, f = unquotedField(body, separator, from, to, 0); f !== undefined; f = unquotedField(body, separator, from, to, ++k)) fields.push(f);
          found.push({ line, fields });
        }
        expect(found).toEqual([...splitUnquotedCsv(text, separator)]);
      }),
      { numRuns: 500 },
    );
  });

  it("splits a file without quotes exactly as csv-parse reads it", () => {
    fc.assert(
      fc.property(unquotedCsv, fc.constantFrom<CsvSeparator>(",", ";", "\t"), (text, separator) => {
        expect([...splitUnquotedCsv(text, separator)]).toEqual(parseCsv(text, separator));
      }),
      { numRuns: 500 },
    );
  });

  it("reads back any fields written quoted, each at its line", () => {
    const field = fc.array(fc.constantFrom("a", "1", "ä", " ", ",", ";", '"', "\n", "\r\n"), { maxLength: 8 }).map((p) => p.join(""));
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom<CsvSeparator>(",", ";", "\t"),
        fc.constantFrom("\n", "\r\n"),
        (rows, separator, eol) => {
          const lines = rows.map((fields) => fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(separator));
          const text = `h1${separator}h2${eol}${lines.join(eol)}`;
          let line = 2;
          const expected: [number, string[]][] = [[1, ["h1", "h2"]]];
          rows.forEach((fields, i) => {
            const trimmed = fields.map((f) => f.trim());
            if (trimmed.length > 1 || trimmed[0] !== "") expected.push([line, trimmed]);
            line += lines[i].split("\n").length - 1 + 1;
          });
          expect(records(text)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const NS = "urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3";

interface SeriesSpec {
  eic?: string;
  currency?: string | null;
  unit?: string | null;
  curve?: string;
  start?: string;
  end?: string;
  resolution?: string;
  points: [number | string, string][];
}

/** A small A44 document, one element per line, so a line number names an element. */
function a44(series: SeriesSpec[], root = `Publication_MarketDocument xmlns="${NS}"`): string {
  const rootName = root.split(" ")[0];
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<${root}>`, "<type>A44</type>"];
  for (const s of series) {
    out.push("<TimeSeries>", `<in_Domain.mRID codingScheme="A01">${s.eic ?? "10YFI-1--------U"}</in_Domain.mRID>`);
    if (s.currency !== null) out.push(`<currency_Unit.name>${s.currency ?? "EUR"}</currency_Unit.name>`);
    if (s.unit !== null) out.push(`<price_Measure_Unit.name>${s.unit ?? "MWH"}</price_Measure_Unit.name>`);
    out.push(`<curveType>${s.curve ?? "A01"}</curveType>`, "<Period>", "<timeInterval>");
    out.push(`<start>${s.start ?? "2026-01-14T23:00Z"}</start>`, `<end>${s.end ?? "2026-01-15T03:00Z"}</end>`, "</timeInterval>");
    out.push(`<resolution>${s.resolution ?? "PT60M"}</resolution>`);
    for (const [pos, price] of s.points) out.push("<Point>", `<position>${pos}</position>`, `<price.amount>${price}</price.amount>`, "</Point>");
    out.push("</Period>", "</TimeSeries>");
  }
  out.push(`</${rootName}>`);
  return out.join("\n");
}
const lineOf = (xml: string, needle: string, from = 0) => xml.slice(0, xml.indexOf(needle, from)).split("\n").length;

describe("ENTSO-E A44 reader", () => {
  const fixture = fs.readFileSync(path.join(__dirname, "fixtures/entsoe-a44-2026-03-29.xml"), "utf8");

  it("reads a full A01 curve hour by hour", () => {
    const rows = parseEntsoeA44(
      a44([
        {
          points: [
            [1, "10.5"],
            [2, "-3"],
            [3, "0"],
            [4, "120.25"],
          ],
        },
      ]),
    );
    expect(rows.map((r) => [new Date(r.start).toISOString(), r.eurPerMwh, r.resolutionMinutes, r.zone])).toEqual([
      ["2026-01-14T23:00:00.000Z", 10.5, 60, "FI"],
      ["2026-01-15T00:00:00.000Z", -3, 60, "FI"],
      ["2026-01-15T01:00:00.000Z", 0, 60, "FI"],
      ["2026-01-15T02:00:00.000Z", 120.25, 60, "FI"],
    ]);
  });

  it("fills the positions an A03 curve leaves out with the price before them, up to the end of the period", () => {
    const xml = a44([
      {
        curve: "A03",
        resolution: "PT15M",
        end: "2026-01-15T00:30Z",
        points: [
          [1, "5.00"],
          [3, "7.25"],
          [5, "-1.00"],
        ],
      },
    ]);
    const rows = parseEntsoeA44(xml);
    expect(rows.map((r) => [new Date(r.start).toISOString().slice(11, 16), r.eurPerMwh, r.line])).toEqual([
      ["23:00", 5, lineOf(xml, "<Point>")],
      ["23:15", 5, lineOf(xml, "<Point>")],
      ["23:30", 7.25, lineOf(xml, "<position>3") - 1],
      ["23:45", 7.25, lineOf(xml, "<position>3") - 1],
      ["00:00", -1, lineOf(xml, "<position>5") - 1],
      ["00:15", -1, lineOf(xml, "<position>5") - 1],
    ]);
    // Position 1 of an A03 curve cannot be left out: nothing comes before it.
    const noFirst = a44([{ curve: "A03", points: [[2, "5.00"]] }]);
    expect(issuesOf(() => parseEntsoeA44(noFirst))).toEqual([{ line: lineOf(noFirst, "<Period>"), field: "Point", message: "energy.import.errors.missing-position", value: "1" }]);
  });

  it("reads the fixture the same with CRLF line ends and a byte order mark, with the same line numbers", () => {
    const rows = parseEntsoeA44(fixture);
    expect(parseEntsoeA44(`\ufeff${fixture.replace(/\n/g, "\r\n")}`)).toEqual(rows);
    expect(rows).toHaveLength(115);
    expect(rows[0].line).toBe(lineOf(fixture, "<Point>"));
  });

  it("refuses a DOCTYPE, so no entity of the document is ever expanded", () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol "lol">\n<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<Publication_MarketDocument xmlns="${NS}"><type>&lol2;</type></Publication_MarketDocument>`;
    expect(issuesOf(() => parseEntsoeA44(laughs))).toEqual([{ line: 2, field: "xml", message: "energy.import.errors.bad-xml", value: "document type and entity declarations are not accepted" }]);
    const external = `<?xml version="1.0"?>\n<!-- <!DOCTYPE in a comment is only text -->\n<!doctype x SYSTEM "file:///etc/passwd">\n<x>&xxe;</x>`;
    expect(issuesOf(() => parseEntsoeA44(external))[0]).toMatchObject({ line: 3, message: "energy.import.errors.bad-xml" });
    // Only the five predefined entities and character references are known.
    const base = a44([
      {
        points: [
          [1, "1"],
          [2, "2"],
          [3, "3"],
          [4, "4"],
        ],
      },
    ]);
    expect(parseEntsoeA44(base.replace("<type>A44</type>", "<type>&#65;4&#x34;</type>").replace('codingScheme="A01"', 'codingScheme="A&amp;01"'))).toHaveLength(4);
    const unknown = base.replace("<price.amount>3", "<price.amount>&nbsp;3");
    expect(issuesOf(() => parseEntsoeA44(unknown))).toEqual([{ line: lineOf(unknown, "&nbsp;"), field: "xml", message: "energy.import.errors.bad-xml", value: "unknown entity &nbsp;" }]);
  });

  it("refuses malformed XML at the line of the fault, and documents that are too large", () => {
    const base = a44([
      {
        points: [
          [1, "1"],
          [2, "2"],
          [3, "3"],
          [4, "4"],
        ],
      },
    ]);
    const mismatched = base.replace("</Period>", "</Perio>");
    expect(issuesOf(() => parseEntsoeA44(mismatched))).toMatchObject([{ line: lineOf(mismatched, "</Perio>"), field: "xml", message: "energy.import.errors.bad-xml" }]);
    const unclosed = base.replace(/<\/Publication_MarketDocument>$/, "");
    expect(issuesOf(() => parseEntsoeA44(unclosed))[0]).toMatchObject({ message: "energy.import.errors.bad-xml" });
    expect(issuesOf(() => parseEntsoeA44(`${base}\n<another/>`))[0]).toMatchObject({ message: "energy.import.errors.bad-xml" });
    expect(issuesOf(() => parseEntsoeA44(""))[0]).toMatchObject({ message: "energy.import.errors.bad-xml" });
    const huge = `${base}\n<!--${" ".repeat(MAX_XML_CHARS)}-->`;
    expect(issuesOf(() => parseEntsoeA44(huge))).toEqual([{ line: 1, field: "xml", message: "energy.import.errors.bad-xml", value: "larger than 16 MiB" }]);
  });

  it("refuses a document that is not a publication document, or in another namespace", () => {
    const points: SeriesSpec["points"] = [
      [1, "1"],
      [2, "2"],
      [3, "3"],
      [4, "4"],
    ];
    expect(issuesOf(() => parseEntsoeA44(a44([{ points }], `Acknowledgement_MarketDocument xmlns="${NS}"`)))).toEqual([
      { line: 2, field: "xml", message: "energy.import.errors.not-a44", value: "Acknowledgement_MarketDocument" },
    ]);
    expect(issuesOf(() => parseEntsoeA44(a44([{ points }], 'Publication_MarketDocument xmlns="urn:example:prices"')))).toEqual([
      { line: 2, field: "xmlns", message: "energy.import.errors.not-a44", value: "urn:example:prices" },
    ]);
    expect(issuesOf(() => parseEntsoeA44(a44([{ points }], "Publication_MarketDocument")))[0]).toMatchObject({ field: "xmlns", message: "energy.import.errors.not-a44" });
    // A prefixed namespace is the same document.
    const prefixed = a44([{ points }])
      .replace(/<(\/?)([A-Za-z])/g, "<$1pd:$2")
      .replace("xmlns=", "xmlns:pd=");
    expect(prefixed).toContain("<pd:Point>");
    expect(parseEntsoeA44(prefixed)).toHaveLength(4);
    const wrongType = a44([{ points }]).replace("<type>A44", "<type>A25");
    expect(issuesOf(() => parseEntsoeA44(wrongType))).toEqual([{ line: 3, field: "type", message: "energy.import.errors.not-a44", value: "A25" }]);
  });

  it("names every wrong series and point with its line", () => {
    const xml = a44([
      {
        currency: "USD",
        unit: "KWH",
        points: [
          [1, "1"],
          [2, "2"],
          [3, "3"],
          [4, "4"],
        ],
      },
      {
        eic: "10Y1001A1001A39I",
        currency: null,
        unit: null,
        points: [
          [1, "1"],
          [2, "2"],
          [3, "3"],
          [4, "4"],
        ],
      },
      { eic: "10YLV-1001A00074", curve: "A05", resolution: "PT30M", points: [[1, "1"]] },
      { eic: "10YLV-1001A00074", start: "2026-01-15T03:00Z", end: "2026-01-15T03:00Z", points: [[1, "1"]] },
      { eic: "10YLV-1001A00074", start: "2026-01-15T03:10Z", end: "2026-01-15T04:10Z", points: [[1, "1"]] },
      {
        eic: "10YLV-1001A00074",
        start: "2026-01-16T00:00Z",
        end: "2026-01-16T02:00Z",
        points: [
          [1, "1,5"],
          [3, "7"],
          ["x", "7"],
          [2, "abc"],
        ],
      },
      { eic: "10YSE-1--------K", points: [] },
    ]);
    const at = (needle: string, nth = 0) => {
      let from = 0;
      for (let k = 0; k < nth; k++) from = xml.indexOf(needle, from) + 1;
      return lineOf(xml, needle, from);
    };
    expect(issuesOf(() => parseEntsoeA44(xml)).map((i) => [i.line, i.field, i.message.replace("energy.import.errors.", ""), i.value])).toEqual([
      [at("<currency_Unit.name>"), "currency_Unit.name", "bad-currency", "USD"],
      [at("<price_Measure_Unit.name>"), "price_Measure_Unit.name", "bad-unit", "KWH"],
      [at("<TimeSeries>", 1), "currency_Unit.name", "bad-currency", undefined],
      [at("<TimeSeries>", 1), "price_Measure_Unit.name", "bad-unit", undefined],
      [at("<curveType>A05"), "curveType", "bad-curve-type", "A05"],
      [at("<resolution>PT30M"), "resolution", "bad-resolution", "PT30M"],
      [at("<timeInterval>", 3), "timeInterval", "bad-time-interval", undefined],
      [at("<timeInterval>", 4), "timeInterval", "misaligned-timestamp", undefined],
      [at("<Point>", 11), "price.amount", "bad-price", "1,5"],
      [at("<Point>", 12), "position", "bad-position", "3"],
      [at("<Point>", 13), "position", "bad-position", "x"],
      [at("<Point>", 14), "price.amount", "bad-price", "abc"],
      [at("<Period>", 5), "Point", "missing-position", "1"],
      [at("<Period>", 5), "Point", "missing-position", "2"],
      [at("<TimeSeries>", 6), "in_Domain.mRID", "unknown-zone", "10YSE-1--------K"],
    ]);
  });
});

describe("timestamps with an offset", () => {
  it("read as Date.parse reads them, for any valid date, time, fraction and offset", () => {
    const two = (n: number) => String(n).padStart(2, "0");
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        fc.constantFrom("", ".5", ".123", ".123456", ".000000001"),
        fc.constantFrom("T", " "),
        fc.boolean(),
        (date, offsetMinutes, fraction, sep, colon) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000);
          const abs = Math.abs(offsetMinutes);
          const zone = offsetMinutes === 0 && colon ? "Z" : `${offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(abs / 60))}${colon ? ":" : ""}${two(abs % 60)}`;
          const text = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}${sep}${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}${fraction}${zone}`;
          const expected = Date.parse(
            `${text
              .replace(" ", "T")
              .replace(/([+-]\d{2})(\d{2})$/, "$1:$2")
              .replace(/\.(\d{3})\d+/, ".$1")}`,
          );
          expect(parseTimestampWithOffset(text)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads exactly the texts the grammar YYYY-MM-DD[T ]HH:MM[:SS[.f{1,9}]](Z|±HH[:]MM) allows, also near misses", () => {
    // The grammar as a regular expression (the reader goes character by character for speed).
    const GRAMMAR = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))$/;
    const reference = (text: string) => {
      const m = GRAMMAR.exec(text.trim());
      if (!m) return null;
      const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((k) => Number(m[k] ?? 0));
      const offset = m[8] === "Z" ? 0 : (Number(m[10]) * 60 + Number(m[11])) * (m[9] === "-" ? -1 : 1);
      const ms = Number(((m[7] ?? "") + "000").slice(0, 3));
      const date = new Date(Date.UTC(2000, mo - 1, d, h, mi, s, ms));
      date.setUTCFullYear(y);
      const valid = date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60 && Number(m[10] ?? 0) < 24 && Number(m[11] ?? 0) < 60;
      return valid ? date.getTime() - offset * 60_000 : null;
    };
    const valid = ["2024-03-31T04:00:00+03:00", "2024-02-29 23:45:00.123456Z", "1999-12-31T23:59-0130", "2026-10-25T03:15:00.5+02:00", "2024-02-29T23:45:00.123456789+02:00"];
    fc.assert(
      fc.property(fc.constantFrom(...valid), fc.array(fc.tuple(fc.nat(40), fc.constantFrom("", "0", "9", "-", ":", ".", "T", " ", "Z", "+", "x", "12")), { maxLength: 3 }), (base, edits) => {
        let text = base;
        // Each edit replaces one character (or removes it, or inserts two digits).
        for (const [at, piece] of edits) text = text.slice(0, at % (text.length + 1)) + piece + text.slice((at % (text.length + 1)) + 1);
        expect(parseTimestampWithOffset(text), text).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses dates that are not on the calendar, times out of range and missing offsets", () => {
    for (const bad of [
      "2025-02-29T00:00:00Z",
      "2024-04-31T00:00:00Z",
      "2024-13-01T00:00:00Z",
      "2024-00-10T00:00:00Z",
      "2024-01-10T24:00:00Z",
      "2024-01-10T10:60:00Z",
      "2024-01-10T10:00:60Z",
      "2024-01-10T10:00:00",
      "2024-01-10T10:00:00+25:00",
      "2024-01-10",
      "yesterday",
    ]) {
      expect(parseTimestampWithOffset(bad), bad).toBeNull();
    }
    expect(parseTimestampWithOffset("2024-02-29T00:00:00Z")).toBe(Date.UTC(2024, 1, 29));
    expect(parseTimestampWithOffset(" 2024-03-31T04:00:00+03:00 ")).toBe(Date.UTC(2024, 2, 31, 1));
    expect(parseTimestampWithOffset("2024-03-31T04:00+0300")).toBe(Date.UTC(2024, 2, 31, 1));
  });

  it("keeps the years 0-99 on their own calendar: the year 0 has a 29 February, 1900 has none", () => {
    const at = (y: number, mo: number, d: number) => new Date(Date.UTC(2000, mo - 1, d)).setUTCFullYear(y);
    expect(parseTimestampWithOffset("0000-02-29T00:00:00Z")).toBe(at(0, 2, 29));
    expect(parseTimestampWithOffset("0000-03-01T00:00:00Z")).toBe(at(0, 3, 1));
    expect(parseTimestampWithOffset("0024-02-29T12:00:00+02:00")).toBe(at(24, 2, 29) + 10 * 3_600_000);
    expect(parseTimestampWithOffset("0099-12-31T23:59:59.999Z")).toBe(at(99, 12, 31) + 86_399_999);
    expect(parseTimestampWithOffset("0001-02-29T00:00:00Z")).toBeNull();
  });
});

describe("decimal values", () => {
  it("reads whole numbers on the fast path exactly as the general rule does", () => {
    const general = (t: string) => {
      const s = t.trim();
      if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return null;
      const n = Number(s.replace(",", "."));
      return Number.isFinite(n) ? n : null;
    };
    const text = fc.oneof(fc.nat().map(String), fc.stringMatching(/^[0-9]{1,12}$/), fc.stringMatching(/^[ +-]?[0-9]{0,6}[.,]?[0-9]{0,4} ?$/), fc.string({ maxLength: 10 }));
    fc.assert(
      fc.property(text, (t) => {
        expect(parseDecimal(t)).toBe(general(t));
      }),
      { numRuns: 2000 },
    );
    expect(parseDecimal("0042")).toBe(42);
    expect(parseDecimal("")).toBeNull();
    expect(parseDecimal("12a")).toBeNull();
    expect(parseDecimal("1,5")).toBe(1.5);
  });
});
