import "server-only";
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { feedbackForms, sites, siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

/** One answer to a site's feedback form (spec §3 Feedback submission). */
export const feedbackSubmissions = pgTable(
  "feedback_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    formId: uuid("form_id")
      .notNull()
      .references(() => feedbackForms.id, { onDelete: "cascade" }),
    /** The signed-in person who answered, and the customer they were acting for. */
    personId: text("person_id").notNull(),
    customerId: uuid("customer_id"),
    rating: smallint("rating").notNull(),
    openText: text("open_text"),
    locale: text("locale"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_submissions_site_form_idx").on(t.siteId, t.formId, t.createdAt)],
);

/**
 * A supplier's announcement on the home page. `contentHtml` is stored as written and sanitized
 * every time it is served, so a stricter sanitizer protects old rows too.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    /** Null: shown in every locale of the site. */
    locale: text("locale"),
    title: text("title").notNull(),
    contentHtml: text("content_html").notNull(),
    /** info, warning or critical. */
    severity: text("severity").notNull().default("info"),
    /** Higher first. */
    priority: integer("priority").notNull().default(0),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("announcements_site_published_idx").on(t.siteId, t.publishedAt)],
);

/** The cookie-consent policy revision of a site; raising it asks every visitor again (spec §4). */
export const siteConsentSettings = pgTable("site_consent_settings", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  revision: integer("revision").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Every consent decision a browser made (spec §3 Consent record), append-only, so the supplier
 * can show what a visitor agreed to, under which policy revision, and when.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    /** The browser's client id (user-id cookie) and, when signed in, the person. */
    clientId: text("client_id"),
    personId: text("person_id"),
    consentId: text("consent_id").notNull(),
    acceptType: text("accept_type"),
    categories: text("categories").array().notNull(),
    services: jsonb("services").$type<Record<string, string[]>>().notNull().default({}),
    revision: integer("revision").notNull(),
    data: jsonb("data").$type<unknown>(),
    languageCode: text("language_code").notNull(),
    consentTimestamp: timestamp("consent_timestamp", { withTimezone: true }).notNull(),
    lastConsentTimestamp: timestamp("last_consent_timestamp", { withTimezone: true }).notNull(),
    /** Epoch milliseconds when the consent expires. */
    expirationTime: bigint("expiration_time", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [index("consent_records_site_consent_idx").on(t.siteId, t.consentId), index("consent_records_site_client_idx").on(t.siteId, t.clientId)],
);
