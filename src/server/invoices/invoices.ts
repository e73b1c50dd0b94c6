import "server-only";
import type { Feature } from "@/lib/features";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { getDb, prepared, type Db } from "@/server/db/client";
import { customerData } from "@/server/cache/customer-data";
import { countries, invoiceLines, invoices, type InvoiceStatus, type InvoiceType } from "@/server/db/schema";
import { notFound, validationError } from "@/server/errors";
import { computeTotals } from "@/lib/invoices/amounts";
import { getBillingProfile } from "./billing-profile";
import { todayIn } from "@/lib/invoices/dates";
import { detailOf, hasPaymentInProgress, windowFor } from "./detail";
import { checkPostponeDate } from "@/lib/invoices/postpone-rules";

/** What the invoice services need to know of the site of the request. */
export interface InvoiceSite {
  id: string;
  country: string;
  timezone: string;
  features: readonly Feature[];
}

import type { InvoiceDetail, InvoiceLineView, InvoiceState, InvoiceSummary, PaymentState } from "@/lib/invoices/types";
export type { InvoiceDetail, InvoiceLineView, InvoiceState, InvoiceSummary, PaymentState };

type InvoiceRow = typeof invoices.$inferSelect;

export function invoiceState(row: Pick<InvoiceRow, "status" | "dueDate">, today: string): InvoiceState {
  if (row.status === "open" && row.dueDate < today) return "overdue";
  return row.status;
}

function paymentState(status: InvoiceStatus): PaymentState {
  return status === "paid" ? "paid" : status === "cancelled" ? "cancelled" : "unpaid";
}

/** The columns a summary shows: a list reads only these (mapping each column of each row costs). */
const SUMMARY_COLUMNS = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  referenceNumber: invoices.referenceNumber,
  type: invoices.type,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  originalDueDate: invoices.originalDueDate,
  postponeCount: invoices.postponeCount,
  periodStart: invoices.periodStart,
  periodEnd: invoices.periodEnd,
  deliveryChannel: invoices.deliveryChannel,
  currency: invoices.currency,
  netCents: invoices.netCents,
  vatCents: invoices.vatCents,
  totalCents: invoices.totalCents,
  paidAt: invoices.paidAt,
} satisfies Partial<Record<keyof InvoiceRow, unknown>>;
type SummaryRow = Pick<InvoiceRow, keyof typeof SUMMARY_COLUMNS>;

function summaryOf(row: SummaryRow, today: string): InvoiceSummary {
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
      .select(SUMMARY_COLUMNS)
      .from(invoices)
      .where(and(eq(invoices.siteId, sql.placeholder("siteId")), eq(invoices.customerId, sql.placeholder("customerId"))))
      .orderBy(desc(invoices.issueDate), desc(invoices.invoiceNumber))
      .prepare("list_invoices"),
  );
  const today = todayIn(input.site.timezone, input.now);
  // Kept per day: a summary's state ("overdue") depends on the date and nothing else outside the rows.
  const all = await customerData(input.site.id, input.customerId, `invoices:${today}`, async () =>
    (await query.execute({ siteId: input.site.id, customerId: input.customerId })).map((r) => ({ type: r.type, status: r.status, summary: summaryOf(r, today) })),
  );
  // The same filter of the same kept rows gives the same array, so the API can encode it once (`encodedOnce`).
  let lists = listsOf.get(all);
  if (!lists) listsOf.set(all, (lists = new Map()));
  const filter = `${input.type ?? ""}|${input.status ?? ""}`;
  let list = lists.get(filter);
  if (!list) {
    list = all
      .filter((r) => (!input.type || r.type === input.type) && (input.status !== "paid" || r.status === "paid") && (input.status !== "unpaid" || r.status === "open" || r.status === "outsourced"))
      .map((r) => r.summary);
    lists.set(filter, list);
  }
  return list;
}

/** The filtered lists of a customer's kept summaries, for as long as those are kept. Shared: callers must not change them. */
const listsOf = new WeakMap<object, Map<string, InvoiceSummary[]>>();

/** One invoice of the customer by number; another customer's or site's number is not found. */
export async function findCustomerInvoice(siteId: string, customerId: string, invoiceNumber: string, db?: Db): Promise<InvoiceRow | null> {
  const d = db ?? (await getDb());
  const [row] = await d
    .select()
    .from(invoices)
    .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, customerId), eq(invoices.invoiceNumber, invoiceNumber)));
  return row ?? null;
}

async function countryVat(db: Db, country: string): Promise<number> {
  const [row] = await db.select({ bp: countries.vatRateBasisPoints }).from(countries).where(eq(countries.code, country));
  if (!row) throw new Error(`No VAT rate for ${country}`);
  return row.bp;
}

/** One invoice of the customer in full (see detailOf); another customer's or site's number is not found. */
export async function getInvoiceDetail(input: { site: InvoiceSite; customerId: string; invoiceNumber: string; now?: Date }): Promise<InvoiceDetail> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const row = await findCustomerInvoice(input.site.id, input.customerId, input.invoiceNumber, db);
  if (!row) throw notFound("invoices.errors.not-found");
  return detailOf(db, input.site, row, summaryOf(row, todayIn(input.site.timezone, now)), now);
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
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.siteId, input.site.id), eq(invoices.customerId, input.customerId), eq(invoices.invoiceNumber, input.invoiceNumber)))
      .for("update");
    if (!row) throw notFound("invoices.errors.not-found");
    const inProgress = await hasPaymentInProgress(tx, input.site.id, row.id, now);
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
      const all = [...existing.map((l) => ({ netCents: Number(l.netCents), vatRateBasisPoints: l.vatRateBasisPoints })), { netCents: profile.postponeFeeCents, vatRateBasisPoints: vatBp }];
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
  return detailOf(db, input.site, row, summaryOf(row, todayIn(input.site.timezone, now)), now);
}
