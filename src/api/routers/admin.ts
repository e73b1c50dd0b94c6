import { OpenAPIHono, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { notFound } from "@/server/errors";
import { addSiteDomain, getAdminSite, getSiteLocales, listAdminAudit, listDomains, removeSiteDomain, setPrimaryDomain, setSiteLocales, updateSite, type AdminContext } from "@/server/admin/site-admin";
import { listTranslations, updateTranslations } from "@/server/admin/translations";
import { addFeedbackForm, deleteFeedbackSubmissions, feedbackCsv, feedbackResults, listFeedbackForms, updateFeedbackForm } from "@/server/admin/feedback-admin";
import { serverTranslator } from "@/i18n/server-translator";
import { listAdminAnnouncements, withdrawAdminAnnouncement, writeAnnouncement } from "@/server/admin/announcements-admin";
import { LOCALES, LOCALE_NAMES } from "@/lib/locales";
import {
  AddDomainRequest,
  AdminAuditList,
  AdminDomains,
  AdminSite,
  DomainRequest,
  LocaleOptions,
  SiteIdParam,
  SiteLocales,
  SiteLocalesRequest,
  SitePatchRequest,
  TranslationList,
  TranslationsPatch,
  TranslationsQuery,
  AddFeedbackFormRequest,
  AdminAnnouncement,
  AdminAnnouncements,
  WithdrawAnnouncementRequest,
  WriteAnnouncementRequest,
  AdminFeedbackForm,
  AdminFeedbackForms,
  Deleted,
  FeedbackFormIdRequest,
  FeedbackResults,
  FeedbackResultsQuery,
  FormIdParam,
  UpdateFeedbackFormRequest,
} from "../schemas/admin";

/**
 * Runs before input validation: `{siteId}` must be the site of the request's host, so an
 * administrator never reaches another site, and learns nothing of it from validation errors.
 */
export const ownSiteOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.param("siteId") !== c.get("site").id) throw notFound();
  await next();
});

export function adminContext(c: Context<AppEnv>): AdminContext {
  return { siteId: c.get("site").id, personId: c.get("session")!.person.id, requestId: c.get("requestId") };
}

const localeOptions = (ids: readonly string[]) => ids.map((id) => ({ id, name: LOCALE_NAMES[id as keyof typeof LOCALE_NAMES] ?? id }));

export const adminRouter = new OpenAPIHono<AppEnv>();

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}",
    operationId: "getAdminSite",
    tags: ["Admin"],
    summary: "The site's settings as administrators edit them",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(AdminSite) },
  }),
  async (c) => c.json(await getAdminSite(c.get("site").id), 200),
);

adminRouter.openapi(
  defineRoute({
    method: "patch",
    path: "/admin/site/{siteId}",
    operationId: "updateAdminSite",
    tags: ["Admin"],
    summary: "Change the site's company name, timezone, theme, meta fields, footer and contact links or analytics id",
    description: "Only the fields sent change. Every change is audited and reaches every server process at once.",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(SitePatchRequest) },
    responses: { 200: jsonResponse(AdminSite) },
  }),
  async (c) => c.json(await updateSite(adminContext(c), c.req.valid("json")), 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/locales",
    operationId: "listAdminLocales",
    tags: ["Admin"],
    summary: "Every locale the product supports",
    access: "site_admin",
    responses: { 200: jsonResponse(LocaleOptions) },
  }),
  async (c) => c.json({ locales: localeOptions(LOCALES) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/locales",
    operationId: "getAdminSiteLocales",
    tags: ["Admin"],
    summary: "The locales the site offers and its default",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(SiteLocales) },
  }),
  async (c) => {
    const l = await getSiteLocales(c.get("site").id);
    return c.json({ locales: localeOptions(l.locales), defaultLocaleId: l.defaultLocaleId }, 200);
  },
);

adminRouter.openapi(
  defineRoute({
    method: "put",
    path: "/admin/site/{siteId}/locales",
    operationId: "setAdminSiteLocales",
    tags: ["Admin"],
    summary: "Set the locales the site offers (and optionally its default); the default cannot be removed",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(SiteLocalesRequest) },
    responses: { 200: jsonResponse(SiteLocales) },
  }),
  async (c) => {
    const l = await setSiteLocales(adminContext(c), c.req.valid("json"));
    return c.json({ locales: localeOptions(l.locales), defaultLocaleId: l.defaultLocaleId }, 200);
  },
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/domains",
    operationId: "listAdminDomains",
    tags: ["Admin"],
    summary: "The site's host names, the primary one marked",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(AdminDomains) },
  }),
  async (c) => c.json({ domains: await listDomains(c.get("site").id) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "post",
    path: "/admin/site/{siteId}/domains",
    operationId: "addAdminDomain",
    tags: ["Admin"],
    summary: "Add a host name to the site; one that is not valid or belongs to another site is 422",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(AddDomainRequest) },
    responses: { 200: jsonResponse(AdminDomains) },
  }),
  async (c) => c.json({ domains: await addSiteDomain(adminContext(c), c.req.valid("json")) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "patch",
    path: "/admin/site/{siteId}/domains",
    operationId: "setAdminPrimaryDomain",
    tags: ["Admin"],
    summary: "Make one of the site's host names the primary one",
    access: "site_admin",
    errors: { 404: "The host name is not one of the site's" },
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(DomainRequest) },
    responses: { 200: jsonResponse(AdminDomains) },
  }),
  async (c) => c.json({ domains: await setPrimaryDomain(adminContext(c), c.req.valid("json").host) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/admin/site/{siteId}/domains",
    operationId: "deleteAdminDomain",
    tags: ["Admin"],
    summary: "Remove a host name of the site; the primary one cannot be removed (422)",
    access: "site_admin",
    errors: { 404: "The host name is not one of the site's" },
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(DomainRequest) },
    responses: { 200: jsonResponse(AdminDomains) },
  }),
  async (c) => c.json({ domains: await removeSiteDomain(adminContext(c), c.req.valid("json").host) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/audit",
    operationId: "listAdminAudit",
    tags: ["Admin"],
    summary: "The administrators' changes to the site, newest first",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(AdminAuditList) },
  }),
  async (c) => c.json({ entries: await listAdminAudit(c.get("site").id) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/translations",
    operationId: "listAdminTranslations",
    tags: ["Admin"],
    summary: "Every message key in a locale of the site, with the product's text and the site's override",
    access: "site_admin",
    feature: "admin-localization",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, query: TranslationsQuery },
    responses: { 200: jsonResponse(TranslationList) },
  }),
  async (c) => {
    const { locale, q } = c.req.valid("query");
    return c.json({ locale, entries: await listTranslations(c.get("site").id, locale, q) }, 200);
  },
);

adminRouter.openapi(
  defineRoute({
    method: "patch",
    path: "/admin/site/{siteId}/translations",
    operationId: "updateAdminTranslations",
    tags: ["Admin"],
    summary: "Override or revert messages in a locale of the site",
    description:
      "Each text must be valid ICU with the same arguments as the product's message, or the whole change is refused with 422 and nothing is stored. null (or the product's own text) reverts. Pages show the change on their next load.",
    access: "site_admin",
    feature: "admin-localization",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, query: TranslationsQuery.pick({ locale: true }), body: jsonBody(TranslationsPatch) },
    responses: { 200: jsonResponse(TranslationList) },
  }),
  async (c) => {
    const { locale } = c.req.valid("query");
    return c.json({ locale, entries: await updateTranslations(adminContext(c), locale, c.req.valid("json").translations) }, 200);
  },
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/feedback-form",
    operationId: "listAdminFeedbackForms",
    tags: ["Admin"],
    summary: "The site's feedback forms with their number of answers and mean rating",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(AdminFeedbackForms) },
  }),
  async (c) => c.json({ forms: await listFeedbackForms(c.get("site").id) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "post",
    path: "/admin/site/{siteId}/feedback-form/add",
    operationId: "addAdminFeedbackForm",
    tags: ["Admin"],
    summary: "Add a feedback form (inactive unless active is true)",
    access: "site_admin",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(AddFeedbackFormRequest) },
    responses: { 201: jsonResponse(AdminFeedbackForm, "Created") },
  }),
  async (c) => c.json(await addFeedbackForm(adminContext(c), c.req.valid("json")), 201),
);

adminRouter.openapi(
  defineRoute({
    method: "patch",
    path: "/admin/site/{siteId}/feedback-form/update",
    operationId: "updateAdminFeedbackForm",
    tags: ["Admin"],
    summary: "Switch a feedback form on or off, or renew it so customers are asked again",
    access: "site_admin",
    errors: { 404: "No such form on the site" },
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(UpdateFeedbackFormRequest) },
    responses: { 200: jsonResponse(AdminFeedbackForm) },
  }),
  async (c) => c.json(await updateFeedbackForm(adminContext(c), c.req.valid("json")), 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/feedback/{formId}",
    operationId: "getAdminFeedbackResults",
    tags: ["Admin"],
    summary: "A feedback form's results: the ratings' distribution and the open texts; format=csv gives every answer as a file",
    access: "site_admin",
    errors: { 404: "No such form on the site" },
    middleware: [ownSiteOnly],
    request: { params: FormIdParam, query: FeedbackResultsQuery },
    responses: {
      200: {
        description: "The results (JSON), or with format=csv a CSV file",
        content: { "application/json": { schema: FeedbackResults }, "text/csv": { schema: z.string() } },
      },
    },
  }),
  async (c) => {
    const { formId } = c.req.valid("param");
    const q = c.req.valid("query");
    const site = c.get("site");
    if (q.format === "csv") {
      const locale = q.locale && site.locales.includes(q.locale) ? q.locale : site.defaultLocaleId;
      const t = serverTranslator(locale, "admin.feedback.csv");
      const { filename, csv } = await feedbackCsv(site.id, formId, locale, [t("time"), t("rating"), t("language"), t("open-text")]);
      return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "cache-control": "no-store" });
    }
    return c.json(await feedbackResults(site.id, formId), 200);
  },
);

adminRouter.openapi(
  defineRoute({
    method: "delete",
    path: "/admin/site/{siteId}/feedback-submissions",
    operationId: "deleteAdminFeedbackSubmissions",
    tags: ["Admin"],
    summary: "Delete every answer of a feedback form (the form stays)",
    access: "site_admin",
    errors: { 404: "No such form on the site" },
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(FeedbackFormIdRequest) },
    responses: { 200: jsonResponse(Deleted) },
  }),
  async (c) => c.json(await deleteFeedbackSubmissions(adminContext(c), c.req.valid("json").formId), 200),
);

adminRouter.openapi(
  defineRoute({
    method: "get",
    path: "/admin/site/{siteId}/announcements",
    operationId: "listAdminAnnouncements",
    tags: ["Admin"],
    summary: "Every announcement of the site: scheduled, live and ended",
    access: "site_admin",
    feature: "announcements",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam },
    responses: { 200: jsonResponse(AdminAnnouncements) },
  }),
  async (c) => c.json({ announcements: await listAdminAnnouncements(c.get("site").id) }, 200),
);

adminRouter.openapi(
  defineRoute({
    method: "post",
    path: "/admin/site/{siteId}/announcements",
    operationId: "writeAdminAnnouncement",
    tags: ["Admin"],
    summary: "Write or schedule an announcement in one locale of the site or in all; the HTML is sanitized on save and on show",
    access: "site_admin",
    feature: "announcements",
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(WriteAnnouncementRequest) },
    responses: { 201: jsonResponse(AdminAnnouncement, "Created") },
  }),
  async (c) => c.json(await writeAnnouncement(adminContext(c), c.req.valid("json")), 201),
);

adminRouter.openapi(
  defineRoute({
    method: "post",
    path: "/admin/site/{siteId}/announcements/withdraw",
    operationId: "withdrawAdminAnnouncement",
    tags: ["Admin"],
    summary: "End an announcement now: customers no longer see it (it stays in the list)",
    access: "site_admin",
    feature: "announcements",
    errors: { 404: "No such announcement on the site" },
    middleware: [ownSiteOnly],
    request: { params: SiteIdParam, body: jsonBody(WithdrawAnnouncementRequest) },
    responses: { 200: jsonResponse(AdminAnnouncement) },
  }),
  async (c) => c.json(await withdrawAdminAnnouncement(adminContext(c), c.req.valid("json").announcementId), 200),
);
