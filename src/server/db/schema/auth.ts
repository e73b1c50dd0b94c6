import "server-only";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

/**
 * People who sign in. Managed by better-auth; one row is one person on one site.
 * `email` is the site-scoped identity key better-auth looks people up by (see
 * docs/decisions/0002-site-scoped-identities.md); the address mail is sent to is `contactEmail`.
 */
export const authUser = pgTable(
  "auth_user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    role: text("role"),
    banned: boolean("banned"),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    siteId: siteRef(),
    /** HMAC-SHA256 of the national identity code: lookup without storing it in clear. */
    ssnHash: text("ssn_hash"),
    /** AES-256-GCM ciphertext of the national identity code, for showing it back to its owner. */
    ssnCiphertext: text("ssn_ciphertext"),
    contactEmail: text("contact_email"),
    identityKind: text("identity_kind").notNull().default("EmailVerified"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [index("auth_user_site_idx").on(t.siteId), uniqueIndex("auth_user_site_ssn").on(t.siteId, t.ssnHash)],
);

export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /** The customer whose account the person is acting in. */
    activeCustomerId: uuid("active_customer_id"),
    /** Set while customer-service staff act in a customer's account: every action is audited. */
    customerService: boolean("customer_service").notNull().default(false),
  },
  (t) => [index("auth_session_user_idx").on(t.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_account_user_idx").on(t.userId)],
);

export const authVerification = pgTable(
  "auth_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);

/** Sign-in rate limits live in the database so a restart or a second process does not reset them. */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: bigint("count", { mode: "number" }).notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Test identities of the sandbox e-identification provider (fake national codes that pass the
 * check-digit rules). Real providers keep such lists for their test environments too.
 */
export const sandboxIdentities = pgTable(
  "sandbox_identities",
  {
    id: text("id").primaryKey(),
    siteId: siteRef(),
    ssn: text("ssn").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sortOrder: bigint("sort_order", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("sandbox_identities_site_idx").on(t.siteId)],
);
