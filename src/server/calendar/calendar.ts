import "server-only";
import ical from "ical-generator";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { calendarFeeds, customerAccess, energyContracts, invoices, meteringPoints } from "@/server/db/schema";
import { writeAudit } from "@/server/audit/audit";
import { notFound } from "@/server/errors";
import { customerOutages } from "@/server/outages/outages";
import { formatter } from "@/i18n/format";
import { serverTranslator } from "@/i18n/server-translator";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { CALENDAR_TOKEN_PREFIX } from "@/server/tokens/scopes";
import { hashToken, newSecret } from "@/server/tokens/tokens";

/** Who manages a calendar feed: a person acting for a customer of theirs on a site. */
export interface CalendarActor {
  siteId: string;
  personId: string;
  customerId: string;
  requestId: string | null;
}

export interface CalendarFeedState {
  active: boolean;
  createdAt: string | null;
  lastFetchedAt: string | null;
}

/** The site as the feed needs it. */
export interface CalendarSite {
  id: string;
  companyName: string;
  timezone: string;
  locales: string[];
  defaultLocaleId: string;
  features: readonly string[];
}

async function requireAccess(actor: CalendarActor): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ role: customerAccess.role })
    .from(customerAccess)
    .where(and(eq(customerAccess.siteId, actor.siteId), eq(customerAccess.personId, actor.personId), eq(customerAccess.customerId, actor.customerId)));
  if (!row) throw notFound();
}

const live = (actor: Omit<CalendarActor, "requestId">) =>
  and(eq(calendarFeeds.siteId, actor.siteId), eq(calendarFeeds.personId, actor.personId), eq(calendarFeeds.customerId, actor.customerId), isNull(calendarFeeds.revokedAt));

export async function calendarFeedState(actor: Omit<CalendarActor, "requestId">): Promise<CalendarFeedState> {
  const db = await getDb();
  const [row] = await db.select().from(calendarFeeds).where(live(actor)).orderBy(desc(calendarFeeds.createdAt)).limit(1);
  return { active: !!row, createdAt: row?.createdAt.toISOString() ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
}

/**
 * Makes the person's calendar feed for the customer, in a language of theirs: a live one is
 * replaced (its URL stops working). The token is in the answer only; the database keeps its hash.
 */
export async function createCalendarFeed(actor: CalendarActor, locale: string): Promise<{ token: string; state: CalendarFeedState }> {
  await requireAccess(actor);
  const db = await getDb();
  const token = newSecret(CALENDAR_TOKEN_PREFIX);
  await db.update(calendarFeeds).set({ revokedAt: new Date() }).where(live(actor));
  const [row] = await db
    .insert(calendarFeeds)
    .values({ siteId: actor.siteId, personId: actor.personId, customerId: actor.customerId, tokenHash: hashToken(token), locale })
    .returning();
  await writeAudit({ siteId: actor.siteId, actorPersonId: actor.personId, customerId: actor.customerId, action: "calendar-feed.created", details: { feedId: row.id }, requestId: actor.requestId });
  return { token, state: { active: true, createdAt: row.createdAt.toISOString(), lastFetchedAt: null } };
}

export async function revokeCalendarFeed(actor: CalendarActor): Promise<void> {
  const db = await getDb();
  const rows = await db.update(calendarFeeds).set({ revokedAt: new Date() }).where(live(actor)).returning({ id: calendarFeeds.id });
  if (rows.length === 0) throw notFound("tokens.errors.feed-not-found");
  await writeAudit({ siteId: actor.siteId, actorPersonId: actor.personId, customerId: actor.customerId, action: "calendar-feed.revoked", details: { feedId: rows[0].id }, requestId: actor.requestId });
}

/** The live feed of this site for a token from a feed URL, or null; marks it read. The person must still act for the customer. */
export async function feedForToken(siteId: string, token: string): Promise<{ id: string; customerId: string; locale: string } | null> {
  if (!token.startsWith(CALENDAR_TOKEN_PREFIX) || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: calendarFeeds.id, customerId: calendarFeeds.customerId, locale: calendarFeeds.locale })
    .from(calendarFeeds)
    .innerJoin(customerAccess, and(eq(customerAccess.personId, calendarFeeds.personId), eq(customerAccess.customerId, calendarFeeds.customerId), eq(customerAccess.siteId, siteId)))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(calendarFeeds.siteId, siteId), isNull(calendarFeeds.revokedAt)));
  if (!row) return null;
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(and(eq(calendarFeeds.id, row.id), eq(calendarFeeds.siteId, siteId)));
  return row;
}

// ---------------------------------------------------------------- the feed's entries

/** One entry of the feed: a whole day (a date of the site's calendar) or a span of time. */
export type CalendarEntry = { uid: string; summary: string; description: string; url?: string } & ({ date: string } | { start: Date; end: Date | null });

export interface CalendarSourceContext {
  site: CalendarSite;
  customerId: string;
  locale: string;
  /** The translator of the feed's texts (tokens-pages.calendar-feed). */
  t: (key: string, values?: Record<string, string | number | Date>) => string;
  /** The portal's address, for links back to the invoice or contract. */
  origin: string;
}

/** Due dates of the customer's invoices not yet paid (and of paid ones of the last 60 days, so a reminder does not vanish abruptly). */
async function invoiceEntries(ctx: CalendarSourceContext): Promise<CalendarEntry[]> {
  if (!ctx.site.features.includes("invoices")) return [];
  const db = await getDb();
  const since = addDays(todayIn(ctx.site.timezone), -60);
  const rows = await db
    .select({ id: invoices.id, number: invoices.invoiceNumber, dueDate: invoices.dueDate, totalCents: invoices.totalCents, currency: invoices.currency, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.siteId, ctx.site.id), eq(invoices.customerId, ctx.customerId), gte(invoices.dueDate, since), inArray(invoices.status, ["open", "outsourced"])))
    .orderBy(asc(invoices.dueDate));
  const f = formatter(ctx.locale, ctx.site.timezone);
  return rows.map((r) => ({
    uid: `invoice-${r.id}@${ctx.site.id}.portal`,
    date: r.dueDate,
    summary: ctx.t("invoice-due", { number: r.number }),
    description: ctx.t("invoice-due-description", { number: r.number, amount: f.money(Number(r.totalCents), r.currency), date: f.date(r.dueDate) }),
    url: `${ctx.origin}/invoices/${encodeURIComponent(r.number)}`,
  }));
}

/** The ends of the customer's contracts (energy_contracts.valid_to) from today on. */
async function contractEntries(ctx: CalendarSourceContext): Promise<CalendarEntry[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: energyContracts.id, productName: energyContracts.productName, validTo: energyContracts.validTo, gsrn: meteringPoints.gsrn, street: meteringPoints.street, city: meteringPoints.city })
    .from(energyContracts)
    .innerJoin(meteringPoints, and(eq(meteringPoints.id, energyContracts.meteringPointId), eq(meteringPoints.siteId, ctx.site.id)))
    .where(and(eq(energyContracts.siteId, ctx.site.id), eq(energyContracts.customerId, ctx.customerId), isNotNull(energyContracts.validTo), gte(energyContracts.validTo, todayIn(ctx.site.timezone))))
    .orderBy(asc(energyContracts.validTo));
  const f = formatter(ctx.locale, ctx.site.timezone);
  return rows.map((r) => ({
    uid: `contract-end-${r.id}@${ctx.site.id}.portal`,
    date: r.validTo!,
    summary: ctx.t("contract-end", { product: r.productName }),
    description: ctx.t("contract-end-description", { product: r.productName, address: `${r.street}, ${r.city}`, gsrn: r.gsrn, date: f.date(r.validTo!) }),
  }));
}

/** Planned outages (maintenance work) that touch the customer's usage points, from the outages area. */
async function plannedOutageEntries(ctx: CalendarSourceContext): Promise<CalendarEntry[]> {
  if (!ctx.site.features.includes("outages")) return [];
  const { planned } = await customerOutages(ctx.site.id, ctx.customerId);
  const f = formatter(ctx.locale, ctx.site.timezone);
  return planned.map((o) => {
    const start = new Date(o.startsAt);
    const end = o.estimatedRestorationAt ? new Date(o.estimatedRestorationAt) : null;
    return {
      uid: `outage-${o.id}@${ctx.site.id}.portal`,
      start,
      end,
      summary: ctx.t("outage", { area: o.areaName }),
      description: ctx.t("outage-description", {
        area: o.areaName,
        start: f.dateTime(start.toISOString()),
        end: end ? f.dateTime(end.toISOString()) : ctx.t("outage-end-unknown"),
        places: o.affectedPoints.map((p) => p.address).join("; "),
      }),
    };
  });
}

/**
 * What the feed lists, one source per kind of date. A later area that has dates for the
 * customer's calendar adds its source here.
 */
export const CALENDAR_SOURCES: ((ctx: CalendarSourceContext) => Promise<CalendarEntry[]>)[] = [invoiceEntries, contractEntries, plannedOutageEntries];

/** The feed as iCalendar text (RFC 5545): whole-day dates of the site's calendar, times in UTC, texts in the feed's language. */
export async function renderCalendarFeed(site: CalendarSite, feed: { customerId: string; locale: string }, origin: string, localeBase: string): Promise<string> {
  const locale = site.locales.includes(feed.locale) ? feed.locale : site.defaultLocaleId;
  const t = serverTranslator(locale, "tokens-pages.calendar-feed");
  const ctx: CalendarSourceContext = { site, customerId: feed.customerId, locale, t, origin: `${origin}${localeBase}` };
  const entries = (await Promise.all(CALENDAR_SOURCES.map((s) => s(ctx)))).flat();
  const cal = ical({
    name: t("name", { company: site.companyName }),
    description: t("description", { company: site.companyName }),
    prodId: { company: site.companyName, product: "Customer portal", language: locale.slice(0, 2).toUpperCase() },
    ttl: 60 * 60 * 6,
  });
  cal.x([{ key: "X-WR-TIMEZONE", value: site.timezone }]);
  // A stable stamp per entry keeps the text the same until something changes.
  const stamp = new Date(Date.UTC(2020, 0, 1));
  for (const e of entries) {
    if ("date" in e) {
      const [y, m, d] = e.date.split("-").map(Number);
      cal.createEvent({ id: e.uid, start: new Date(Date.UTC(y, m - 1, d)), allDay: true, summary: e.summary, description: e.description, url: e.url, stamp });
    } else {
      cal.createEvent({ id: e.uid, start: e.start, end: e.end ?? new Date(e.start.getTime() + 3_600_000), summary: e.summary, description: e.description, url: e.url, stamp });
    }
  }
  return cal.toString();
}

/** The customer's feeds for "my data": dates and state, never a token or hash. */
export async function calendarFeedsExport(siteId: string, personId: string, customerId: string) {
  const db = await getDb();
  const rows = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt, revokedAt: calendarFeeds.revokedAt, locale: calendarFeeds.locale })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.siteId, siteId), eq(calendarFeeds.personId, personId), eq(calendarFeeds.customerId, customerId)))
    .orderBy(desc(calendarFeeds.createdAt));
  return rows.map((r) => ({ createdAt: r.createdAt.toISOString(), lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null, revokedAt: r.revokedAt?.toISOString() ?? null, locale: r.locale }));
}
