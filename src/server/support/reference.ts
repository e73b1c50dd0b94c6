import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { supportChannels, supportReferenceNames, supportSubtypes, supportTopics, type SupportReferenceKind } from "@/server/db/schema";
import { DEFAULT_LOCALE, isLocale } from "@/lib/locales";

/**
 * The support reference lists of a site (channels, topics, subtypes) with their names in a
 * locale. A name missing in the locale falls back to the site's default locale, then to English,
 * then to the code itself, so a list is never shown with holes.
 */

export interface ReferenceSite {
  id: string;
  defaultLocaleId: string;
}

/** The category of a ticket about nothing in particular. */
export const TOPIC_NONE = "NONE";

/** The language of names: the one asked for when it is one of the portal's, else the site's default. */
export function supportLocale(site: ReferenceSite, requested: string | null | undefined): string {
  return requested && isLocale(requested) ? requested : site.defaultLocaleId;
}

export type NameBook = Record<SupportReferenceKind, Map<string, string>>;

/** Every name of the site's lists in `locale`, with the fallbacks applied. */
export async function referenceNames(site: ReferenceSite, locale: string, db?: Db): Promise<NameBook> {
  const d = db ?? (await getDb());
  const order = [...new Set([locale, site.defaultLocaleId, DEFAULT_LOCALE])];
  const rows = await d
    .select({ kind: supportReferenceNames.kind, code: supportReferenceNames.code, locale: supportReferenceNames.locale, name: supportReferenceNames.name })
    .from(supportReferenceNames)
    .where(and(eq(supportReferenceNames.siteId, site.id), inArray(supportReferenceNames.locale, order)));
  const book: NameBook = { channel: new Map(), topic: new Map(), subtype: new Map() };
  const rank = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.kind}|${r.code}`;
    const at = order.indexOf(r.locale);
    if (rank.has(key) && rank.get(key)! <= at) continue;
    rank.set(key, at);
    book[r.kind].set(r.code, r.name);
  }
  return book;
}

export async function listChannels(site: ReferenceSite, locale: string) {
  const db = await getDb();
  const [rows, names] = await Promise.all([
    db
      .select({ code: supportChannels.code })
      .from(supportChannels)
      .where(and(eq(supportChannels.siteId, site.id), eq(supportChannels.active, true)))
      .orderBy(asc(supportChannels.sortOrder), asc(supportChannels.code)),
    referenceNames(site, locale, db),
  ]);
  return rows.map((r) => ({ code: r.code, name: names.channel.get(r.code) ?? r.code }));
}

/** A ticket's channel in the reader's language: the site's name for the code, the code when the site has none. */
export async function channelName(site: ReferenceSite, locale: string, code: string): Promise<string> {
  return (await referenceNames(site, locale)).channel.get(code) ?? code;
}

export async function listTopics(site: ReferenceSite, locale: string) {
  const db = await getDb();
  const [rows, names] = await Promise.all([
    db
      .select({ code: supportTopics.code })
      .from(supportTopics)
      .where(and(eq(supportTopics.siteId, site.id), eq(supportTopics.active, true)))
      .orderBy(asc(supportTopics.sortOrder), asc(supportTopics.code)),
    referenceNames(site, locale, db),
  ]);
  return rows.map((r) => ({ code: r.code, name: names.topic.get(r.code) ?? r.code }));
}

export async function listSubtypes(site: ReferenceSite, locale: string, topicCode?: string) {
  const db = await getDb();
  const [rows, names] = await Promise.all([
    db
      .select({ code: supportSubtypes.code, topicCode: supportSubtypes.topicCode })
      .from(supportSubtypes)
      .innerJoin(supportTopics, and(eq(supportTopics.siteId, supportSubtypes.siteId), eq(supportTopics.code, supportSubtypes.topicCode)))
      .where(and(eq(supportSubtypes.siteId, site.id), eq(supportSubtypes.active, true), eq(supportTopics.active, true), topicCode ? eq(supportSubtypes.topicCode, topicCode) : undefined))
      .orderBy(asc(supportTopics.sortOrder), asc(supportSubtypes.sortOrder), asc(supportSubtypes.code)),
    referenceNames(site, locale, db),
  ]);
  return rows.map((r) => ({ code: r.code, name: names.subtype.get(r.code) ?? r.code, topicCode: r.topicCode }));
}

/** An active subtype of the site with its topic, or null. */
export async function findSubtype(siteId: string, code: string): Promise<{ code: string; topicCode: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ code: supportSubtypes.code, topicCode: supportSubtypes.topicCode })
    .from(supportSubtypes)
    .innerJoin(supportTopics, and(eq(supportTopics.siteId, supportSubtypes.siteId), eq(supportTopics.code, supportSubtypes.topicCode)))
    .where(and(eq(supportSubtypes.siteId, siteId), eq(supportSubtypes.code, code), eq(supportSubtypes.active, true), eq(supportTopics.active, true)));
  return row ?? null;
}

export async function topicExists(siteId: string, code: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ code: supportTopics.code })
    .from(supportTopics)
    .where(and(eq(supportTopics.siteId, siteId), eq(supportTopics.code, code), eq(supportTopics.active, true)));
  return !!row;
}

export async function channelExists(siteId: string, code: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ code: supportChannels.code })
    .from(supportChannels)
    .where(and(eq(supportChannels.siteId, siteId), eq(supportChannels.code, code), eq(supportChannels.active, true)));
  return !!row;
}
