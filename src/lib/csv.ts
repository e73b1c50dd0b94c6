/**
 * CSV as the person's spreadsheet program expects it (RFC 4180 quoting, CRLF rows, UTF-8 with a
 * byte-order mark so Excel reads €, °C and ä as written). Where the locale writes decimals with a
 * comma (Estonian, Finnish, Swedish, Russian, Latvian), Excel also expects `;` between fields and
 * a decimal comma; British English uses `,` and a decimal point.
 */
export interface CsvDialect {
  separator: "," | ";";
  decimal: "." | ",";
}

const POINT: CsvDialect = { separator: ",", decimal: "." };
const COMMA: CsvDialect = { separator: ";", decimal: "," };

export function csvDialect(locale: string): CsvDialect {
  return locale === "en-GB" || locale === "en-XA" ? POINT : COMMA;
}

export const CSV_BOM = "\uFEFF";

/** One field, quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string, dialect: CsvDialect): string {
  return value.includes(dialect.separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A number written plainly (no grouping, no exponent) with the dialect's decimal mark. */
export function csvNumber(plain: string | number, dialect: CsvDialect): string {
  const s = typeof plain === "number" ? plainDecimal(plain, 6) : plain;
  return dialect.decimal === "." ? s : s.replace(".", ",");
}

/** A plain decimal without exponent or grouping, trailing zeros trimmed to at least `min` decimals. */
export function plainDecimal(value: number, max: number, min = 0): string {
  let s = value.toFixed(max);
  if (s.includes(".")) {
    s = s.replace(/0+$/, "");
    const decimals = s.split(".")[1]?.length ?? 0;
    if (decimals < min) s = s.padEnd(s.length + (min - decimals), "0");
    s = s.replace(/\.$/, "");
  }
  return s === "-0" ? "0" : s;
}

/** The whole file: a byte-order mark, then the rows (fields already written as text) ended by CRLF. */
export function csvDocument(rows: string[][], dialect: CsvDialect): string {
  return `${CSV_BOM}${rows.map((r) => r.map((f) => csvField(f, dialect)).join(dialect.separator)).join("\r\n")}\r\n`;
}
