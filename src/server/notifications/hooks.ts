import "server-only";
import { and, eq, gte, isNotNull, lte } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { energyContracts, invoices } from "@/server/db/schema";
import { handleJob } from "@/server/jobs/runtime";
import { queueNotification } from "./notify";

/**
 * What other areas announce. Each function queues the event job and returns: nothing is sent in
 * the caller's request, and a caller that announces the same event twice reaches the customer once.
 */

export function invoiceIssued(args: { siteId: string; customerId: string; invoiceNumber: string; amountCents: number; currency: string; dueDate: string }) {
  return queueNotification({
    siteId: args.siteId,
    customerId: args.customerId,
    subject: "invoice-issued",
    eventKey: `invoice-issued:${args.invoiceNumber}`,
    params: { invoiceNumber: args.invoiceNumber, amountCents: String(args.amountCents), currency: args.currency, dueDate: args.dueDate },
  });
}

export function paymentReceived(args: { siteId: string; customerId: string; paymentId: string; invoiceNumber: string; amountCents: number; currency: string }) {
  return queueNotification({
    siteId: args.siteId,
    customerId: args.customerId,
    subject: "payment-received",
    eventKey: `payment-received:${args.paymentId}`,
    params: { invoiceNumber: args.invoiceNumber, amountCents: String(args.amountCents), currency: args.currency },
  });
}

export function ticketAnswered(args: { siteId: string; customerId: string; ticketId: string; ticketNumber: number; ticketName: string; commentId: string }) {
  return queueNotification({
    siteId: args.siteId,
    customerId: args.customerId,
    subject: "ticket-answered",
    eventKey: `ticket-answered:${args.commentId}`,
    params: { ticketId: args.ticketId, ticketNumber: String(args.ticketNumber), ticketName: args.ticketName.slice(0, 200) },
  });
}

/**
 * A payment that succeeded (payments/core.ts, after its transaction): the invoice it paid is
 * announced as paid. Any later report of the same payment is the same event. A failure to queue
 * is logged and never fails the payment.
 */
export async function announcePayment(siteId: string, payment: { id: string; invoiceId: string; amountCents: number; currency: string }): Promise<void> {
  try {
    const db = await getDb();
    const [invoice] = await db
      .select({ customerId: invoices.customerId, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.siteId, siteId), eq(invoices.id, payment.invoiceId)));
    if (!invoice) return;
    await paymentReceived({ siteId, customerId: invoice.customerId, paymentId: payment.id, invoiceNumber: invoice.invoiceNumber, amountCents: payment.amountCents, currency: payment.currency });
  } catch (err) {
    console.error(`[notifications] payment ${payment.id} not announced: ${(err as Error).message}`);
  }
}

/** How many days before the due date an unpaid invoice is recalled. */
export const INVOICE_DUE_DAYS = 3;

/**
 * The hourly scan of invoices: an open invoice issued in the last two days is announced as
 * issued, one due within three days as due soon. The event keys name the invoice (and its due
 * date: a postponed invoice is recalled again), so every invoice is announced once, whichever
 * way it was issued, and a scan that died halfway is simply run again.
 */
export async function announceInvoices(now = new Date()): Promise<{ issued: number; due: number }> {
  const db = await getDb();
  const today = now.toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const columns = {
    siteId: invoices.siteId,
    customerId: invoices.customerId,
    invoiceNumber: invoices.invoiceNumber,
    totalCents: invoices.totalCents,
    currency: invoices.currency,
    dueDate: invoices.dueDate,
  };
  const issued = await db
    .select(columns)
    .from(invoices)
    .where(and(eq(invoices.status, "open"), gte(invoices.issueDate, day(-2)), lte(invoices.issueDate, today)));
  for (const r of issued) await invoiceIssued({ siteId: r.siteId, customerId: r.customerId, invoiceNumber: r.invoiceNumber, amountCents: r.totalCents, currency: r.currency, dueDate: r.dueDate });
  const due = await db
    .select(columns)
    .from(invoices)
    .where(and(eq(invoices.status, "open"), gte(invoices.dueDate, today), lte(invoices.dueDate, day(INVOICE_DUE_DAYS))));
  for (const r of due) {
    await queueNotification({
      siteId: r.siteId,
      customerId: r.customerId,
      subject: "invoice-due",
      eventKey: `invoice-due:${r.invoiceNumber}:${r.dueDate}`,
      params: { invoiceNumber: r.invoiceNumber, amountCents: String(r.totalCents), currency: r.currency, dueDate: r.dueDate },
    });
  }
  return { issued: issued.length, due: due.length };
}

/** How many days before its end a customer hears that a contract ends. */
export const CONTRACT_ENDING_DAYS = 30;

/**
 * The daily scan: every contract ending within the next 30 days is announced once (the event key
 * names the contract and its end date, so a contract extended and ending later is announced again).
 */
export async function announceEndingContracts(today = new Date().toISOString().slice(0, 10)): Promise<number> {
  const db = await getDb();
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + CONTRACT_ENDING_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({ id: energyContracts.id, siteId: energyContracts.siteId, customerId: energyContracts.customerId, validTo: energyContracts.validTo, productName: energyContracts.productName })
    .from(energyContracts)
    .where(and(isNotNull(energyContracts.validTo), gte(energyContracts.validTo, today), lte(energyContracts.validTo, until)));
  for (const r of rows) {
    await queueNotification({
      siteId: r.siteId,
      customerId: r.customerId,
      subject: "contract-ending",
      eventKey: `contract-ending:${r.id}:${r.validTo}`,
      params: { productName: r.productName, endDate: r.validTo! },
    });
  }
  return rows.length;
}

handleJob("notification-contracts-ending", async () => ({ announced: await announceEndingContracts() }));
handleJob("notification-invoices", () => announceInvoices());
