import "server-only";
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { siteRef } from "./sites";
import { authUser } from "./auth";
import { customers } from "./customers";

/**
 * Personal API tokens: a person's read-only key to their own data for one customer they act for,
 * on one site. Only the SHA-256 hash of the token is stored; `hint` is its first characters, so
 * the person can tell their tokens apart.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    personId: text("person_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_tokens_hash").on(t.tokenHash), index("api_tokens_person_idx").on(t.siteId, t.personId, t.customerId)],
);

/** The audit of a token's use, rolled up per day (in the site's time zone): how many calls, and the last. */
export const apiTokenUses = pgTable(
  "api_token_uses",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
    lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
    lastPath: text("last_path"),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.day] }), index("api_token_uses_site_idx").on(t.siteId, t.day)],
);

/**
 * The rate-limit window of each token, shared by every process on the database. A process takes
 * allowances from it in blocks (`granted` grows, never past the limit) and spends them in memory;
 * `last_grant` is what the last statement handed out (decision 0018).
 */
export const apiTokenWindows = pgTable("api_token_windows", {
  tokenId: uuid("token_id")
    .primaryKey()
    .references(() => apiTokens.id, { onDelete: "cascade" }),
  siteId: siteRef(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  granted: integer("granted").notNull(),
  lastGrant: integer("last_grant").notNull(),
});

/**
 * A person's private spreadsheet feed for a customer they act for: CSV addresses for a
 * spreadsheet's "import data from URL" (which cannot send headers), with their own token in the
 * path (hash stored only). Read-only: consumption and spot prices. Revoking it, or making a new
 * one, ends the old addresses at once.
 */
export const spreadsheetFeeds = pgTable(
  "spreadsheet_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    personId: text("person_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("spreadsheet_feeds_hash").on(t.tokenHash), index("spreadsheet_feeds_person_idx").on(t.siteId, t.personId, t.customerId)],
);

/**
 * A person's private calendar feed for a customer they act for: the feed's URL carries its own
 * token (hash stored only). Revoking it, or making a new one, ends the old URL at once.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    personId: text("person_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    locale: text("locale").notNull(),
    createdAt: createdAt(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("calendar_feeds_hash").on(t.tokenHash), index("calendar_feeds_person_idx").on(t.siteId, t.personId, t.customerId)],
);
