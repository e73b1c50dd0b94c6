import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { createAnnouncement, deleteAnnouncement, listAnnouncements, listSiteAnnouncements } from "@/server/announcements/announcements";
import { notFound } from "@/server/errors";
import { auditAdminChange } from "@/server/admin/site-admin";
import { AnnouncementCreated, AnnouncementIdParam, AnnouncementInput, AnnouncementList, AnnouncementsQuery, ClientIdParam, ManagedAnnouncementList } from "../schemas/announcements";
import { Ok } from "../schemas/common";

export const announcementsRouter = new OpenAPIHono<AppEnv>();

/** The administrator making a change, for the audit log. */
const actor = (c: Context<AppEnv>) => ({ siteId: c.get("site").id, personId: c.get("session")!.person.id, requestId: c.get("requestId") });

announcementsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/announcements/{clientId}",
    operationId: "listAnnouncements",
    errors: { 404: "Not the caller's own client id" },
    tags: ["Announcements"],
    summary: "Current announcements of the site for this client, in a locale",
    description: "Answers only for the caller's own client id (the user-id cookie or x-client-id header); any other id is not found.",
    access: "person",
    feature: "announcements",
    request: { params: ClientIdParam, query: AnnouncementsQuery },
    responses: { 200: jsonResponse(AnnouncementList) },
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
    operationId: "listSiteAnnouncements",
    tags: ["Announcements"],
    summary: "All announcements of the site, also scheduled and expired ones (administrators)",
    access: "site_admin",
    feature: "announcements",
    responses: { 200: jsonResponse(ManagedAnnouncementList) },
  }),
  async (c) => c.json({ announcements: await listSiteAnnouncements(c.get("site").id) }, 200),
);

announcementsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/site-announcements",
    operationId: "createAnnouncement",
    tags: ["Announcements"],
    summary: "Publish an announcement (administrators); its HTML is sanitized whenever it is served",
    access: "site_admin",
    feature: "announcements",
    request: { body: jsonBody(AnnouncementInput) },
    responses: { 201: jsonResponse(AnnouncementCreated, "Created") },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const announcement = await createAnnouncement(c.get("site").id, {
      ...body,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : undefined,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    });
    // In the administrators' history, as the admin area's own writes are.
    await auditAdminChange(actor(c), "announcement.create", { announcementId: announcement.id, title: announcement.title, locale: body.locale ?? null });
    return c.json({ announcement }, 201);
  },
);

announcementsRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/site-announcements/{announcementId}",
    operationId: "deleteAnnouncement",
    errors: { 404: "No such announcement" },
    tags: ["Announcements"],
    summary: "Remove an announcement (administrators)",
    access: "site_admin",
    feature: "announcements",
    request: { params: AnnouncementIdParam },
    responses: { 200: jsonResponse(Ok) },
  }),
  async (c) => {
    const { announcementId } = c.req.valid("param");
    await deleteAnnouncement(c.get("site").id, announcementId);
    await auditAdminChange(actor(c), "announcement.delete", { announcementId });
    return c.json({ ok: true }, 200);
  },
);
