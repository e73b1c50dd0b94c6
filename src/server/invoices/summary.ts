import "server-only";
import { and, eq, gte, inArray, lt, ne } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { invoiceLines, invoiceMeteringPoints, invoices } from "@/server/db/schema";
import { listInvoices, type InvoiceSite, type InvoiceSummary } from "./invoices";
import { hasFeature, type Feature } from "@/lib/features";
import { lastDayOfMonth } from "@/lib/invoices/dates";

/** The site of the request, with its features typed. */
type SummarySite = InvoiceSite & { readonly features: readonly Feature[] };

export interface AmountToPay {
  /** Invoices the customer can pay now (open or overdue, with something to pay). */
  count: number;
  overdue: number;
  totalCents: number;
  currency: string;
  /** The earliest due date of those invoices (an overdue one's is in the past); null when there is nothing to pay. */
  nextDueDate: string | null;
}

/** What the customer has to pay: the invoices they can pay now, how many are overdue, their sum and the earliest due date. */
export async function amountToPay(site: SummarySite, customerId: string, now?: Date): Promise<AmountToPay> {
  return amountToPayOf(await listInvoices({ site, customerId, status: "unpaid", now }));
}

/** The amount to pay of a list of the customer's invoices (any states; the payable ones count). */
export function amountToPayOf(invoices: readonly InvoiceSummary[]): AmountToPay {
  const payable = invoices.filter((i) => i.canPay && i.status === "unpaid");
  return {
    count: payable.length,
    overdue: payable.filter((i) => i.overdue).length,
    totalCents: payable.reduce((s, i) => s + i.totalCents, 0),
    currency: payable[0]?.currency ?? "EUR",
    nextDueDate: payable.reduce<string | null>((min, i) => (min === null || i.dueDate < min ? i.dueDate : min), null),
  };
}

/** How many invoices the dashboard shows. */
export const LATEST_INVOICES = 3;

/**
 * The dashboard's latest invoices: newest first, cancelled ones left out, none when the site
 * has the invoices area switched off.
 */
export async function latestInvoices(site: SummarySite, customerId: string, now?: Date): Promise<InvoiceSummary[]> {
  if (!hasFeature(site, "invoices")) return [];
  return latestOf(site, await listInvoices({ site, customerId, now }));
}

/** The latest invoices of a list of all the customer's invoices (newest first, as listInvoices gives them). */
export function latestOf(site: SummarySite, invoices: readonly InvoiceSummary[]): InvoiceSummary[] {
  if (!hasFeature(site, "invoices")) return [];
  return invoices.filter((i) => i.status !== "cancelled" && i.state !== "cancelled").slice(0, LATEST_INVOICES);
}

/** A metering point as the invoiced amounts are split by: its id and energy kind. */
export interface BilledPoint {
  id: string;
  energyKind: string;
}

/**
 * What the customer was invoiced for whole calendar months from `fromMonth` up to, not
 * including, `toMonth` (both "YYYY-MM"), per energy kind of the given points: month → kind →
 * cents, VAT included. The amounts are the invoice lines' totals (net plus the line's share of
 * the VAT computed per rate, src/lib/invoices/amounts.ts), so that over all the invoice's points
 * they add up to the invoice's total to the cent. Lines of no metering point (paper bill,
 * postponement fee) count with the first of `kinds` the invoice covers; lines of points not given
 * are left out. Cancelled invoices and invoices of other periods than a whole month are left out.
 */
export async function invoicedMonths(
  siteId: string,
  customerId: string,
  points: readonly BilledPoint[],
  kinds: readonly string[],
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, Map<string, number>>> {
  const result = new Map<string, Map<string, number>>();
  if (!points.length) return result;
  const db = await getDb();
  const rows = (
    await db
      .select({ id: invoices.id, periodStart: invoices.periodStart, periodEnd: invoices.periodEnd })
      .from(invoices)
      .where(
        and(
          eq(invoices.siteId, siteId),
          eq(invoices.customerId, customerId),
          ne(invoices.status, "cancelled"),
          gte(invoices.periodStart, `${fromMonth}-01`),
          lt(invoices.periodStart, `${toMonth}-01`),
        ),
      )
  ).filter((r) => r.periodStart.endsWith("-01") && r.periodEnd === lastDayOfMonth(r.periodStart));
  if (!rows.length) return result;
  const ids = rows.map((r) => r.id);
  const [lines, billed] = await Promise.all([
    db
      .select({ invoiceId: invoiceLines.invoiceId, meteringPointId: invoiceLines.meteringPointId, totalCents: invoiceLines.totalCents })
      .from(invoiceLines)
      .where(and(eq(invoiceLines.siteId, siteId), inArray(invoiceLines.invoiceId, ids))),
    db
      .select({ invoiceId: invoiceMeteringPoints.invoiceId, meteringPointId: invoiceMeteringPoints.meteringPointId })
      .from(invoiceMeteringPoints)
      .where(and(eq(invoiceMeteringPoints.siteId, siteId), inArray(invoiceMeteringPoints.invoiceId, ids))),
  ]);
  const kindOf = new Map(points.map((p) => [p.id, p.energyKind]));
  for (const invoice of rows) {
    const month = invoice.periodStart.slice(0, 7);
    const covered = new Set([
      ...billed.filter((b) => b.invoiceId === invoice.id).map((b) => kindOf.get(b.meteringPointId)),
      ...lines.filter((l) => l.invoiceId === invoice.id && l.meteringPointId).map((l) => kindOf.get(l.meteringPointId!)),
    ]);
    const fallback = kinds.find((k) => covered.has(k));
    const cents = result.get(month) ?? new Map<string, number>();
    for (const line of lines.filter((l) => l.invoiceId === invoice.id)) {
      const kind = line.meteringPointId ? kindOf.get(line.meteringPointId) : fallback;
      if (!kind) continue;
      cents.set(kind, (cents.get(kind) ?? 0) + Number(line.totalCents));
    }
    if (cents.size) result.set(month, cents);
  }
  return result;
}
