import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { getInvoiceDetail } from "@/server/invoices/invoices";
import { getCustomerPayment } from "@/server/payments/status";
import type { PaymentView } from "@/server/payments/core";
import { AppError } from "@/server/errors";
import type { Site } from "@/server/sites/sites";
import type { PortalSession } from "@/server/auth/session";

/** What an invoice number and a payment id in a path look like; anything else is not found without a query. */
const INVOICE_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RouteParams = Promise<{ site: string; locale: string }>;
export type InvoiceRouteParams = Promise<{ site: string; locale: string; invoiceNumber: string }>;

export interface InvoicePageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  /** The active customer's id; null when the person has no customer account to act for. */
  customerId: string | null;
  /** A path on the site in the page's locale. */
  href: (path: string) => string;
  /** The locale prefix of paths ("" for the site's default locale, "/en" otherwise). */
  prefix: string;
}

/** An invoice page: the area page prologue (site, the invoices area switched on, a session) and what invoice pages derive from it. */
export async function invoicePageContext(params: RouteParams): Promise<InvoicePageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "invoices");
  return {
    site,
    locale,
    session,
    customerId: session.activeCustomer?.id ?? null,
    href: (path: string) => localePath(site, locale, path),
    prefix: localePath(site, locale, "/").replace(/\/$/, ""),
  };
}

/** One lookup per request: the invoice's layout (which answers 404 before anything streams) and its pages share it. */
const invoiceDetail = cache(async (site: Site, customerId: string, invoiceNumber: string) => {
  try {
    return await getInvoiceDetail({ site, customerId, invoiceNumber });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
});

/** The invoice of the route for the active customer; another customer's number is not found. */
export async function loadInvoice(ctx: InvoicePageContext, invoiceNumber: string) {
  const number = decodeURIComponent(invoiceNumber);
  if (!ctx.customerId || !INVOICE_NUMBER.test(number)) notFound();
  return invoiceDetail(ctx.site, ctx.customerId, number);
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
    const payment = await getCustomerPayment(ctx.site, ctx.customerId, id);
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
