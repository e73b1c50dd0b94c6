import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { invoices, payments } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import type { ProviderStatus } from "@/server/providers/payments/types";
import { applyProviderStatus, invoicePagePaths, logEvent, providerOf, providerPayment, sitePathIn, viewOf, type PaymentRow, type PaymentSite, type PaymentView } from "./core";
import { isTerminal } from "@/lib/payments/state-machine";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A created payment nobody acted on for this long is expired when the provider agrees or says nothing new. */
const CREATED_EXPIRY_MINUTES = 60;
/** Status reads of one payment at most this often, however often the page polls. */
const CHECK_INTERVAL_MS = 3_000;

/**
 * A payment's status after it was started: read from the provider (at most every few seconds,
 * however often the waiting page polls), shown to the customer, and settled when the customer
 * comes back from the provider.
 */

async function loadPayment(siteId: string, paymentId: string, customerId?: string): Promise<{ row: PaymentRow; invoiceNumber: string } | null> {
  if (!UUID.test(paymentId)) return null;
  const db = await getDb();
  const where = [eq(payments.siteId, siteId), eq(payments.id, paymentId)];
  if (customerId) where.push(eq(payments.customerId, customerId));
  const [found] = await db
    .select({ row: payments, invoiceNumber: invoices.invoiceNumber })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(...where));
  return found ?? null;
}

/**
 * Reads the provider's status of an open payment and applies it. At most one read per payment
 * every few seconds, however many pages poll; `force` skips that limit. A created payment
 * nobody acted on for an hour expires.
 */
export async function refreshPayment(site: PaymentSite, paymentId: string, opts: { force?: boolean; now?: Date } = {}): Promise<PaymentRow | null> {
  const found = await loadPayment(site.id, paymentId);
  if (!found) return null;
  const { row } = found;
  if (isTerminal(row.status) || !row.providerReference) return row;
  const db = await getDb();
  const now = opts.now ?? new Date();
  const claimBefore = opts.force ? now : new Date(now.getTime() - CHECK_INTERVAL_MS);
  const claimed = await db
    .update(payments)
    .set({ lastCheckedAt: now })
    .where(and(eq(payments.siteId, site.id), eq(payments.id, row.id), or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, claimBefore), opts.force ? sql`true` : sql`false`)))
    .returning({ id: payments.id });
  if (!claimed.length) return row;
  let result;
  try {
    result = await providerOf(site, row.provider).fetchStatus(providerPayment(row));
  } catch (err) {
    await logEvent(db, row, "status-check-failed", { details: { error: (err as Error).message } });
    return row;
  }
  await logEvent(db, row, "status-check", { details: { raw: result.raw, status: result.status } });
  let status: ProviderStatus = result.status;
  const ageMinutes = (now.getTime() - row.createdAt.getTime()) / 60_000;
  if (status === "created" && ageMinutes > CREATED_EXPIRY_MINUTES) status = "expired";
  if (status === row.status) return row;
  return applyProviderStatus(site.id, row.id, status, { source: "status-check", raw: result.raw });
}

/** The payment for the customer's waiting page: its status, refreshed from the provider when still open. */
export async function getCustomerPayment(site: PaymentSite, customerId: string, paymentId: string): Promise<PaymentView> {
  const found = await loadPayment(site.id, paymentId, customerId);
  if (!found) throw notFound("invoices.errors.payment-not-found");
  const row = isTerminal(found.row.status) ? found.row : ((await refreshPayment(site, paymentId)) ?? found.row);
  return viewOf(row, found.invoiceNumber);
}

/**
 * The customer is back from the provider (its return URL). Runs the provider's return step
 * (Neonomics completes the payment here), reads the status, and says which page to show: the
 * waiting page in the locale the payment was started in. An unknown payment leads to the
 * invoice list in `fallbackLocale` (the site's default when left out).
 */
export async function handleCustomerReturn(site: PaymentSite, paymentId: string, query: URLSearchParams, fallbackLocale: string | null = null): Promise<string> {
  const found = await loadPayment(site.id, paymentId);
  if (!found) return sitePathIn(site, fallbackLocale, "/invoices");
  const { row, invoiceNumber } = found;
  if (!isTerminal(row.status) && row.providerReference) {
    try {
      const provider = providerOf(site, row.provider);
      if (provider.onCustomerReturn) {
        const kept = await provider.onCustomerReturn(providerPayment(row), query);
        if (kept) {
          const db = await getDb();
          await db
            .update(payments)
            .set({ providerData: { ...(row.providerData ?? {}), ...kept }, updatedAt: new Date() })
            .where(and(eq(payments.siteId, site.id), eq(payments.id, row.id)));
          await logEvent(db, row, "customer-returned", { details: kept });
        }
      }
      await refreshPayment(site, row.id, { force: true });
    } catch (err) {
      console.warn(`[payments] return step of ${row.id} failed: ${(err as Error).message}`);
    }
  }
  return invoicePagePaths(invoiceNumber, row.id, { site, locale: row.locale }).waiting;
}
