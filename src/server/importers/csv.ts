import "server-only";
import { CsvError, parse } from "csv-parse/sync";
import { ImportError } from "./types";

/**
 * CSV files of the importers (RFC 4180): comma, semicolon or tab separated (the separator that
 * occurs most often in the header line wins), quoted fields with doubled quotes and line breaks,
 * CRLF or LF line ends, an optional byte order mark. Blank lines are skipped and fields trimmed.
 * Each record comes with the 1-based line its first character is on.
 *
 * Quoted files are read by csv-parse. A file without any quote character cannot hold an escaped
 * separator or line break, so it is split directly, which is several times faster on the large
 * meter reading files; both ways give the same records (see parsers.test.ts).
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvSeparator = "," | ";" | "\t";

const SEPARATORS: CsvSeparator[] = [",", ";", "\t"];

export function detectSeparator(headerLine: string): CsvSeparator {
  const counts = { ",": 0, ";": 0, "\t": 0 } as Record<CsvSeparator, number>;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as CsvSeparator]++;
  }
  // Ties keep the order of SEPARATORS, so a header without any separator reads as comma separated.
  return SEPARATORS.reduce((best, s) => (counts[s] > counts[best] ? s : best), ",");
}

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The first line with anything but whitespace on it: the header, which decides the separator. */
function headerLine(body: string): string {
  const match = /^[ \t]*\S.*$/m.exec(body);
  return match ? match[0] : "";
}

/** A file's text without its byte order mark, its separator, and whether it has quotes (then only csv-parse reads it). */
export function csvLayout(text: string): { body: string; separator: CsvSeparator; quoted: boolean } {
  const body = withoutBom(text);
  return { body, separator: detectSeparator(headerLine(body)), quoted: body.includes('"') };
}

export type CsvLayout = ReturnType<typeof csvLayout>;

/** Reads a CSV file (or its layout, when worked out already) record by record; a malformed file throws an ImportError (bad-csv) before the first record. */
export function* readCsv(file: string | CsvLayout): Generator<CsvRecord> {
  const { body, separator, quoted } = typeof file === "string" ? csvLayout(file) : file;
  yield* quoted ? parseCsv(body, separator) : splitUnquotedCsv(body, separator);
}

/** Where a record of an unquoted file is: its text is body[from, to) (line end and CR excluded), on line `line`. */
export interface RecordBounds {
  from: number;
  to: number;
  line: number;
}

/**
 * The records of an unquoted body, where they are: every line break ends a record, and a blank
 * line (one field, empty once trimmed) is none. splitUnquotedCsv makes their fields; a quick
 * look at a few columns of a large file reads them in place (unquotedField).
 */
export function* unquotedRecords(body: string, separator: CsvSeparator): Generator<RecordBounds> {
  const n = body.length;
  let line = 1;
  for (let pos = 0; pos < n; line++) {
    const lf = body.indexOf("\n", pos);
    const end = lf === -1 ? n : lf;
    const to = end > pos && body.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const sep = body.indexOf(separator, pos);
    if ((sep !== -1 && sep < to) || body.slice(pos, to).trim() !== "") yield { from: pos, to, line };
    pos = end + 1;
  }
}

/** Field `k` of the record at [from, to) of an unquoted body, trimmed; undefined when the record has fewer fields. */
export function unquotedField(body: string, separator: CsvSeparator, from: number, to: number, k: number): string | undefined {
  let start = from;
  for (let j = 0; j < k; j++) {
    const sep = body.indexOf(separator, start);
    if (sep === -1 || sep >= to) return undefined;
    start = sep + 1;
  }
  const sep = body.indexOf(separator, start);
  return body.slice(start, sep === -1 || sep >= to ? to : sep).trim();
}

/** A file without quotes: every line break ends a record and every separator ends a field. */
export function* splitUnquotedCsv(text: string, separator: CsvSeparator): Generator<CsvRecord> {
  const body = withoutBom(text);
  for (const { from, to, line } of unquotedRecords(body, separator)) {
    const fields = body.slice(from, to).split(separator);
    for (let i = 0; i < fields.length; i++) fields[i] = fields[i].trim();
    yield { line, fields };
  }
}

/**
 * Offset of the first byte in bytes[from, to) that is not whitespace (as String.prototype.trim
 * sees it), a tab separator counting as text: where a record starts after the blank lines
 * csv-parse skipped.
 */
function skipBlank(bytes: Buffer, from: number, to: number, separator: CsvSeparator): number {
  const b = bytes[from];
  // Nearly always a record starts right where the one before ended.
  if (from >= to || (b > 0x20 && b < 0x80)) return from;
  const blank = separator === "\t" ? /^[^\S\t]*/ : /^\s*/;
  const run = blank.exec(bytes.toString("utf8", from, Math.min(to, from + 65_536)))![0];
  return from + Buffer.byteLength(run);
}

/** Reads any RFC 4180 file with csv-parse; a syntax error becomes an ImportError at the line of the record it is in. */
export function parseCsv(text: string, separator: CsvSeparator): CsvRecord[] {
  const bytes = Buffer.from(withoutBom(text), "utf8");
  const records: CsvRecord[] = [];
  // csv-parse reports where each record ends as a byte offset. The line of a record's first
  // character is counted here from those offsets (csv-parse's own line count goes up twice at a
  // CRLF inside a quoted field, and at a lone CR).
  let counted = 0;
  let line = 1;
  let previousEnd = 0;
  const lineOfRecordAfter = (from: number, to: number) => {
    const start = skipBlank(bytes, from, to, separator);
    for (let lf = bytes.indexOf(0x0a, counted); lf !== -1 && lf < start; lf = bytes.indexOf(0x0a, counted)) {
      line++;
      counted = lf + 1;
    }
    counted = Math.max(counted, start);
    return line;
  };
  try {
    parse(bytes, {
      delimiter: separator,
      record_delimiter: ["\r\n", "\n"],
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (fields: string[], info) => {
        const at = lineOfRecordAfter(previousEnd, info.bytes);
        previousEnd = info.bytes;
        for (let i = 0; i < fields.length; i++) fields[i] = fields[i].trim();
        if (fields.length > 1 || fields[0] !== "") records.push({ line: at, fields });
        // Kept here, in order, rather than in csv-parse's result.
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw new ImportError([{ line: lineOfRecordAfter(previousEnd, bytes.length), field: "csv", message: "energy.import.errors.bad-csv", value: err.code }]);
  }
  return records;
}
