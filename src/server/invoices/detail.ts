import "server-only";
import { hasFeature } from "@/lib/features";
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { customers, invoiceLines, invoiceMeteringPoints, invoices, payments } from "@/server/db/schema";
import { computeTotals } from "@/lib/invoices/amounts";
import { getBillingProfile, type BillingProfile } from "./billing-profile";
import { daysBetween, todayIn } from "@/lib/invoices/dates";
import type { InvoiceDetail, InvoiceSite, InvoiceSummary } from "./invoices";
import { postponeWindow, type PostponeWindow } from "@/lib/invoices/postpone-rules";
import { finnishVirtualBarcode, formatReference, rfReference } from "@/lib/invoices/reference-number";

type InvoiceRow = typeof invoices.$inferSelect;

const ACTIVE_PAYMENT_MINUTES = 60;

/** Whether a payment of the invoice was started within the last hour and has not ended. */
export async function hasPaymentInProgress(db: Db, siteId: string, invoiceId: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - ACTIVE_PAYMENT_MINUTES * 60_000);
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.siteId, siteId), eq(payments.invoiceId, invoiceId), inArray(payments.status, ["created", "pending"]), gt(payments.createdAt, since)))
    .limit(1);
  return !!row;
}

/** The invoice's postponement window under the site's rules (postponeWindow). */
export function windowFor(row: InvoiceRow, profile: BillingProfile, site: InvoiceSite, today: string, paymentInProgress: boolean): PostponeWindow {
  return postponeWindow(row, profile, { advanced: hasFeature(site, "invoices.advanced-postpone"), today, paymentInProgress });
}

/**
 * The whole of an invoice as its page, PDF and CSV show it, built on its summary: supplier and
 * customer, metering points, lines, VAT breakdown, the comparison with the same period a year
 * earlier, payment instructions, the postponement window and the latest payments.
 */
export async function detailOf(db: Db, site: InvoiceSite, row: InvoiceRow, summary: InvoiceSummary, now: Date): Promise<InvoiceDetail> {
  const today = todayIn(site.timezone, now);
  const [profile, customerRows, lines, points, paymentRows, inProgress, previousRows] = await Promise.all([
    getBillingProfile(site.id, db),
    db
      .select()
      .from(customers)
      .where(and(eq(customers.siteId, site.id), eq(customers.id, row.customerId))),
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
      .where(and(eq(invoices.siteId, site.id), eq(invoices.customerId, row.customerId), eq(invoices.periodStart, sameDayLastYear(row.periodStart)), sql`${invoices.status} <> 'cancelled'`))
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
      changePercent: previousConsumptionWh && previousConsumptionWh > 0 ? Math.round(((consumptionWh - previousConsumptionWh) / previousConsumptionWh) * 1000) / 10 : null,
      averageDailyWh: Math.round(consumptionWh / days),
      previousAverageDailyWh: previousConsumptionWh === null ? null : Math.round(previousConsumptionWh / prevDays),
      previousInvoice: previousRows[0] ? { invoiceNumber: previousRows[0].invoiceNumber, totalCents: Number(previousRows[0].totalCents), currency: previousRows[0].currency } : null,
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
      virtualBarcode: site.country === "FI" && profile.iban && isNumericRef ? finnishVirtualBarcode({ iban: profile.iban, totalCents: Number(row.totalCents), reference, dueDate: row.dueDate }) : null,
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
