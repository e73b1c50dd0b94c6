import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { customerAccess, spreadsheetFeeds } from "@/server/db/schema";
import { writeAudit } from "@/server/audit/audit";
import { notFound } from "@/server/errors";
import { dashboardScope } from "@/server/metering/dashboard";
import { energyStatistics, spotStatistics, type EnergyStatisticsQuery } from "@/server/metering/statistics";
import type { Site } from "@/server/sites/sites";
import { SPREADSHEET_TOKEN_PREFIX } from "./scopes";
import { hashToken, newSecret } from "./tokens";

/**
 * The spreadsheet feed: CSV addresses a spreadsheet's "import data from URL" function can read
 * (Google Sheets' IMPORTDATA, Excel's From Web, LibreOffice's linked data), which send no
 * headers. The address carries the feed's own token, never a personal API token: it reads only
 * consumption and spot prices, is one per person and customer, and stops at once when revoked or
 * replaced (or when the person no longer acts for the customer).
 */
export interface SpreadsheetActor {
  siteId: string;
  personId: string;
  customerId: string;
  requestId: string | null;
}

export interface SpreadsheetFeedState {
  active: boolean;
  createdAt: string | null;
  lastFetchedAt: string | null;
}

/** The datasets of a feed: each its own address, `/api/spreadsheet/<token>/<name>`. */
export const SPREADSHEET_DATASETS = ["consumption.csv", "spot-prices.csv"] as const;

const live = (actor: Omit<SpreadsheetActor, "requestId">) =>
  and(eq(spreadsheetFeeds.siteId, actor.siteId), eq(spreadsheetFeeds.personId, actor.personId), eq(spreadsheetFeeds.customerId, actor.customerId), isNull(spreadsheetFeeds.revokedAt));

export async function spreadsheetFeedState(actor: Omit<SpreadsheetActor, "requestId">): Promise<SpreadsheetFeedState> {
  const db = await getDb();
  const [row] = await db.select().from(spreadsheetFeeds).where(live(actor)).orderBy(desc(spreadsheetFeeds.createdAt)).limit(1);
  return { active: !!row, createdAt: row?.createdAt.toISOString() ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
}

async function requireAccess(actor: SpreadsheetActor): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ role: customerAccess.role })
    .from(customerAccess)
    .where(and(eq(customerAccess.siteId, actor.siteId), eq(customerAccess.personId, actor.personId), eq(customerAccess.customerId, actor.customerId)));
  if (!row) throw notFound();
}

/** Makes the person's spreadsheet feed for the customer; a live one is replaced. The token is in the answer only. */
export async function createSpreadsheetFeed(actor: SpreadsheetActor): Promise<{ token: string; state: SpreadsheetFeedState }> {
  await requireAccess(actor);
  const db = await getDb();
  const token = newSecret(SPREADSHEET_TOKEN_PREFIX);
  await db.update(spreadsheetFeeds).set({ revokedAt: new Date() }).where(live(actor));
  const [row] = await db
    .insert(spreadsheetFeeds)
    .values({ siteId: actor.siteId, personId: actor.personId, customerId: actor.customerId, tokenHash: hashToken(token) })
    .returning();
  await writeAudit({ siteId: actor.siteId, actorPersonId: actor.personId, customerId: actor.customerId, action: "spreadsheet-feed.created", details: { feedId: row.id }, requestId: actor.requestId });
  return { token, state: { active: true, createdAt: row.createdAt.toISOString(), lastFetchedAt: null } };
}

export async function revokeSpreadsheetFeed(actor: SpreadsheetActor): Promise<void> {
  const db = await getDb();
  const rows = await db.update(spreadsheetFeeds).set({ revokedAt: new Date() }).where(live(actor)).returning({ id: spreadsheetFeeds.id });
  if (rows.length === 0) throw notFound("tokens.errors.spreadsheet-not-found");
  await writeAudit({
    siteId: actor.siteId,
    actorPersonId: actor.personId,
    customerId: actor.customerId,
    action: "spreadsheet-feed.revoked",
    details: { feedId: rows[0].id },
    requestId: actor.requestId,
  });
}

/** The live feed of this site for a token from a feed address, or null; marks it read. The person must still act for the customer. */
export async function spreadsheetFeedForToken(siteId: string, token: string): Promise<{ id: string; customerId: string } | null> {
  if (!token.startsWith(SPREADSHEET_TOKEN_PREFIX) || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: spreadsheetFeeds.id, customerId: spreadsheetFeeds.customerId })
    .from(spreadsheetFeeds)
    .innerJoin(customerAccess, and(eq(customerAccess.personId, spreadsheetFeeds.personId), eq(customerAccess.customerId, spreadsheetFeeds.customerId), eq(customerAccess.siteId, siteId)))
    .where(and(eq(spreadsheetFeeds.tokenHash, hashToken(token)), eq(spreadsheetFeeds.siteId, siteId), isNull(spreadsheetFeeds.revokedAt)));
  if (!row) return null;
  await db
    .update(spreadsheetFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(and(eq(spreadsheetFeeds.id, row.id), eq(spreadsheetFeeds.siteId, siteId)));
  return row;
}

// ---------------------------------------------------------------- CSV

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; numbers with a dot, never grouped. */
function field(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : value;
  // A leading =, +, - or @ would make a spreadsheet read a formula out of text (no number here starts so but a negative one).
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}

/**
 * The customer's consumption per bucket (kWh) as CSV: `start,end,kwh`, the times ISO 8601 in the
 * site's time zone with their offset, a bucket without data left empty. Default: this month by day.
 */
export async function consumptionCsv(site: Site, customerId: string, q: EnergyStatisticsQuery): Promise<string> {
  const stats = await energyStatistics(site, dashboardScope(site, customerId), "consumption", q);
  const rows = stats.values.map((v, i) => [v.date, stats.values[i + 1]?.date ?? stats.to, v.value]);
  return toCsv(["start", "end", "kwh"], rows);
}

/** The site's spot prices for today and tomorrow (when published) as CSV, per price interval. */
export async function spotPricesCsv(site: Site): Promise<string> {
  const spot = await spotStatistics(site);
  const prices = [...(spot.today?.prices ?? []), ...(spot.tomorrow?.prices ?? [])];
  return toCsv(
    ["start", "end", "eur_per_mwh", "cents_per_kwh", "cents_per_kwh_with_vat"],
    prices.map((p) => [p.start, p.end, p.eurPerMwh, p.centsPerKwh, p.centsPerKwhWithVat]),
  );
}
