import "server-only";
import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { countries, sites, spotPriceAlerts, spotPricesHourly } from "@/server/db/schema";
import { validationError, type FieldError } from "@/server/errors";
import { auditChange, type SettingsActor } from "@/server/settings/actor";
import { listContacts } from "@/server/settings/contacts";
import { BULK_SEND_CHUNK, handleJob, sendJob, sendJobs } from "@/server/jobs/runtime";
import { hasFeature, type Feature } from "@/lib/features";
import { localDateString, localParts, zonedTimeToUtc } from "@/lib/energy/time";
import { notificationEventJob } from "./notify";

/**
 * The spot-price alert (GET/PUT /api/me/notifications, feature settings.spot-price): when the
 * next day's prices are imported, each customer whose limits are crossed is told once which hours
 * fall below the lower or above the upper limit, with the day's cheapest hours. Prices are
 * compared in c/kWh with the country's VAT, as the dashboard shows them.
 */

export interface SpotPriceAlertView {
  enabled: boolean;
  threshold: { lower: number | null; upper: number | null };
  contactsIds: string[];
}

/** The limits a person may set, c/kWh: negative prices happen, and so do scarcity peaks. */
export const LIMIT_MIN = -100;
export const LIMIT_MAX = 1000;

export async function getSpotPriceAlert(siteId: string, customerId: string): Promise<SpotPriceAlertView> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(spotPriceAlerts)
    .where(and(eq(spotPriceAlerts.siteId, siteId), eq(spotPriceAlerts.customerId, customerId)));
  return {
    enabled: row?.enabled ?? false,
    threshold: { lower: row?.lower == null ? null : Number(row.lower), upper: row?.upper == null ? null : Number(row.upper) },
    contactsIds: row?.contactIds ?? [],
  };
}

export async function saveSpotPriceAlert(actor: SettingsActor, input: SpotPriceAlertView): Promise<SpotPriceAlertView> {
  const fields: FieldError[] = [];
  const { lower, upper } = input.threshold;
  for (const [key, value] of [
    ["lower", lower],
    ["upper", upper],
  ] as const) {
    if (value !== null && (!Number.isFinite(value) || value < LIMIT_MIN || value > LIMIT_MAX))
      fields.push({ path: `threshold.${key}`, code: "custom", message: "notifications.errors.limit-out-of-range" });
  }
  if (lower !== null && upper !== null && lower >= upper) fields.push({ path: "threshold.upper", code: "custom", message: "notifications.errors.upper-not-above-lower" });
  if (input.enabled && lower === null && upper === null) fields.push({ path: "threshold", code: "custom", message: "notifications.errors.limit-required" });
  const contacts = await listContacts(actor.site, actor.customerId);
  input.contactsIds.forEach((id, i) => {
    const c = contacts.find((x) => x.id === id);
    if (!c) fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-found" });
    else if (c.type === "Phone") fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-for-channel" });
    else if (c.type === "Email" && !c.verified) fields.push({ path: `contactsIds.${i}`, code: "custom", message: "notifications.errors.contact-not-verified" });
  });
  if (new Set(input.contactsIds).size !== input.contactsIds.length) fields.push({ path: "contactsIds", code: "custom", message: "notifications.errors.contact-twice" });
  if (fields.length) throw validationError(fields);
  const db = await getDb();
  const values = {
    enabled: input.enabled,
    lower: lower === null ? null : lower.toFixed(3),
    upper: upper === null ? null : upper.toFixed(3),
    contactIds: input.contactsIds,
    updatedAt: new Date(),
  };
  await db
    .insert(spotPriceAlerts)
    .values({ siteId: actor.site.id, customerId: actor.customerId, ...values })
    .onConflictDoUpdate({ target: spotPriceAlerts.customerId, set: values, setWhere: eq(spotPriceAlerts.siteId, actor.site.id) });
  await auditChange(actor, "spot-price-alert-update", { enabled: input.enabled, threshold: input.threshold, contactsIds: input.contactsIds });
  return getSpotPriceAlert(actor.site.id, actor.customerId);
}

// ---------------------------------------------------------------- evaluation

/** Called after prices are written (importers/spot-prices.ts): one evaluation job per zone and range, queued, not run. */
export async function spotPricesImported(ranges: { zone: string; from: number; to: number }[]): Promise<void> {
  for (const r of ranges) {
    await sendJob("notification-spot-prices", { siteId: null, zone: r.zone, from: r.from, to: r.to }, { idempotencyKey: `spot-prices:${r.zone}:${r.from}:${r.to}` });
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Hours as ranges: [1,2,3,7] → "01–04, 07–08". */
export function hourRanges(hours: number[]): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(`${pad(sorted[i])}–${pad((sorted[j] + 1) % 24 || 24)}`);
    i = j + 1;
  }
  return out.join(", ");
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Alerts read per query, and so notifications queued per batch insert. */
const ALERT_PAGE = BULK_SEND_CHUNK;

/** How many cheapest hours the alert names. */
export const CHEAPEST_HOURS = 3;

/**
 * The evaluation job: for each site in the zone with the spot-price alert, each whole local day
 * of the range from today on, every customer with an alert whose limits the day crosses is told
 * once (the event key names the day).
 */
export async function evaluateSpotPriceAlerts(zone: string, from: number, to: number, now = Date.now()): Promise<number> {
  const db = await getDb();
  const zoneSites = await db
    .select({ id: sites.id, timezone: sites.timezone, features: sites.features, vat: countries.vatRateBasisPoints })
    .from(sites)
    .innerJoin(countries, eq(countries.code, sites.country))
    .where(eq(countries.biddingZone, zone));
  let told = 0;
  for (const site of zoneSites) {
    if (!hasFeature({ features: site.features as Feature[] }, "settings.spot-price")) continue;
    const today = localDateString(now, site.timezone);
    for (let date = localDateString(from, site.timezone); date <= localDateString(to - 1, site.timezone); date = nextDay(date)) {
      if (date < today) continue;
      const [y, m, d] = date.split("-").map(Number);
      const start = new Date(zonedTimeToUtc(y, m, d, 0, 0, site.timezone));
      const [ny, nm, nd] = nextDay(date).split("-").map(Number);
      const end = new Date(zonedTimeToUtc(ny, nm, nd, 0, 0, site.timezone));
      const prices = await db
        .select({ hour: spotPricesHourly.hour, eurMwh: spotPricesHourly.priceEurMwh })
        .from(spotPricesHourly)
        .where(and(eq(spotPricesHourly.zone, zone as never), gte(spotPricesHourly.hour, start), lt(spotPricesHourly.hour, end)))
        .orderBy(asc(spotPricesHourly.hour));
      const hoursInDay = Math.round((end.getTime() - start.getTime()) / 3_600_000);
      if (prices.length < hoursInDay) continue;
      const hours = prices.map((p) => ({ hour: localParts(p.hour.getTime(), site.timezone).hour, cents: (p.eurMwh / 10) * (1 + site.vat / 10_000) }));
      const cheapest = hourRanges(
        [...hours]
          .sort((a, b) => a.cents - b.cents || a.hour - b.hour)
          .slice(0, CHEAPEST_HOURS)
          .map((h) => h.hour),
      );
      // The alerts in pages by customer (memory stays flat however many there are), each page's
      // notifications queued in one batch insert: 100,000 customers are 100 round trips, not 100,000.
      for (let after = ""; ;) {
        const alerts = await db
          .select({ customerId: spotPriceAlerts.customerId, lower: spotPriceAlerts.lower, upper: spotPriceAlerts.upper })
          .from(spotPriceAlerts)
          .where(
            and(
              eq(spotPriceAlerts.siteId, site.id),
              eq(spotPriceAlerts.enabled, true),
              sql`(${spotPriceAlerts.lower} is not null or ${spotPriceAlerts.upper} is not null)`,
              after ? gt(spotPriceAlerts.customerId, after) : undefined,
            ),
          )
          .orderBy(asc(spotPriceAlerts.customerId))
          .limit(ALERT_PAGE);
        const jobs: ReturnType<typeof notificationEventJob>[] = [];
        for (const a of alerts) {
          const lower = a.lower === null ? null : Number(a.lower);
          const upper = a.upper === null ? null : Number(a.upper);
          const below = lower === null ? [] : hours.filter((h) => h.cents < lower).map((h) => h.hour);
          const above = upper === null ? [] : hours.filter((h) => h.cents > upper).map((h) => h.hour);
          if (!below.length && !above.length) continue;
          jobs.push(
            notificationEventJob({
              siteId: site.id,
              customerId: a.customerId,
              subject: "spot-price-alert",
              eventKey: `spot-price-alert:${date}`,
              params: { priceDate: date, below: hourRanges(below), above: hourRanges(above), cheapest },
            }),
          );
        }
        if (jobs.length) await sendJobs("notification-event", jobs);
        told += jobs.length;
        if (alerts.length < ALERT_PAGE) break;
        after = alerts[alerts.length - 1].customerId;
      }
    }
  }
  return told;
}

handleJob("notification-spot-prices", (payload) => evaluateSpotPriceAlerts(payload.zone, payload.from, payload.to));
