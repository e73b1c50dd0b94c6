import { z } from "@hono/zod-openapi";
import { LocaleQuery } from "./common";
import { SEVERITIES } from "@/lib/announcements";
import { LOCALES } from "@/lib/locales";

export const Announcement = z
  .object({
    id: z.string(),
    title: z.string().openapi({ description: "Plain text" }),
    content: z.string().openapi({ description: "Sanitized HTML; every link opens in a new tab with rel=noopener noreferrer" }),
    severity: z.enum(SEVERITIES),
    publishedAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .openapi("Announcement");

export const ManagedAnnouncement = Announcement.extend({ locale: z.string().nullable(), priority: z.number().int() }).openapi("ManagedAnnouncement");

export const AnnouncementInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    contentHtml: z.string().min(1).max(20_000),
    locale: z.enum(LOCALES).nullable().default(null),
    severity: z.enum(SEVERITIES).default("info"),
    priority: z.number().int().min(-100).max(100).default(0),
    publishedAt: z.string().datetime({ offset: true }).optional(),
    expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .openapi("AnnouncementInput");

export const ClientIdParam = z.object({
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/)
    .openapi({ param: { name: "clientId", in: "path" }, description: "The browser's client id (user-id cookie)" }),
});

export const AnnouncementIdParam = z.object({
  announcementId: z
    .string()
    .uuid()
    .openapi({ param: { name: "announcementId", in: "path" } }),
});

export type Announcement = z.infer<typeof Announcement>;
export type ManagedAnnouncement = z.infer<typeof ManagedAnnouncement>;
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

/** The language of the announcements; the site's default when it does not offer it. */
export const AnnouncementsQuery = LocaleQuery;
export const AnnouncementList = z.object({ announcements: z.array(Announcement) });
export const ManagedAnnouncementList = z.object({ announcements: z.array(ManagedAnnouncement) });
export const AnnouncementCreated = z.object({ announcement: Announcement });
