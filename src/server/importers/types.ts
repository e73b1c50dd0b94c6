import "server-only";
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
    super(
      `${issues.length} problem(s): ${issues
        .slice(0, 5)
        .map((i) => `line ${i.line} ${i.field}: ${i.message}${i.value !== undefined ? ` (${i.value})` : ""}`)
        .join("; ")}`,
    );
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The `n` decimal digits of `t` at `at` as a number; -1 when any of them is not a digit. */
function digits(t: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = t.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** 146,097 days: the Gregorian calendar's cycle. */
const FOUR_HUNDRED_YEARS_MS = 146_097 * 86_400_000;

/**
 * An ISO 8601 timestamp that states its offset, `YYYY-MM-DD[T ]HH:MM[:SS[.f…]](Z|±HH[:]MM)`
 * (local times without one are ambiguous at DST), in epoch ms. Read character by character (a
 * file has millions of them; a regular expression or Date.parse per row costs more than the rest
 * of the checks), with the calendar checked: 2025-02-29 is no date. Fractions beyond the
 * millisecond are cut off.
 */
export function parseTimestampWithOffset(raw: string): number | null {
  const t = raw.length && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32) ? raw.trim() : raw;
  const year = digits(t, 0, 4);
  const month = digits(t, 5, 2);
  const day = digits(t, 8, 2);
  const hour = digits(t, 11, 2);
  const minute = digits(t, 14, 2);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0) return null;
  if (t[4] !== "-" || t[7] !== "-" || (t[10] !== "T" && t[10] !== " ") || t[13] !== ":") return null;
  let at = 16;
  let second = 0;
  let ms = 0;
  if (t[at] === ":") {
    second = digits(t, at + 1, 2);
    if (second < 0) return null;
    at += 3;
    if (t[at] === ".") {
      let n = 0;
      for (let d = t.charCodeAt(at + 1 + n) - 48; d >= 0 && d <= 9; d = t.charCodeAt(at + 1 + n) - 48) {
        if (n < 3) ms = ms * 10 + d;
        n++;
      }
      if (n < 1 || n > 9) return null;
      for (let k = n; k < 3; k++) ms *= 10;
      at += 1 + n;
    }
  }
  let offset = 0;
  if (t[at] === "Z") at += 1;
  else if (t[at] === "+" || t[at] === "-") {
    const oh = digits(t, at + 1, 2);
    const colon = t[at + 3] === ":" ? 1 : 0;
    const om = digits(t, at + 3 + colon, 2);
    if (oh < 0 || om < 0 || oh > 23 || om > 59) return null;
    offset = (oh * 60 + om) * (t[at] === "-" ? -1 : 1);
    at += 5 + colon;
  } else return null;
  if (at !== t.length) return null;
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS_IN_MONTH[month - 1] + (leap ? 1 : 0)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  // Date.UTC reads years 0-99 as 1900-1999, and 1900 has no 29 February where the year 0 has
  // one: read them 400 years later (the calendar repeats exactly) and step back.
  const utc = year < 100 ? Date.UTC(year + 400, month - 1, day, hour, minute, second, ms) - FOUR_HUNDRED_YEARS_MS : Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return utc - offset * 60_000;
}
