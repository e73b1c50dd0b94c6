import "server-only";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb, prepared, type Db } from "@/server/db/client";
import {
  countries,
  customers,
  invoiceLines,
  invoiceMeteringPoints,
  invoices,
  payments,
  type DeliveryChannel,
  type InvoiceStatus,
  type InvoiceType,
  type LineComponent,
  type LineUnit,
  type PaymentMethod,
  type PaymentProviderId,
  type PaymentStatus,
} from "@/server/db/schema";
import { notFound, validationError } from "@/server/errors";
import { computeTotals } from "./amounts";
import { getBillingProfile, type BillingProfile } from "./billing-profile";
import { daysBetween, todayIn } from "./dates";
import { checkPostponeDate, postponeWindow, type PostponeWindow } from "./postpone-rules";
import { finnishVirtualBarcode, formatReference, rfReference } from "./reference-number";

/** What the invoice services need to know of the site of the request. */
export interface InvoiceSite {
  id: string;
  country: string;
  timezone: string;
  features: readonly string[];
}

export type InvoiceState = "open" | "overdue" | "paid" | "cancelled" | "outsourced";
export type PaymentState = "paid" | "unpaid" | "cancelled";

export interface InvoiceSummary {
  id: string;
  invoiceNumber: string;
  referenceNumber: string;
  type: InvoiceType;
  status: PaymentState;
  state: InvoiceState;
  overdue: boolean;
  issueDate: string;
  dueDate: string;
  originalDueDate: string;
  postponeCount: number;
  periodStart: string;
  periodEnd: string;
  deliveryChannel: DeliveryChannel;
  currency: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  paidAt: string | null;
  canPay: boolean;
}

export interface InvoiceLineView {
  id: string;
  position: number;
  component: LineComponent;
  meteringPointId: string | null;
  gsrn: string | null;
  productName: string | null;
  quantityWh: number | null;
  quantity: number;
  unit: LineUnit;
  unitPriceCents: number;
  netCents: number;
  vatRate: number;
  vatRateBasisPoints: number;
  vatCents: number;
  totalCents: number;
}

export interface InvoiceDetail extends InvoiceSummary {
  supplier: {
    name: string;
    registryCode: string | null;
    vatNumber: string | null;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    email: string | null;
    phone: string | null;
  };
  customer: { name: string; clientCode: string; street: string | null; postalCode: string | null; city: string | null; country: string; locale: string | null };
  meteringPoints: {
    id: string;
    gsrn: string;
    energyKind: string;
    address: string;
    consumptionWh: number;
    previousYearConsumptionWh: number | null;
  }[];
  lines: InvoiceLineView[];
  vatBreakdown: { vatRate: number; vatRateBasisPoints: number; netCents: number; vatCents: number; totalCents: number }[];
  comparison: {
    periodStart: string;
    periodEnd: string;
    previousPeriodStart: string;
    previousPeriodEnd: string;
    days: number;
    consumptionWh: number;
    previousConsumptionWh: number | null;
    changePercent: number | null;
    averageDailyWh: number;
    previousAverageDailyWh: number | null;
    previousInvoice: { invoiceNumber: string; totalCents: number; currency: string } | null;
  };
  paymentInstructions: {
    recipient: string;
    iban: string | null;
    bic: string | null;
    bankName: string | null;
    reference: string;
    referenceFormatted: string;
    rfReference: string | null;
    dueDate: string;
    amountCents: number;
    currency: string;
    virtualBarcode: string | null;
  };
  postpone: PostponeWindow;
  payments: { id: string; status: PaymentStatus; provider: PaymentProviderId; method: PaymentMethod; amountCents: number; createdAt: string }[];
}

type InvoiceRow = typeof invoices.$inferSelect;

const ACTIVE_PAYMENT_MINUTES = 60;

export function invoiceState(row: Pick<InvoiceRow, "status" | "dueDate">, today: string): InvoiceState {
  if (row.status === "open" && row.dueDate < today) return "overdue";
  return row.status;
}

function paymentState(status: InvoiceStatus): PaymentState {
  return status === "paid" ? "paid" : status === "cancelled" ? "cancelled" : "unpaid";
}

function summaryOf(row: InvoiceRow, today: string): InvoiceSummary {
  const state = invoiceState(row, today);
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    referenceNumber: row.referenceNumber,
    type: row.type,
    status: paymentState(row.status),
    state,
    overdue: state === "overdue",
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    originalDueDate: row.originalDueDate,
    postponeCount: row.postponeCount,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    deliveryChannel: row.deliveryChannel,
    currency: row.currency,
    netCents: Number(row.netCents),
    vatCents: Number(row.vatCents),
    totalCents: Number(row.totalCents),
    paidAt: row.paidAt ? new Date(row.paidAt).toISOString() : null,
    canPay: (state === "open" || state === "overdue") && Number(row.totalCents) > 0,
  };
}

export interface ListInvoicesInput {
  site: InvoiceSite;
  customerId: string;
  type?: InvoiceType;
  status?: "paid" | "unpaid";
  now?: Date;
}

/** The customer's invoices, newest first. "unpaid" means open (overdue included) or with collection. */
export async function listInvoices(input: ListInvoicesInput): Promise<InvoiceSummary[]> {
  // A customer has tens of invoices: one prepared query for all of them, filtered here.
  const query = await prepared("list_invoices", (db) =>
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, sql.placeholder("siteId")), eq(invoices.customerId, sql.placeholder("customerId"))))
      .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber))
      .prepare("list_invoices"),
  );
  const rows = (await query.execute({ siteId: input.site.id, customerId: input.customerId })).filter(
    (r) =>
      (!input.type || r.type === input.type) &&
      (input.status !== "paid" || r.status === "paid") &&
      (input.status !== "unpaid" || r.status === "open" || r.status === "outsourced"),
  );
  const today = todayIn(input.site.timezone, input.now);
  return rows.map((r) => summaryOf(r, today));
}

/** One invoice of the customer by number; another customer's or site's number is not found. */
export async function findCustomerInvoice(siteId: string, customerId: string, invoiceNumber: string, db?: Db): Promise<InvoiceRow | null> {
  const d = db ?? (await getDb());
  const [row] = await d
    .select()
    .from(invoices)
    .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, customerId), eq(invoices.invoiceNumber, invoiceNumber)));
  return row ?? null;
}

async function hasPaymentInProgress(db: Db, siteId: string, invoiceId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - ACTIVE_PAYMENT_MINUTES * 60_000);
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.siteId, siteId), eq(payments.invoiceId, invoiceId), inArray(payments.status, ["created", "pending"]), gt(payments.createdAt, since)),
    )
    .limit(1);
  return !!row;
}

async function countryVat(db: Db, country: string): Promise<number> {
  const [row] = await db.select({ bp: countries.vatRateBasisPoints }).from(countries).where(eq(countries.code, country));
  if (!row) throw new Error(`No VAT rate for ${country}`);
  return row.bp;
}

function windowFor(row: InvoiceRow, profile: BillingProfile, site: InvoiceSite, today: string, paymentInProgress: boolean): PostponeWindow {
  return postponeWindow(row, profile, { advanced: site.features.includes("invoices.advanced-postpone"), today, paymentInProgress });
}

export async function getInvoiceDetail(input: { site: InvoiceSite; customerId: string; invoiceNumber: string; now?: Date }): Promise<InvoiceDetail> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const row = await findCustomerInvoice(input.site.id, input.customerId, input.invoiceNumber, db);
  if (!row) throw notFound("invoices.errors.not-found");
  return detailOf(db, input.site, row, now);
}

async function detailOf(db: Db, site: InvoiceSite, row: InvoiceRow, now: Date): Promise<InvoiceDetail> {
  const today = todayIn(site.timezone, now);
  const [profile, customerRows, lines, points, paymentRows, inProgress, previousRows] = await Promise.all([
    getBillingProfile(site.id, db),
    db.select().from(customers).where(and(eq(customers.siteId, site.id), eq(customers.id, row.customerId))),
    db
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.siteId, site.id), eq(invoiceLines.invoiceId, row.id)))
      .orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(invoiceMeteringPoints)
      .where(and(eq(invoiceMeteringPoints.siteId, site.id), eq(invoiceMeteringPoints.invoiceId, row.id)))
      .orderBy(asc(invoiceMeteringPoints.gsrn)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, site.id), eq(payments.invoiceId, row.id)))
      .orderBy(desc(payments.createdAt))
      .limit(5),
    hasPaymentInProgress(db, site.id, row.id, now),
    db
      .select({ invoiceNumber: invoices.invoiceNumber, totalCents: invoices.totalCents, currency: invoices.currency })
      .from(invoices)
      .where(
        and(
          eq(invoices.siteId, site.id),
          eq(invoices.customerId, row.customerId),
          eq(invoices.periodStart, sameDayLastYear(row.periodStart)),
          sql`${invoices.status} <> 'cancelled'`,
        ),
      )
      .limit(1),
  ]);
  const customer = customerRows[0];

  const vatGroups = computeTotals(lines.map((l) => ({ netCents: Number(l.netCents), vatRateBasisPoints: l.vatRateBasisPoints }))).vatGroups;
  const consumptionWh = points.reduce((s, p) => s + Number(p.consumptionWh), 0);
  const previousKnown = points.length > 0 && points.every((p) => p.previousYearConsumptionWh !== null);
  const previousConsumptionWh = previousKnown ? points.reduce((s, p) => s + Number(p.previousYearConsumptionWh), 0) : null;
  const days = daysBetween(row.periodStart, row.periodEnd) + 1;
  const prevStart = sameDayLastYear(row.periodStart);
  const prevEnd = sameDayLastYear(row.periodEnd);
  const prevDays = daysBetween(prevStart, prevEnd) + 1;
  const summary = summaryOf(row, today);
  const reference = row.referenceNumber;
  const isNumericRef = /^[0-9]+$/.test(reference);

  return {
    ...summary,
    supplier: {
      name: profile.legalName,
      registryCode: profile.registryCode,
      vatNumber: profile.vatNumber,
      street: profile.street,
      postalCode: profile.postalCode,
      city: profile.city,
      email: profile.email,
      phone: profile.phone,
    },
    customer: {
      name: customer.name,
      clientCode: customer.clientCode,
      street: customer.street,
      postalCode: customer.postalCode,
      city: customer.city,
      country: customer.country,
      locale: customer.locale,
    },
    meteringPoints: points.map((p) => ({
      id: p.meteringPointId,
      gsrn: p.gsrn,
      energyKind: p.energyKind,
      address: p.address,
      consumptionWh: Number(p.consumptionWh),
      previousYearConsumptionWh: p.previousYearConsumptionWh === null ? null : Number(p.previousYearConsumptionWh),
    })),
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      component: l.component,
      meteringPointId: l.meteringPointId,
      gsrn: l.gsrn,
      productName: l.productName,
      quantityWh: l.quantityWh === null ? null : Number(l.quantityWh),
      quantity: Number(l.quantity),
      unit: l.unit,
      unitPriceCents: Number(l.unitPriceCents),
      netCents: Number(l.netCents),
      vatRate: l.vatRateBasisPoints / 100,
      vatRateBasisPoints: l.vatRateBasisPoints,
      vatCents: Number(l.vatCents),
      totalCents: Number(l.totalCents),
    })),
    vatBreakdown: vatGroups.map((g) => ({
      vatRate: g.vatRateBasisPoints / 100,
      vatRateBasisPoints: g.vatRateBasisPoints,
      netCents: g.netCents,
      vatCents: g.vatCents,
      totalCents: g.netCents + g.vatCents,
    })),
    comparison: {
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      previousPeriodStart: prevStart,
      previousPeriodEnd: prevEnd,
      days,
      consumptionWh,
      previousConsumptionWh,
      changePercent:
        previousConsumptionWh && previousConsumptionWh > 0 ? Math.round(((consumptionWh - previousConsumptionWh) / previousConsumptionWh) * 1000) / 10 : null,
      averageDailyWh: Math.round(consumptionWh / days),
      previousAverageDailyWh: previousConsumptionWh === null ? null : Math.round(previousConsumptionWh / prevDays),
      previousInvoice: previousRows[0]
        ? { invoiceNumber: previousRows[0].invoiceNumber, totalCents: Number(previousRows[0].totalCents), currency: previousRows[0].currency }
        : null,
    },
    paymentInstructions: {
      recipient: profile.legalName,
      iban: profile.iban,
      bic: profile.bic,
      bankName: profile.bankName,
      reference,
      referenceFormatted: site.country === "LV" ? reference : formatReference(reference),
      rfReference: site.country === "FI" && isNumericRef ? rfReference(reference) : null,
      dueDate: row.dueDate,
      amountCents: Number(row.totalCents),
      currency: row.currency,
      virtualBarcode:
        site.country === "FI" && profile.iban && isNumericRef
          ? finnishVirtualBarcode({ iban: profile.iban, totalCents: Number(row.totalCents), reference, dueDate: row.dueDate })
          : null,
    },
    postpone: windowFor(row, profile, site, today, inProgress),
    payments: paymentRows.map((p) => ({
      id: p.id,
      status: p.status,
      provider: p.provider,
      method: p.method,
      amountCents: Number(p.amountCents),
      createdAt: new Date(p.createdAt).toISOString(),
    })),
  };
}

/** The same calendar day a year earlier (29 February becomes 28 February). */
export function sameDayLastYear(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  const year = y - 1;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export interface PostponeInput {
  site: InvoiceSite;
  customerId: string;
  invoiceNumber: string;
  dueDate: string;
  now?: Date;
}

/**
 * Moves the due date within the site's rules, adding the site's fee line when it has one. The
 * rules are checked again on the locked row, so two concurrent requests cannot both pass.
 */
export async function postponeInvoice(input: PostponeInput): Promise<InvoiceDetail> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const today = todayIn(input.site.timezone, now);
  const profile = await getBillingProfile(input.site.id, db);
  const vatBp = profile.postponeFeeCents > 0 && profile.postponeFeeVatable ? await countryVat(db, input.site.country) : 0;

  const invoiceId = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, input.site.id), eq(invoices.customerId, input.customerId), eq(invoices.invoiceNumber, input.invoiceNumber)))
      .for("update");
    if (!row) throw notFound("invoices.errors.not-found");
    const inProgress = await hasPaymentInProgress(t, input.site.id, row.id, now);
    const window = windowFor(row, profile, input.site, today, inProgress);
    const errors = checkPostponeDate(window, input.dueDate, row, today);
    if (errors.length) throw validationError(errors, "invoices.errors.postpone-rejected");

    let totals = { netCents: Number(row.netCents), vatCents: Number(row.vatCents), totalCents: Number(row.totalCents) };
    if (profile.postponeFeeCents > 0) {
      const existing = await tx
        .select()
        .from(invoiceLines)
        .where(and(eq(invoiceLines.siteId, input.site.id), eq(invoiceLines.invoiceId, row.id)))
        .orderBy(asc(invoiceLines.position));
      const all = [
        ...existing.map((l) => ({ netCents: Number(l.netCents), vatRateBasisPoints: l.vatRateBasisPoints })),
        { netCents: profile.postponeFeeCents, vatRateBasisPoints: vatBp },
      ];
      const computed = computeTotals(all);
      for (const [i, l] of existing.entries()) {
        if (computed.lineVatCents[i] !== Number(l.vatCents)) {
          await tx
            .update(invoiceLines)
            .set({ vatCents: computed.lineVatCents[i], totalCents: Number(l.netCents) + computed.lineVatCents[i] })
            .where(and(eq(invoiceLines.siteId, input.site.id), eq(invoiceLines.id, l.id)));
        }
      }
      const feeVat = computed.lineVatCents[existing.length];
      await tx.insert(invoiceLines).values({
        invoiceId: row.id,
        siteId: input.site.id,
        position: existing.length ? Math.max(...existing.map((l) => l.position)) + 1 : 0,
        component: "PostponeFee",
        quantity: "1",
        unit: "pcs",
        unitPriceCents: profile.postponeFeeCents.toFixed(6),
        netCents: profile.postponeFeeCents,
        vatRateBasisPoints: vatBp,
        vatCents: feeVat,
        totalCents: profile.postponeFeeCents + feeVat,
      });
      totals = { netCents: computed.netCents, vatCents: computed.vatCents, totalCents: computed.totalCents };
    }
    const updated = await tx
      .update(invoices)
      .set({ dueDate: input.dueDate, postponeCount: row.postponeCount + 1, ...totals, updatedAt: now })
      .where(and(eq(invoices.siteId, input.site.id), eq(invoices.id, row.id), eq(invoices.postponeCount, row.postponeCount)))
      .returning({ id: invoices.id });
    if (!updated.length) throw validationError([{ path: "dueDate", code: "conflict", message: "invoices.errors.postpone-limit-reached" }]);
    return row.id;
  });
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.siteId, input.site.id), eq(invoices.id, invoiceId)));
  return detailOf(db, input.site, row, now);
}
