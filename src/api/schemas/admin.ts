import { z } from "@hono/zod-openapi";
import { LOCALES } from "@/lib/locales";

/** Text the database can store: no NUL characters (PostgreSQL text refuses them). */
const Text = (max: number, min = 0) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((v) => !v.includes("\u0000"), { message: "not storable" });

export const SiteIdParam = z.object({
  siteId: z
    .string()
    .max(64)
    .openapi({ param: { name: "siteId", in: "path" }, example: "aurora", description: "The site of the request's host; any other is not found" }),
});
export type SiteIdParam = z.infer<typeof SiteIdParam>;

export const MetaFieldSchema = z
  .object({
    name: Text(64).openapi({ description: "TITLE sets the page title; other names become meta tags (lowercased)" }),
    content: Text(500),
    locale_id: z.enum(LOCALES).nullable().openapi({ description: "Null: every locale" }),
  })
  .strict()
  .openapi("AdminMetaField");
export type MetaFieldSchema = z.infer<typeof MetaFieldSchema>;

export const FooterLinkSchema = z
  .object({
    label: Text(120, 1),
    link: Text(500, 1),
    type: Text(40).optional(),
    locale: z.enum(LOCALES).nullable().optional(),
  })
  .strict()
  .openapi("AdminFooterLink");
export type FooterLinkSchema = z.infer<typeof FooterLinkSchema>;

const MetaFieldView = z.object({ name: z.string(), content: z.string(), locale_id: z.string().nullable() }).openapi("AdminMetaFieldView");
const FooterLinkView = z.object({ label: z.string(), link: z.string(), type: z.string().optional(), locale: z.string().nullable().optional() }).openapi("AdminFooterLinkView");

export const AdminSite = z
  .object({
    id: z.string(),
    companyName: z.string(),
    timezone: z.string(),
    themeId: z.string(),
    defaultLocaleId: z.string(),
    locales: z.array(z.string()),
    metaFields: z.array(MetaFieldView),
    contactLinks: z.array(FooterLinkView),
    linkItems: z.array(FooterLinkView),
    gaMeasurementId: z.string().nullable(),
    features: z.array(z.string()),
  })
  .openapi("AdminSite");
export type AdminSite = z.infer<typeof AdminSite>;

export const SitePatchRequest = z
  .object({
    companyName: Text(120).optional(),
    timezone: Text(64).optional().openapi({ description: "An IANA time zone, e.g. Europe/Helsinki" }),
    themeId: Text(40).optional(),
    metaFields: z.array(MetaFieldSchema).max(40).optional(),
    contactLinks: z.array(FooterLinkSchema).max(20).optional(),
    linkItems: z.array(FooterLinkSchema).max(40).optional(),
    gaMeasurementId: Text(30).nullable().optional().openapi({ description: "Google Analytics measurement id (G-XXXXXXX), or null to remove" }),
  })
  .strict()
  .openapi("AdminSitePatch");
export type SitePatchRequest = z.infer<typeof SitePatchRequest>;

export const LocaleOption = z.object({ id: z.string(), name: z.string() }).openapi("AdminLocaleOption");
export const LocaleOptions = z.object({ locales: z.array(LocaleOption) }).openapi("AdminLocaleOptions");
export type LocaleOptions = z.infer<typeof LocaleOptions>;

export const SiteLocales = z
  .object({
    locales: z.array(LocaleOption),
    defaultLocaleId: z.string(),
  })
  .openapi("AdminSiteLocales");
export type SiteLocales = z.infer<typeof SiteLocales>;

export const SiteLocalesRequest = z
  .object({
    locales: z.array(Text(10)).max(20).openapi({ description: "Locale ids the site offers, e.g. fi-FI" }),
    defaultLocaleId: Text(10).optional().openapi({ description: "The default locale; unchanged when left out. It must be among `locales`." }),
  })
  .strict()
  .openapi("AdminSiteLocalesRequest");
export type SiteLocalesRequest = z.infer<typeof SiteLocalesRequest>;

export const AdminDomain = z.object({ host: z.string(), primary: z.boolean() }).openapi("AdminDomain");
export const AdminDomains = z.object({ domains: z.array(AdminDomain) }).openapi("AdminDomains");
export type AdminDomains = z.infer<typeof AdminDomains>;

export const AddDomainRequest = z
  .object({ host: Text(260), primary: z.boolean().optional() })
  .strict()
  .openapi("AdminAddDomainRequest");
export type AddDomainRequest = z.infer<typeof AddDomainRequest>;

export const DomainRequest = z
  .object({ host: Text(260) })
  .strict()
  .openapi("AdminDomainRequest");
export type DomainRequest = z.infer<typeof DomainRequest>;

export const AdminAuditEntry = z
  .object({
    id: z.string(),
    action: z.string().openapi({ description: "What was changed, e.g. site.update, domain.add" }),
    actorName: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("AdminAuditEntry");
export const AdminAuditList = z.object({ entries: z.array(AdminAuditEntry) }).openapi("AdminAuditList");
export type AdminAuditList = z.infer<typeof AdminAuditList>;

export const TranslationsQuery = z.object({
  locale: z.string().max(10).openapi({ description: "A locale the site offers, e.g. fi-FI", example: "fi-FI" }),
  q: z.string().max(200).optional().openapi({ description: "Only keys or texts containing this (case-insensitive)" }),
});
export type TranslationsQuery = z.infer<typeof TranslationsQuery>;

export const TranslationEntry = z
  .object({
    key: z.string().openapi({ example: "home.title" }),
    product: z.string().openapi({ description: "The product's text in the locale" }),
    override: z.string().nullable().openapi({ description: "The site's own text, or null" }),
  })
  .openapi("AdminTranslationEntry");
export const TranslationList = z.object({ locale: z.string(), entries: z.array(TranslationEntry) }).openapi("AdminTranslationList");
export type TranslationList = z.infer<typeof TranslationList>;

export const TranslationsPatch = z
  .object({
    translations: z
      .record(z.string().max(200), Text(5000).nullable())
      .refine((r) => Object.keys(r).length <= 500 && Object.keys(r).every((k) => !k.includes("\u0000")), { message: "too many or not storable" })
      .openapi({ description: "Message key → the site's text (ICU, with the same arguments as the product's), or null to revert to the product's text" }),
  })
  .strict()
  .openapi("AdminTranslationsPatch");
export type TranslationsPatch = z.infer<typeof TranslationsPatch>;

export const FormIdParam = z.object({
  siteId: SiteIdParam.shape.siteId,
  formId: z
    .string()
    .max(64)
    .openapi({ param: { name: "formId", in: "path" }, description: "A feedback form of the site" }),
});

export const AdminFeedbackForm = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    active: z.boolean(),
    renew: z.boolean(),
    refreshedAt: z.string().openapi({ description: "Customers who answered or closed the dialog before this are asked again" }),
    createdAt: z.string(),
    answers: z.number().int(),
    average: z.number().nullable(),
  })
  .openapi("AdminFeedbackForm");
export type AdminFeedbackForm = z.infer<typeof AdminFeedbackForm>;
export const AdminFeedbackForms = z.object({ forms: z.array(AdminFeedbackForm) }).openapi("AdminFeedbackForms");
export type AdminFeedbackForms = z.infer<typeof AdminFeedbackForms>;

export const AddFeedbackFormRequest = z
  .object({
    name: Text(60).openapi({ description: "Letters, digits and dashes only (spec §5)", example: "spring-survey" }),
    active: z.boolean().optional(),
  })
  .strict()
  .openapi("AdminAddFeedbackForm");
export type AddFeedbackFormRequest = z.infer<typeof AddFeedbackFormRequest>;

export const UpdateFeedbackFormRequest = z
  .object({
    formId: Text(64),
    active: z.boolean().optional(),
    renew: z.boolean().optional().openapi({ description: "true moves refreshedAt to now: the dialog asks every customer again (spec §4)" }),
  })
  .strict()
  .openapi("AdminUpdateFeedbackForm");
export type UpdateFeedbackFormRequest = z.infer<typeof UpdateFeedbackFormRequest>;

export const FeedbackFormIdRequest = z
  .object({ formId: Text(64) })
  .strict()
  .openapi("AdminFeedbackFormId");

export const FeedbackResults = z
  .object({
    form: AdminFeedbackForm,
    distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int() })),
    openTexts: z.array(z.object({ id: z.string(), rating: z.number().int(), openText: z.string(), locale: z.string().nullable(), createdAt: z.string() })),
  })
  .openapi("AdminFeedbackResults");
export type FeedbackResults = z.infer<typeof FeedbackResults>;

export const FeedbackResultsQuery = z.object({
  format: z.enum(["json", "csv"]).optional().openapi({ description: "csv: every answer as a spreadsheet file" }),
  locale: z.string().max(10).optional().openapi({ description: "The CSV's language and spreadsheet dialect" }),
});

export const Deleted = z.object({ deleted: z.number().int() }).openapi("AdminDeleted");

export const AdminAnnouncement = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    content: z.string().openapi({ description: "Sanitized HTML" }),
    locale: z.string().nullable().openapi({ description: "Null: every locale of the site" }),
    severity: z.enum(["info", "warning", "critical"]),
    publishedAt: z.string(),
    expiresAt: z.string().nullable(),
    status: z.enum(["scheduled", "live", "ended"]),
  })
  .openapi("AdminAnnouncement");
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;
export const AdminAnnouncements = z.object({ announcements: z.array(AdminAnnouncement) }).openapi("AdminAnnouncements");

export const WriteAnnouncementRequest = z
  .object({
    title: Text(200, 1),
    contentHtml: Text(20_000, 1).openapi({ description: "HTML from the editor: sanitized before it is stored and whenever it is shown" }),
    locale: z.enum(LOCALES).nullable(),
    severity: z.enum(["info", "warning", "critical"]),
    publishedAt: z.string().datetime({ offset: true }).optional().openapi({ description: "When customers start to see it (default: now); later schedules it" }),
    expiresAt: z.string().datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .openapi("AdminWriteAnnouncement");
export type WriteAnnouncementRequest = z.infer<typeof WriteAnnouncementRequest>;

export const WithdrawAnnouncementRequest = z
  .object({ announcementId: Text(64) })
  .strict()
  .openapi("AdminWithdrawAnnouncement");
