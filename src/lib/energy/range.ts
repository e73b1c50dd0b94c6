import { MAX_RANGE_DAYS, RESOLUTIONS, type Resolution } from "./chart";
import { localDayDiff, parseDateInput, startOfLocalMonth } from "./time";

export interface RangeQuery {
  from?: string;
  to?: string;
  resolution?: string;
}

export interface ResolvedRange {
  fromMs: number;
  toMs: number;
  resolution: Resolution;
}

export interface RangeFieldError {
  path: string;
  code: string;
  message: string;
}

/** Earliest date a range may start at; older data is not kept online. */
export const EARLIEST = Date.UTC(2000, 0, 1);

/**
 * Reads from/to/resolution in the site's zone: dates are YYYY-MM-DD (local midnight) or ISO date-
 * times with an offset; `to` is exclusive. Defaults to the current month by day. The range must be
 * non-empty and no longer than the resolution allows (MAX_RANGE_DAYS).
 */
export function resolveRange(
  q: RangeQuery,
  tz: string,
  now: number,
  defaults: { resolution: Resolution; allowed?: readonly Resolution[] } = { resolution: "day" },
): { range: ResolvedRange } | { errors: RangeFieldError[] } {
  const errors: RangeFieldError[] = [];
  const allowed = defaults.allowed ?? RESOLUTIONS;
  const resolution = (q.resolution ?? defaults.resolution) as Resolution;
  if (!allowed.includes(resolution)) errors.push({ path: "resolution", code: "invalid_value", message: "energy.errors.bad-resolution" });
  const fromMs = q.from === undefined ? startOfLocalMonth(now, tz) : parseDateInput(q.from, tz);
  const toMs = q.to === undefined ? (q.from === undefined ? startOfLocalMonth(now, tz, 1) : null) : parseDateInput(q.to, tz);
  if (fromMs === null || (fromMs !== null && fromMs < EARLIEST)) errors.push({ path: "from", code: "invalid_date", message: "energy.errors.bad-date" });
  if (q.to !== undefined && toMs === null) errors.push({ path: "to", code: "invalid_date", message: "energy.errors.bad-date" });
  if (q.from !== undefined && q.to === undefined) errors.push({ path: "to", code: "required", message: "energy.errors.to-required" });
  if (errors.length) return { errors };
  if (toMs! <= fromMs!) return { errors: [{ path: "to", code: "too_small", message: "energy.errors.range-empty" }] };
  const days = localDayDiff(fromMs!, toMs!, tz);
  if (days > MAX_RANGE_DAYS[resolution]) return { errors: [{ path: "to", code: "too_big", message: "energy.errors.range-too-long" }] };
  return { range: { fromMs: fromMs!, toMs: toMs!, resolution } };
}
