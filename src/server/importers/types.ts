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
  const t = text.trim();
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return null;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 timestamp that states its offset (Z or ±hh:mm); local times without one are ambiguous at DST. */
export function parseTimestampWithOffset(text: string): number | null {
  const m = ISO_WITH_OFFSET.exec(text.trim());
  if (!m) return null;
  const ms = Date.parse(text.trim().replace(" ", "T"));
  return Number.isFinite(ms) ? ms : null;
}
