import "server-only";
import { cache } from "react";
import { oncePerRead } from "@/server/cache/customer-data";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { countries } from "@/server/db/schema";
import { validationError, type FieldError } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import { resolutionMinutes, type Resolution } from "@/lib/energy/chart";
import { resolveRange, type RangeQuery, type ResolvedRange } from "@/lib/energy/range";
import { formatLocalIso } from "@/lib/energy/time";
import type { MeteringPointRow } from "./points";

/*
 * What every statistic starts from: the facts of the site's country, the requested range and
 * resolution checked, and the range as the answers give it.
 */

export interface SiteEnergyFacts {
  vatBasisPoints: number;
  currency: string;
  zone: string;
}

/** VAT, currency and bidding zone of the site's country (data, from the countries table). */
const countryFactsOnce = cache((country: string): Promise<SiteEnergyFacts> =>
  oncePerRead(`country:${country}`, async () => {
    const db = await getDb();
    const [row] = await db.select().from(countries).where(eq(countries.code, country));
    if (!row) return { vatBasisPoints: 0, currency: "EUR", zone: country };
    return { vatBasisPoints: row.vatRateBasisPoints, currency: row.currency, zone: row.biddingZone };
  }),
);

/** VAT, currency and bidding zone of the site's country (read once per request). */
export async function siteEnergyFacts(site: Pick<Site, "country">): Promise<SiteEnergyFacts> {
  return countryFactsOnce(site.country);
}

/** The requested range, resolved in the site's time zone; a bad one is a validation error. */
export function rangeOrThrow(q: RangeQuery, tz: string, now: number, defaults: Parameters<typeof resolveRange>[3]): ResolvedRange {
  const r = resolveRange(q, tz, now, defaults);
  if ("errors" in r) throw validationError(r.errors as FieldError[]);
  return r.range;
}

/** Refuses a resolution finer than what the points measure (a 15-minute chart of an hourly meter). */
export function checkResolution(points: MeteringPointRow[], resolution: Resolution, fiveMinuteFeature: boolean) {
  const minutes = resolutionMinutes(resolution);
  if (minutes === null) return;
  const unavailable = (minutes === 5 && !fiveMinuteFeature) || points.some((p) => p.intervalMinutes > minutes);
  if (unavailable) throw validationError([{ path: "resolution", code: "unavailable", message: "energy.errors.resolution-unavailable" }]);
}

/** The range of an answer: its local ends, resolution and time zone. */
export const rangeView = (range: ResolvedRange, tz: string) => ({
  from: formatLocalIso(range.fromMs, tz),
  to: formatLocalIso(range.toMs, tz),
  resolution: range.resolution,
  timezone: tz,
});
