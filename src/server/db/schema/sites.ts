import "server-only";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

import type { Feature } from "@/lib/features";
import type { ExternalService, FooterLink, MetaField } from "@/lib/sites";

export type { ExternalService, FooterLink, MetaField };
export type OidcProviderConfig = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  ssnClaim: string;
  nameClaim?: string;
};
export type SiteAuthConfig = {
  sandboxEid: boolean;
  oidc: OidcProviderConfig[];
};

export const sites = pgTable("sites", {
  id: text("id").primaryKey(),
  companyName: text("company_name").notNull(),
  country: text("country").notNull(),
  timezone: text("timezone").notNull(),
  defaultLocaleId: text("default_locale_id").notNull(),
  locales: text("locales").array().notNull(),
  themeId: text("theme_id").notNull(),
  features: text("features").array().$type<Feature[]>().notNull().default([]),
  externalServices: jsonb("external_services").$type<ExternalService[]>().notNull().default([]),
  metaFields: jsonb("meta_fields").$type<MetaField[]>().notNull().default([]),
  gaMeasurementId: text("ga_measurement_id"),
  auth: jsonb("auth").$type<SiteAuthConfig>().notNull(),
  contactLinks: jsonb("contact_links").$type<FooterLink[]>().notNull().default([]),
  linkItems: jsonb("link_items").$type<FooterLink[]>().notNull().default([]),
  verificationMaxAgeSeconds: integer("verification_max_age_seconds").notNull().default(43200),
  /** The longest a session may last however active the person is; null: SESSION_ABSOLUTE_HOURS. */
  sessionMaxHours: integer("session_max_hours"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const siteDomains = pgTable(
  "site_domains",
  {
    host: text("host").primaryKey(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("site_domains_site_idx").on(t.siteId)],
);

/** Administrators' per-site overrides of translation messages, layered over the message files. */
export const siteTranslations = pgTable(
  "site_translations",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.locale, t.key] })],
);

export const feedbackForms = pgTable(
  "feedback_forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(false),
    renew: boolean("renew").notNull().default(false),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_forms_site_idx").on(t.siteId)],
);

/** The site a row belongs to; deleting the site deletes the row. */
export const siteRef = () =>
  text("site_id")
    .notNull()
    .references(() => sites.id, { onDelete: "cascade" });
