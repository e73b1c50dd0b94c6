import "server-only";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { inboxMessages } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { sanitizeAnnouncementHtml } from "@/server/announcements/sanitize";
import { auditChange, type SettingsActor, type SettingsSite } from "@/server/settings/actor";
import type { NotificationSubject } from "@/lib/notifications";
import { PSEUDO_LOCALE } from "@/lib/locales";
import { devToolsEnabled } from "@/lib/env";
import { bodyHtml, renderNotification } from "./render";

export interface InboxMessageView {
  id: string;
  subject: NotificationSubject;
  title: string;
  /** Sanitized HTML, links opening in a new tab without opener or referrer (as announcements). */
  content: string;
  /** The portal page the message is about (a path without the language prefix), or null. */
  link: string | null;
  read: boolean;
  archived: boolean;
  createdAt: string;
}

type Row = typeof inboxMessages.$inferSelect;

function view(row: Row, locale: string, timeZone: string): InboxMessageView {
  const { title, body } = renderNotification(locale, timeZone, row.subject as NotificationSubject, row.params);
  return {
    id: row.id,
    subject: row.subject as NotificationSubject,
    title,
    content: sanitizeAnnouncementHtml(bodyHtml(body)),
    link: row.link,
    read: row.readAt !== null,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The inbox newest first, written in `locale`; archived messages only when asked for. */
export async function listInbox(
  site: SettingsSite & { timezone: string },
  customerId: string,
  opts: { locale: string; archived?: boolean; limit?: number },
): Promise<{ messages: InboxMessageView[]; unread: number }> {
  const db = await getDb();
  // The pseudo-locale (development) shows which texts are translated; any other language the site lacks reads in its default.
  const locale = site.locales.includes(opts.locale) || (opts.locale === PSEUDO_LOCALE && devToolsEnabled()) ? opts.locale : site.defaultLocaleId;
  const rows = await db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.siteId, site.id), eq(inboxMessages.customerId, customerId), opts.archived ? sql`${inboxMessages.archivedAt} is not null` : isNull(inboxMessages.archivedAt)))
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(opts.limit ?? 200);
  return { messages: rows.map((r) => view(r, locale, site.timezone)), unread: await unreadCount(site.id, customerId) };
}

export async function unreadCount(siteId: string, customerId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.siteId, siteId), eq(inboxMessages.customerId, customerId), isNull(inboxMessages.readAt), isNull(inboxMessages.archivedAt)));
  return Number(row?.n ?? 0);
}

export async function isOwnMessage(siteId: string, customerId: string, id: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(and(eq(inboxMessages.siteId, siteId), eq(inboxMessages.customerId, customerId), eq(inboxMessages.id, id)));
  return !!row;
}

/** Marks a message read or unread, archives or restores it. */
export async function updateInboxMessage(
  actor: SettingsActor & { site: SettingsActor["site"] & { timezone: string } },
  id: string,
  change: { read?: boolean; archived?: boolean },
  locale: string,
): Promise<InboxMessageView> {
  const db = await getDb();
  const where = and(eq(inboxMessages.siteId, actor.site.id), eq(inboxMessages.customerId, actor.customerId), eq(inboxMessages.id, id));
  const now = new Date();
  const set: Partial<Row> = {};
  if (change.read !== undefined) set.readAt = change.read ? now : null;
  if (change.archived !== undefined) set.archivedAt = change.archived ? now : null;
  const [row] = Object.keys(set).length ? await db.update(inboxMessages).set(set).where(where).returning() : await db.select().from(inboxMessages).where(where);
  if (!row) throw notFound("notifications.errors.message-not-found");
  if (Object.keys(set).length) await auditChange(actor, "inbox-message-update", { messageId: id, ...change });
  return view(row, actor.site.locales.includes(locale) ? locale : actor.site.defaultLocaleId, actor.site.timezone);
}
