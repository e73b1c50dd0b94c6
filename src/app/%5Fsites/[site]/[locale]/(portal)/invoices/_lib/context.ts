import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { getPageSite, localePath, requireSession } from "@/server/web/page-context";
import { getInvoiceDetail, type InvoiceSite } from "@/server/invoices/invoices";
import { getCustomerPayment, type PaymentSite, type PaymentView } from "@/server/payments/payments";
import { AppError } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import type { PortalSession } from "@/server/auth/session";
import { INVOICE_NUMBER, PAYMENT_ID } from "@/ui/invoices/format";

export type RouteParams = Promise<{ site: string; locale: string }>;
export type InvoiceRouteParams = Promise<{ site: string; locale: string; invoiceNumber: string }>;

export interface InvoicePageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  /** The active customer's id; null when the person has no customer account to act for. */
  customerId: string | null;
  invoiceSite: InvoiceSite;
  paymentSite: PaymentSite;
  /** A path on the site in the page's locale. */
  href: (path: string) => string;
  /** The locale prefix of paths ("" for the site's default locale, "/en" otherwise). */
  prefix: string;
}

/** Site, session and locale of an invoice page; the invoices area must be switched on for the site. */
export async function invoicePageContext(params: RouteParams): Promise<InvoicePageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  if (!site.features.includes("invoices")) notFound();
  const session = await requireSession(siteId, locale);
  return {
    site,
    locale,
    session,
    customerId: session.activeCustomer?.id ?? null,
    invoiceSite: { id: site.id, country: site.country, timezone: site.timezone, features: site.features },
    paymentSite: { id: site.id, country: site.country, timezone: site.timezone, companyName: site.companyName, externalServices: site.externalServices },
    href: (path: string) => localePath(site, locale, path),
    prefix: localePath(site, locale, "/").replace(/\/$/, ""),
  };
}

/** The invoice of the route for the active customer; another customer's number is not found. */
export async function loadInvoice(ctx: InvoicePageContext, invoiceNumber: string) {
  const number = decodeURIComponent(invoiceNumber);
  if (!ctx.customerId || !INVOICE_NUMBER.test(number)) notFound();
  try {
    return await getInvoiceDetail({ site: ctx.invoiceSite, customerId: ctx.customerId, invoiceNumber: number });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
}

/**
 * The payment a payment-state page is about: the one in `?payment=`, else the invoice's latest.
 * Scoped to the active customer and to the invoice of the route; null when there is none.
 */
export async function loadPayment(ctx: InvoicePageContext, invoice: { invoiceNumber: string; payments: { id: string }[] }, paymentId: string | undefined): Promise<PaymentView | null> {
  if (!ctx.customerId) return null;
  const id = paymentId && PAYMENT_ID.test(paymentId) ? paymentId : invoice.payments[0]?.id;
  if (!id) return null;
  try {
    const payment = await getCustomerPayment(ctx.paymentSite, ctx.customerId, id);
    return payment.invoiceNumber === invoice.invoiceNumber ? payment : null;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/** A same-site path from the server (provider pages, payment-state pages) in the page's locale. */
export function localized(ctx: Pick<InvoicePageContext, "prefix">, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return `${ctx.prefix}${path}`;
}

export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
