/** One problem of an import, where it is and what is wrong (message is a translation key). */
export interface ImportIssue {
  /** 1-based line of the file (CSV), or the 1-based position of the row (JSON, XML point). */
  line: number;
  field: string;
  message: string;
  value?: string;
}

export interface ImportResult {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Raised when a file has problems: nothing of it has been written. */
export class ImportError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    super(`${issues.length} problem(s): ${issues
      .slice(0, 5)
      .map((i) => `line ${i.line} ${i.field}: ${i.message}${i.value !== undefined ? ` (${i.value})` : ""}`)
      .join("; ")}`);
  }
}

/** At most this many issues are reported; a file that bad is rejected either way. */
export const MAX_ISSUES = 50;

/** Parses a decimal written with a point or a decimal comma. */
export function parseDecimal(text: string): number | null {
  // Most values of a meter file are whole numbers: read those without a regular expression.
  if (text.length > 0 && text.length < 10) {
    let n = 0;
    let i = 0;
    for (; i < text.length; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      n = n * 10 + d;
    }
    if (i === text.length) return n;
  }
  const t = text.trim();
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return null;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * An ISO 8601 timestamp that states its offset (Z or ±hh:mm); local times without one are
 * ambiguous at DST. Computed from the fields (a file has millions of them; Date.parse per row
 * costs more than the rest of the checks), with the calendar checked: 2025-02-29 is no date.
 */
export function parseTimestampWithOffset(text: string): number | null {
  const m = ISO_WITH_OFFSET.exec(text.length && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) ? text.trim() : text);
  if (!m) return null;
  const year = +m[1];
  const month = +m[2];
  const day = +m[3];
  const hour = +m[4];
  const minute = +m[5];
  const second = m[6] === undefined ? 0 : +m[6];
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = month === 2 && (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
  if (day > DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = m[7] === undefined ? 0 : Math.floor(+`0.${m[7]}` * 1000 + 1e-9);
  let offset = 0;
  if (m[8] !== "Z") {
    const oh = +m[10];
    const om = +m[11];
    if (oh > 23 || om > 59) return null;
    offset = (oh * 60 + om) * (m[9] === "-" ? -1 : 1);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC reads years 0-99 as 1900-1999.
  const exact = year < 100 ? new Date(utc).setUTCFullYear(year) : utc;
  return exact - offset * 60_000;
}
