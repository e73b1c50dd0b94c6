import "server-only";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customerRef } from "./customers";
import { meteringPoints } from "./metering";
import { sites, siteRef } from "./sites";
import { createdAt, updatedAt } from "./columns";
import type { DeliveryChannel, InvoiceStatus, InvoiceType, LineComponent, LineUnit } from "@/lib/invoices/types";
import type { PaymentMethod, PaymentProviderId, PaymentStatus } from "@/lib/payments/types";

export type { DeliveryChannel, InvoiceStatus, InvoiceType, LineComponent, LineUnit, PaymentMethod, PaymentProviderId, PaymentStatus };

/**
 * The supplier's invoicing details and rules per site: who issues the invoices, where they are
 * paid, how due dates may be postponed. One row per site, created on first use with defaults.
 */
export const billingProfiles = pgTable("billing_profiles", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  street: text("street"),
  postalCode: text("postal_code"),
  city: text("city"),
  registryCode: text("registry_code"),
  vatNumber: text("vat_number"),
  iban: text("iban"),
  bic: text("bic"),
  bankName: text("bank_name"),
  email: text("email"),
  phone: text("phone"),
  invoiceNumberPrefix: text("invoice_number_prefix").notNull().default(""),
  nextInvoiceSeq: bigint("next_invoice_seq", { mode: "number" }).notNull().default(1),
  paymentTermDays: smallint("payment_term_days").notNull().default(14),
  /** Days after the original due date a customer may move the due date to. */
  postponeMaxDays: smallint("postpone_max_days").notNull().default(14),
  /** The same with the site feature invoices.advanced-postpone. */
  postponeMaxDaysAdvanced: smallint("postpone_max_days_advanced").notNull().default(30),
  postponeMaxTimes: smallint("postpone_max_times").notNull().default(1),
  postponeMaxTimesAdvanced: smallint("postpone_max_times_advanced").notNull().default(2),
  /** Net fee added as an invoice line when a due date is postponed; 0 for none. */
  postponeFeeCents: integer("postpone_fee_cents").notNull().default(0),
  /** Whether VAT is charged on the postpone fee (in most cases it is a VAT-free compensation). */
  postponeFeeVatable: boolean("postpone_fee_vatable").notNull().default(false),
  updatedAt: updatedAt(),
});

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    invoiceNumber: text("invoice_number").notNull(),
    /** Finnish national reference or Estonian 7-3-1 reference with check digit; for Latvia the plain number. */
    referenceNumber: text("reference_number").notNull(),
    type: text("type").$type<InvoiceType>().notNull().default("Regular"),
    status: text("status").$type<InvoiceStatus>().notNull().default("open"),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    originalDueDate: date("original_due_date", { mode: "string" }).notNull(),
    postponeCount: smallint("postpone_count").notNull().default(0),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    deliveryChannel: text("delivery_channel").$type<DeliveryChannel>().notNull().default("email"),
    currency: text("currency").notNull().default("EUR"),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    outsourcedAt: timestamp("outsourced_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_site_number").on(t.siteId, t.invoiceNumber),
    index("invoices_site_customer_issue_idx").on(t.siteId, t.customerId, t.issueDate),
    check("invoices_status", sql`${t.status} in ('open', 'paid', 'cancelled', 'outsourced')`),
    check("invoices_type", sql`${t.type} in ('Regular', 'E-Invoice')`),
    check("invoices_channel", sql`${t.deliveryChannel} in ('email', 'postal', 'e-invoice')`),
    check("invoices_totals", sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
    check("invoices_period", sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * Invoice lines: energy per price component per metering point (quantity in Wh, unit price in
 * cents per kWh without VAT), margin, monthly fees and other fees. Amounts in integer cents;
 * the VAT of each rate is computed on the invoice and allocated to its lines so that lines
 * always add up to the invoice totals.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    position: smallint("position").notNull(),
    component: text("component").$type<LineComponent>().notNull(),
    meteringPointId: uuid("metering_point_id").references(() => meteringPoints.id, { onDelete: "set null" }),
    gsrn: text("gsrn"),
    productName: text("product_name"),
    /** Energy quantity in Wh for energy and margin lines. */
    quantityWh: bigint("quantity_wh", { mode: "number" }),
    /** Quantity in `unit` (kWh with three decimals, months, pieces). */
    quantity: numeric("quantity", { precision: 16, scale: 3 }).notNull(),
    unit: text("unit").$type<LineUnit>().notNull(),
    /** Cents per unit without VAT; six decimals keep averaged spot prices exact enough. */
    unitPriceCents: numeric("unit_price_cents", { precision: 18, scale: 6 }).notNull(),
    netCents: bigint("net_cents", { mode: "number" }).notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
  },
  (t) => [uniqueIndex("invoice_lines_invoice_position").on(t.invoiceId, t.position), index("invoice_lines_site_idx").on(t.siteId)],
);

/** The metering points an invoice covers, with the consumption the EU billing rules ask to show. */
export const invoiceMeteringPoints = pgTable(
  "invoice_metering_points",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    gsrn: text("gsrn").notNull(),
    energyKind: text("energy_kind").notNull(),
    address: text("address").notNull().default(""),
    consumptionWh: bigint("consumption_wh", { mode: "number" }).notNull(),
    /** Consumption of the same period a year earlier; null when no data exists for it. */
    previousYearConsumptionWh: bigint("previous_year_consumption_wh", { mode: "number" }),
  },
  (t) => [primaryKey({ name: "invoice_metering_points_pk", columns: [t.invoiceId, t.meteringPointId] }), index("invoice_metering_points_site_idx").on(t.siteId)],
);

/** One row per provider transaction. An invoice is marked paid only when its provider confirms. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderId>().notNull(),
    method: text("method").$type<PaymentMethod>().notNull(),
    bankBic: text("bank_bic"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("created"),
    providerReference: text("provider_reference"),
    redirectUrl: text("redirect_url"),
    /** Client-chosen key (Idempotency-Key header): the same key starts the same payment. */
    idempotencyKey: text("idempotency_key"),
    /** Provider-specific state (session ids, device id) that later calls need. No secrets. */
    providerData: jsonb("provider_data").$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text("failure_reason"),
    startedBy: text("started_by"),
    /**
     * The interface locale the payment was started in: the customer comes back from the provider
     * to pages in it. Null means the site's default locale.
     */
    locale: text("locale"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_provider_reference").on(t.provider, t.providerReference),
    uniqueIndex("payments_idempotency").on(t.siteId, t.customerId, t.idempotencyKey),
    index("payments_site_invoice_idx").on(t.siteId, t.invoiceId),
    index("payments_open_idx").on(t.status, t.updatedAt),
    check("payments_status", sql`${t.status} in ('created', 'pending', 'succeeded', 'failed', 'cancelled', 'expired')`),
    check("payments_amount", sql`${t.amountCents} > 0`),
  ],
);

/** Everything that happened to a payment, append-only. A provider event id is recorded once. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    siteId: text("site_id").notNull(),
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    provider: text("provider").notNull(),
    providerEventId: text("provider_event_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("payment_events_payment_idx").on(t.paymentId, t.createdAt), uniqueIndex("payment_events_provider_event").on(t.provider, t.providerEventId)],
);

export type SandboxPaymentState = "initial" | "approved" | "declined" | "processing" | "expired";

/**
 * The sandbox payment provider's own records, as a bank-link or card provider keeps them on its
 * side. The portal reads them only through the provider port.
 */
export const sandboxPaymentSessions = pgTable(
  "sandbox_payment_sessions",
  {
    token: text("token").primaryKey(),
    siteId: siteRef(),
    merchantReference: text("merchant_reference").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    /** The payment reference (national or RF) the payer's bank statement shows. */
    reference: text("reference"),
    method: text("method").notNull(),
    bankBic: text("bank_bic"),
    returnUrl: text("return_url").notNull(),
    state: text("state").$type<SandboxPaymentState>().notNull().default("initial"),
    /** A payment left processing settles by itself at this time. */
    settlesAt: timestamp("settles_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_payment_sessions_site_idx").on(t.siteId, t.createdAt)],
);
