import "server-only";
import { listInvoices, type InvoiceSite, type InvoiceSummary } from "./invoices";
import { hasFeature, type Feature } from "@/lib/features";

/** The site of the request, with its features typed. */
type SummarySite = InvoiceSite & { readonly features: readonly Feature[] };

export interface AmountToPay {
  /** Invoices the customer can pay now (open or overdue, with something to pay). */
  count: number;
  overdue: number;
  totalCents: number;
  currency: string;
}

/** What the customer has to pay: the invoices they can pay now, how many are overdue and their sum. */
export async function amountToPay(site: SummarySite, customerId: string, now?: Date): Promise<AmountToPay> {
  const payable = (await listInvoices({ site, customerId, status: "unpaid", now })).filter((i) => i.canPay);
  return {
    count: payable.length,
    overdue: payable.filter((i) => i.overdue).length,
    totalCents: payable.reduce((s, i) => s + i.totalCents, 0),
    currency: payable[0]?.currency ?? "EUR",
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
  const all = await listInvoices({ site, customerId, now });
  return all.filter((i) => i.status !== "cancelled" && i.state !== "cancelled").slice(0, LATEST_INVOICES);
}
