import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { announcements, sites } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import { createAnnouncement, withdrawAnnouncement, SEVERITIES, type Severity } from "@/server/announcements/announcements";
import { plainText, sanitizeAnnouncementHtml } from "@/server/announcements/sanitize";
import { auditAdminChange, type AdminContext } from "./site-admin";

export type AnnouncementStatus = "scheduled" | "live" | "ended";

export interface AdminAnnouncement {
  id: string;
  title: string;
  /** Sanitized again when shown (stored already sanitized). */
  content: string;
  locale: string | null;
  severity: Severity;
  publishedAt: string;
  expiresAt: string | null;
  status: AnnouncementStatus;
}

function statusOf(row: { publishedAt: Date; expiresAt: Date | null }, now: Date): AnnouncementStatus {
  if (row.expiresAt && row.expiresAt <= now) return "ended";
  return row.publishedAt > now ? "scheduled" : "live";
}

const view = (row: typeof announcements.$inferSelect, now: Date): AdminAnnouncement => ({
  id: row.id,
  title: plainText(row.title),
  content: sanitizeAnnouncementHtml(row.contentHtml),
  locale: row.locale,
  severity: (SEVERITIES as readonly string[]).includes(row.severity) ? (row.severity as Severity) : "info",
  publishedAt: row.publishedAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  status: statusOf(row, now),
});

/** Every announcement of the site (scheduled, live and ended), newest publication first. */
export async function listAdminAnnouncements(siteId: string, now = new Date()): Promise<AdminAnnouncement[]> {
  const db = await getDb();
  const rows = await db.select().from(announcements).where(eq(announcements.siteId, siteId)).orderBy(desc(announcements.publishedAt)).limit(500);
  return rows.map((r) => view(r, now));
}

export interface WriteAnnouncementInput {
  title: string;
  contentHtml: string;
  locale: string | null;
  severity: Severity;
  publishedAt?: string;
  expiresAt?: string | null;
}

/**
 * Writes (or schedules, with a later publishedAt) an announcement in one locale of the site or in
 * all. The HTML is sanitized before it is stored, and again whenever it is shown.
 */
export async function writeAnnouncement(ctx: AdminContext, input: WriteAnnouncementInput, now = new Date()): Promise<AdminAnnouncement> {
  const db = await getDb();
  const [site] = await db.select({ locales: sites.locales }).from(sites).where(eq(sites.id, ctx.siteId));
  if (!site) throw notFound();
  const errors: FieldError[] = [];
  const title = plainText(input.title.replaceAll("\u0000", "")).trim();
  const contentHtml = sanitizeAnnouncementHtml(input.contentHtml.replaceAll("\u0000", ""));
  if (!title) errors.push({ path: "title", code: "required", message: "admin.errors.required" });
  if (!plainText(contentHtml).trim()) errors.push({ path: "contentHtml", code: "required", message: "admin.errors.required" });
  if (input.locale !== null && !site.locales.includes(input.locale)) errors.push({ path: "locale", code: "locale-not-offered", message: "admin.errors.locale-not-offered" });
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : now;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (Number.isNaN(publishedAt.getTime())) errors.push({ path: "publishedAt", code: "invalid-date", message: "admin.errors.invalid-date" });
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt <= publishedAt || expiresAt <= now))
    errors.push({ path: "expiresAt", code: "end-before-start", message: "admin.errors.end-before-start" });
  if (errors.length) throw validationError(errors);
  const created = await createAnnouncement(ctx.siteId, { title, contentHtml, locale: input.locale, severity: input.severity, publishedAt, expiresAt });
  await auditAdminChange(ctx, "announcement.create", { announcementId: created.id, title, locale: input.locale, publishedAt: publishedAt.toISOString(), expiresAt: expiresAt?.toISOString() ?? null });
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.siteId, ctx.siteId), eq(announcements.id, created.id)));
  return view(row, now);
}

/** Ends an announcement now; customers no longer see it. */
export async function withdrawAdminAnnouncement(ctx: AdminContext, id: string, now = new Date()): Promise<AdminAnnouncement> {
  const row = await withdrawAnnouncement(ctx.siteId, id, now);
  await auditAdminChange(ctx, "announcement.withdraw", { announcementId: row.id, title: plainText(row.title) });
  return view(row, now);
}
