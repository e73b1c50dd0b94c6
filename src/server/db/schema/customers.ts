import "server-only";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    kind: text("kind").$type<"private" | "legal">().notNull(),
    clientCode: text("client_code").notNull(),
    name: text("name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** Business registry code (Y-tunnus / registrikood / reģistrācijas numurs) for legal customers. */
    registryCode: text("registry_code"),
    ssnHash: text("ssn_hash"),
    ssnCiphertext: text("ssn_ciphertext"),
    email: text("email"),
    phone: text("phone"),
    locale: text("locale"),
    street: text("street"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull(),
    /** The code a customer gives to someone who should act for them. */
    representativeCode: text("representative_code").notNull(),
    membershipNumber: text("membership_number"),
    marketing: jsonb("marketing").$type<{ email: boolean; phone: boolean }>().notNull().default({ email: false, phone: false }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("customers_site_client_code").on(t.siteId, t.clientCode),
    uniqueIndex("customers_site_representative_code").on(t.siteId, t.representativeCode),
    index("customers_site_ssn_idx").on(t.siteId, t.ssnHash),
    index("customers_site_email_idx").on(t.siteId, t.email),
  ],
);

/** Which customers a person may act for, and why. */
export const customerAccess = pgTable(
  "customer_access",
  {
    personId: text("person_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    role: text("role").$type<"owner" | "representative">().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_access_person_customer").on(t.personId, t.customerId), index("customer_access_customer_idx").on(t.customerId)],
);

/** Per-site staff roles: customer service and site administrators. */
export const siteStaff = pgTable(
  "site_staff",
  {
    personId: text("person_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    siteId: siteRef(),
    role: text("role").$type<"customer_service" | "site_admin">().notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_staff_person_site_role").on(t.personId, t.siteId, t.role)],
);

/** Customer-service and administrative actions, append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: text("site_id").notNull(),
    actorPersonId: text("actor_person_id"),
    customerId: uuid("customer_id"),
    action: text("action").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_site_created_idx").on(t.siteId, t.createdAt), index("audit_log_customer_idx").on(t.customerId)],
);

/** Client-side error and diagnostic records (POST /api/logs). */
export const clientLogs = pgTable(
  "client_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: text("site_id").notNull(),
    clientId: text("client_id"),
    personId: text("person_id"),
    level: text("level").notNull(),
    message: text("message").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown> | null>(),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [index("client_logs_site_created_idx").on(t.siteId, t.createdAt)],
);

/** Outgoing mail, kept for the development mailbox and for delivery diagnostics. */
export const outboundMail = pgTable(
  "outbound_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: text("site_id").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbound_mail_site_created_idx").on(t.siteId, t.createdAt)],
);

/** The customer a row belongs to; deleting the customer deletes the row. */
export const customerRef = () =>
  uuid("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" });
