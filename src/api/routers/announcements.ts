import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { createAnnouncement, deleteAnnouncement, listAnnouncements, listSiteAnnouncements, SEVERITIES } from "@/server/announcements/announcements";
import { notFound } from "@/server/errors";
import { LOCALES } from "@/lib/locales";

const Announcement = z
  .object({
    id: z.string(),
    title: z.string().openapi({ description: "Plain text" }),
    content: z.string().openapi({ description: "Sanitized HTML; every link opens in a new tab with rel=noopener noreferrer" }),
    severity: z.enum(SEVERITIES),
    publishedAt: z.string(),
    expiresAt: z.string().nullable(),
  })
  .openapi("Announcement");

const ManagedAnnouncement = Announcement.extend({ locale: z.string().nullable(), priority: z.number().int() }).openapi("ManagedAnnouncement");

const AnnouncementInput = z
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

const ClientIdParam = z.object({
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/)
    .openapi({ param: { name: "clientId", in: "path" }, description: "The browser's client id (user-id cookie)" }),
});

const AnnouncementIdParam = z.object({
  announcementId: z.string().uuid().openapi({ param: { name: "announcementId", in: "path" } }),
});

export const announcementsRouter = new OpenAPIHono<AppEnv>();

announcementsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/announcements/{clientId}",
    tags: ["Announcements"],
    summary: "Current announcements of the site for this client, in a locale",
    description: "Answers only for the caller's own client id (the user-id cookie or x-client-id header); any other id is not found.",
    access: "person",
    feature: "announcements",
    request: { params: ClientIdParam, query: z.object({ locale: z.string().max(10).optional() }) },
    responses: { 200: jsonResponse(z.object({ announcements: z.array(Announcement) })) },
  }),
  async (c) => {
    const site = c.get("site");
    const { clientId } = c.req.valid("param");
    if (!c.get("clientId") || c.get("clientId") !== clientId) throw notFound();
    const requested = c.req.valid("query").locale;
    const locale = requested && site.locales.includes(requested) ? requested : site.defaultLocaleId;
    return c.json({ announcements: await listAnnouncements(site.id, locale) }, 200);
  },
);

announcementsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/site-announcements",
    tags: ["Announcements"],
    summary: "All announcements of the site, also scheduled and expired ones (administrators)",
    access: "site_admin",
    feature: "announcements",
    responses: { 200: jsonResponse(z.object({ announcements: z.array(ManagedAnnouncement) })) },
  }),
  async (c) => c.json({ announcements: await listSiteAnnouncements(c.get("site").id) }, 200),
);

announcementsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/site-announcements",
    tags: ["Announcements"],
    summary: "Publish an announcement (administrators); its HTML is sanitized whenever it is served",
    access: "site_admin",
    feature: "announcements",
    request: { body: jsonBody(AnnouncementInput) },
    responses: { 201: jsonResponse(z.object({ announcement: Announcement }), "Created") },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const announcement = await createAnnouncement(c.get("site").id, {
      ...body,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : undefined,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
    return c.json({ announcement }, 201);
  },
);

announcementsRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/site-announcements/{announcementId}",
    tags: ["Announcements"],
    summary: "Remove an announcement (administrators)",
    access: "site_admin",
    feature: "announcements",
    request: { params: AnnouncementIdParam },
    responses: { 200: jsonResponse(z.object({ ok: z.boolean() })) },
  }),
  async (c) => {
    await deleteAnnouncement(c.get("site").id, c.req.valid("param").announcementId);
    return c.json({ ok: true }, 200);
  },
);
