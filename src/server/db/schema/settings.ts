import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { customerRef, customers } from "./customers";
import { siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

export type ContactType = "Email" | "Phone" | "Gsm";

/**
 * A customer's contacts (spec §3 contact types Email, Phone, Gsm). Phone numbers are stored in
 * E.164. An e-mail is used only once verified (`verified_at`); `customers.email` and
 * `customers.phone` mirror the primary verified e-mail and the primary phone for the code that
 * reads the customer row (invoices, sign-in by e-mail).
 */
export const customerContacts = pgTable(
  "customer_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    type: text("type").$type<ContactType>().notNull(),
    value: text("value").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    position: smallint("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customer_contacts_site_customer_idx").on(t.siteId, t.customerId),
    uniqueIndex("customer_contacts_customer_type_value").on(t.customerId, t.type, t.value),
    // One primary per type: a partial unique index, so a second primary cannot be stored by any path.
    uniqueIndex("customer_contacts_one_primary")
      .on(t.customerId, t.type)
      .where(sql`${t.isPrimary}`),
    check("customer_contacts_type", sql`${t.type} in ('Email', 'Phone', 'Gsm')`),
  ],
);

/**
 * A pending e-mail verification: the 6-digit code and the link token are stored as SHA-256
 * hashes; a code works until `expires_at` and for a limited number of attempts.
 */
export const contactVerifications = pgTable(
  "contact_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => customerContacts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    tokenHash: text("token_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contact_verifications_contact_idx").on(t.contactId), uniqueIndex("contact_verifications_token").on(t.tokenHash)],
);

/** The billing address when it differs from the postal one (which is on the customer row). */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    siteId: siteRef(),
    customerId: customerRef(),
    type: text("type").$type<"billing">().notNull(),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "customer_addresses_pk", columns: [t.customerId, t.type] }),
    index("customer_addresses_site_idx").on(t.siteId),
    check("customer_addresses_type", sql`${t.type} in ('billing')`),
  ],
);

/** Business customer info (feature business-customer-info) of a legal customer. */
export const customerBusinessInfo = pgTable("customer_business_info", {
  customerId: uuid("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  siteId: siteRef(),
  vatNumber: text("vat_number"),
  contactPerson: text("contact_person"),
  updatedAt: updatedAt(),
});

export type BankAccountPurpose = "refund" | "direct-debit";

/** The customer's bank accounts, IBAN in electronic form; BIC and bank name as found at creation. */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    iban: text("iban").notNull(),
    bic: text("bic"),
    bankName: text("bank_name"),
    holder: text("holder").notNull(),
    purposes: text("purposes").array().$type<BankAccountPurpose[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("bank_accounts_site_customer_idx").on(t.siteId, t.customerId), uniqueIndex("bank_accounts_customer_iban").on(t.customerId, t.iban)],
);

/**
 * SEPA direct-debit mandates: the customer's permission for the supplier to collect invoices
 * from an account. Active while `ended_at` is null; an account with an active mandate cannot be
 * deleted. An ended mandate is kept (with its IBAN) when its account is deleted. Contracts will
 * point at their mandate.
 */
export const directDebitMandates = pgTable(
  "direct_debit_mandates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    bankAccountId: uuid("bank_account_id").references(() => bankAccounts.id, { onDelete: "set null" }),
    /** The account's IBAN when the mandate was given (electronic form). */
    iban: text("iban").notNull(),
    /** The mandate reference (SEPA: unique per creditor). */
    reference: text("reference").notNull(),
    signedOn: date("signed_on", { mode: "string" }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("direct_debit_mandates_account_idx").on(t.bankAccountId), uniqueIndex("direct_debit_mandates_site_reference").on(t.siteId, t.reference)],
);

/** A member of a cooperative supplier (area membership): one membership per customer. */
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    memberNumber: text("member_number").notNull(),
    memberSince: date("member_since", { mode: "string" }).notNull(),
    shares: integer("shares").notNull(),
    shareValueCents: integer("share_value_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("memberships_customer").on(t.customerId), uniqueIndex("memberships_site_number").on(t.siteId, t.memberNumber), check("memberships_shares", sql`${t.shares} >= 0`)],
);

export type MembershipBenefitKind = "surplus-refund" | "interest-on-shares" | "energy-discount" | "member-event";

/** What a member got in a year; the title in each of the site's languages. */
export const membershipBenefits = pgTable(
  "membership_benefits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    year: smallint("year").notNull(),
    kind: text("kind").$type<MembershipBenefitKind>().notNull(),
    titles: jsonb("titles").$type<Record<string, string>>().notNull(),
    amountCents: integer("amount_cents"),
  },
  (t) => [index("membership_benefits_membership_idx").on(t.membershipId, t.year)],
);

/** A person's own appearance: colour scheme and interface language, on every device they sign in on. */
export const personPreferences = pgTable(
  "person_preferences",
  {
    personId: text("person_id")
      .primaryKey()
      .references(() => authUser.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    colorScheme: text("color_scheme").$type<"auto" | "light" | "dark">().notNull().default("light"),
    locale: text("locale"),
    updatedAt: updatedAt(),
  },
  (t) => [check("person_preferences_color_scheme", sql`${t.colorScheme} in ('auto', 'light', 'dark')`)],
);
