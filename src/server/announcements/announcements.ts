import "server-only";
import { and, desc, eq, gt, isNull, lte, or } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { announcements } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { DEFAULT_LOCALE, PSEUDO_LOCALE } from "@/lib/locales";
import { SEVERITIES, type AnnouncementView, type Severity } from "@/lib/announcements";
import { plainText, sanitizeAnnouncementHtml } from "./sanitize";

export { SEVERITIES, type Severity };

const LIST_LIMIT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { AnnouncementView };

function view(row: typeof announcements.$inferSelect): AnnouncementView {
  return {
    id: row.id,
    title: plainText(row.title),
    content: sanitizeAnnouncementHtml(row.contentHtml),
    severity: (SEVERITIES as readonly string[]).includes(row.severity) ? (row.severity as Severity) : "info",
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * How long an announcement without an end date is shown: news older than this is stale. An
 * announcement that must stay longer gets an end date.
 */
export const ANNOUNCEMENT_DEFAULT_DAYS = 90;

/**
 * The site's current announcements in a locale (plus those for every locale), newest first:
 * published, not past their end date, and, without an end date, not older than
 * ANNOUNCEMENT_DEFAULT_DAYS. Of two published at the same moment the more important comes first.
 */
export async function listAnnouncements(siteId: string, locale: string, now = new Date()): Promise<AnnouncementView[]> {
  // The pseudo-locale shows what English readers see.
  const lookup = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const db = await getDb();
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.siteId, siteId),
        or(eq(announcements.locale, lookup), isNull(announcements.locale)),
        lte(announcements.publishedAt, now),
        or(and(isNull(announcements.expiresAt), gt(announcements.publishedAt, new Date(now.getTime() - ANNOUNCEMENT_DEFAULT_DAYS * 86_400_000))), gt(announcements.expiresAt, now)),
      ),
    )
    .orderBy(desc(announcements.publishedAt), desc(announcements.priority))
    .limit(LIST_LIMIT);
  return rows.map(view);
}

export interface AnnouncementInput {
  title: string;
  contentHtml: string;
  locale: string | null;
  severity: Severity;
  priority?: number;
  publishedAt?: Date;
  expiresAt?: Date | null;
}

/** Every announcement of the site, for its administrators (also scheduled and expired ones). */
export async function listSiteAnnouncements(siteId: string): Promise<(AnnouncementView & { locale: string | null; priority: number })[]> {
  const db = await getDb();
  const rows = await db.select().from(announcements).where(eq(announcements.siteId, siteId)).orderBy(desc(announcements.publishedAt)).limit(500);
  return rows.map((r) => ({ ...view(r), locale: r.locale, priority: r.priority }));
}

/** PostgreSQL text cannot hold NUL characters; browsers ignore them anyway. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

export async function createAnnouncement(siteId: string, input: AnnouncementInput): Promise<AnnouncementView> {
  const db = await getDb();
  const [row] = await db
    .insert(announcements)
    .values({
      siteId,
      title: withoutNul(input.title),
      contentHtml: withoutNul(input.contentHtml),
      locale: input.locale,
      severity: input.severity,
      priority: input.priority ?? 0,
      publishedAt: input.publishedAt ?? new Date(),
      expiresAt: input.expiresAt ?? null,
    })
    .returning();
  return view(row);
}

export async function deleteAnnouncement(siteId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound();
  const db = await getDb();
  const deleted = await db
    .delete(announcements)
    .where(and(eq(announcements.siteId, siteId), eq(announcements.id, id)))
    .returning({ id: announcements.id });
  if (!deleted.length) throw notFound();
}

/** Ends an announcement now (kept for the record); one already ended keeps its end. Another site's id is not found. */
export async function withdrawAnnouncement(siteId: string, id: string, now = new Date()): Promise<typeof announcements.$inferSelect> {
  if (!UUID.test(id)) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.siteId, siteId), eq(announcements.id, id)));
  if (!row) throw notFound();
  if (row.expiresAt && row.expiresAt <= now) return row;
  const [updated] = await db
    .update(announcements)
    .set({ expiresAt: now })
    .where(and(eq(announcements.siteId, siteId), eq(announcements.id, id)))
    .returning();
  return updated;
}
