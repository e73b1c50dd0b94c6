import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { invoices, paymentEvents, payments, type ExternalService, type PaymentMethod, type PaymentProviderId, type PaymentStatus } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { paymentProviderFor, type PaymentServiceConfig } from "@/server/providers/payments/registry";
import { ProviderError, type PaymentProvider, type ProviderPayment, type ProviderStatus } from "@/server/providers/payments/types";
import { localePrefix } from "@/lib/locales";
import { isTerminal, pathTo } from "@/lib/payments/state-machine";
import { announcePayment } from "@/server/notifications/hooks";

/**
 * What every part of the payment services shares: the site they need, the portal's payment
 * pages, the customer's view of a payment, the event log, and the one place a status reported by
 * a provider is applied. Starting (start.ts), status reads (status.ts), provider callbacks
 * (callbacks.ts) and reconciliation (reconciliation.ts) build on it; callers import the one they use.
 */
export type PaymentRow = typeof payments.$inferSelect;

/** What the payment services need of the site. */
export interface PaymentSite {
  id: string;
  country: string;
  timezone: string;
  companyName: string;
  externalServices: ExternalService[];
  /** The site's default interface locale: its pages have no locale prefix. */
  defaultLocaleId: string;
  /** The interface locales the site offers. */
  locales: string[];
}

/**
 * The locale a payment is started in: the first candidate the site offers (the page's locale as
 * the request tells it), else the site's default.
 */
export function paymentLocale(site: Pick<PaymentSite, "defaultLocaleId" | "locales">, candidates: (string | null | undefined)[]): string {
  for (const c of candidates) if (c && site.locales.includes(c)) return c;
  return site.defaultLocaleId;
}

/**
 * A path on the site in a locale: unprefixed in the site's default locale, "/sv/..." in sv-FI.
 * A locale the site does not (or no longer) offer falls back to the default.
 */
export function sitePathIn(site: Pick<PaymentSite, "defaultLocaleId" | "locales">, locale: string | null, path: string): string {
  const l = paymentLocale(site, [locale]);
  return l === site.defaultLocaleId ? path : `/${localePrefix(l)}${path}`;
}

/**
 * The payment-state pages of an invoice. Without a site these are page paths without a locale
 * prefix (the page showing them adds its own); with a site and locale they are full paths on the
 * site in that locale, as the provider and the redirect after the provider need them.
 */
export function invoicePagePaths(invoiceNumber: string, paymentId: string, localized?: { site: Pick<PaymentSite, "defaultLocaleId" | "locales">; locale: string | null }) {
  const base = `/invoices/${encodeURIComponent(invoiceNumber)}`;
  const q = `?payment=${paymentId}`;
  const at = (path: string) => (localized ? sitePathIn(localized.site, localized.locale, path) : path);
  return {
    processing: at(`${base}/payment-processing${q}`),
    waiting: at(`${base}/waiting-confirmation${q}`),
    confirmation: at(`${base}/confirmation${q}`),
    failed: at(`${base}/failed${q}`),
  };
}

export interface PaymentView {
  id: string;
  invoiceNumber: string;
  status: PaymentStatus;
  provider: PaymentProviderId;
  method: PaymentMethod;
  bankBic: string | null;
  amountCents: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Where a created payment continues at the provider; null otherwise. */
  redirectUrl: string | null;
  /** The portal page that fits the status: waiting-confirmation, confirmation or failed (no locale prefix: the page adds its own). */
  nextPath: string;
}

export function viewOf(row: PaymentRow, invoiceNumber: string): PaymentView {
  const paths = invoicePagePaths(invoiceNumber, row.id);
  return {
    id: row.id,
    invoiceNumber,
    status: row.status,
    provider: row.provider,
    method: row.method,
    bankBic: row.bankBic,
    amountCents: Number(row.amountCents),
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    redirectUrl: row.status === "created" ? row.redirectUrl : null,
    nextPath: row.status === "succeeded" ? paths.confirmation : isTerminal(row.status) ? paths.failed : paths.waiting,
  };
}

export async function logEvent(
  db: Db,
  row: Pick<PaymentRow, "id" | "siteId" | "provider">,
  kind: string,
  extra: { fromStatus?: PaymentStatus | null; toStatus?: PaymentStatus | null; providerEventId?: string | null; details?: Record<string, unknown> } = {},
): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({
      paymentId: row.id,
      siteId: row.siteId,
      provider: row.provider,
      kind,
      fromStatus: extra.fromStatus ?? null,
      toStatus: extra.toStatus ?? null,
      providerEventId: extra.providerEventId ?? null,
      details: extra.details ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

export function providerPayment(row: PaymentRow): ProviderPayment {
  if (!row.providerReference) throw new ProviderError("Payment has no provider reference yet");
  return {
    id: row.id,
    siteId: row.siteId,
    providerReference: row.providerReference,
    providerData: row.providerData ?? {},
    amountCents: Number(row.amountCents),
    currency: row.currency,
  };
}

/** The provider instance of an existing payment, from the site's current configuration. */
export function providerOf(site: PaymentSite, provider: PaymentProviderId): PaymentProvider {
  const found = paymentProviderFor(site, provider);
  if (!found) throw new ProviderError(`The site has no ${provider} payment provider configured`);
  return found.provider;
}

/* ------------------------------------------------------------------------------------------ */
/* Transitions                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * Applies a status a provider vouched for. Runs in one transaction on the locked payment row:
 * each step is a conditional update from the status read, so concurrent callbacks and polls
 * apply a transition once, and the invoice is marked paid once, only on success.
 */
export async function applyProviderStatus(siteId: string, paymentId: string, reported: ProviderStatus, details: Record<string, unknown> = {}): Promise<PaymentRow> {
  const db = await getDb();
  const applied = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, siteId), eq(payments.id, paymentId)))
      .for("update");
    if (!row) throw notFound("invoices.errors.payment-not-found");
    const steps = pathTo(row.status, reported);
    if (steps === null) {
      await logEvent(tx, row, "status-contradiction", { fromStatus: row.status, details: { ...details, reported } });
      return row;
    }
    let current = row;
    for (const next of steps) {
      const now = new Date();
      const [updated] = await tx
        .update(payments)
        .set({ status: next, updatedAt: now, ...(isTerminal(next) ? { finishedAt: now } : {}), ...(next === "failed" ? { failureReason: String(details.raw ?? "declined") } : {}) })
        .where(and(eq(payments.siteId, siteId), eq(payments.id, paymentId), eq(payments.status, current.status)))
        .returning();
      if (!updated) break;
      await logEvent(tx, updated, "transition", { fromStatus: current.status, toStatus: next, details });
      current = updated;
    }
    if (current.status === "succeeded" && row.status !== "succeeded") {
      const paid = await tx
        .update(invoices)
        .set({ status: "paid", paidAt: new Date(), updatedAt: new Date() })
        .where(and(eq(invoices.siteId, siteId), eq(invoices.id, current.invoiceId), inArray(invoices.status, ["open", "outsourced"])))
        .returning({ id: invoices.id });
      // Paid twice (two providers, two tabs): the second payment is kept for a refund.
      await logEvent(tx, current, paid.length ? "invoice-paid" : "invoice-already-paid", { details: { invoiceId: current.invoiceId } });
    }
    return current;
  });
  // The customer hears of it through their notification channels (a job; once per payment).
  if (applied.status === "succeeded") await announcePayment(siteId, applied);
  return applied;
}

/** The payment's event log, oldest first (support and tests). */
export async function listPaymentEvents(siteId: string, paymentId: string) {
  const db = await getDb();
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.siteId, siteId), eq(paymentEvents.paymentId, paymentId)))
    .orderBy(asc(paymentEvents.createdAt));
}

export type { PaymentServiceConfig };
