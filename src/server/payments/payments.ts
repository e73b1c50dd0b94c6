import "server-only";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import {
  banks,
  customers,
  invoices,
  paymentEvents,
  payments,
  type ExternalService,
  type PaymentMethod,
  type PaymentProviderId,
  type PaymentStatus,
} from "@/server/db/schema";
import { AppError, forbidden, notFound, validationError } from "@/server/errors";
import { invoiceState } from "@/server/invoices/invoices";
import { todayIn } from "@/server/invoices/dates";
import { paymentProviderFor, type PaymentServiceConfig } from "@/server/providers/payments/registry";
import {
  CallbackRejected,
  ProviderError,
  ProviderInputError,
  type CallbackRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
} from "@/server/providers/payments/types";
import { localePrefix } from "@/lib/locales";
import { chooseProvider } from "./methods";
import { isTerminal, pathTo } from "./state-machine";

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A payment started this recently for the same invoice and choice is resumed, not started again. */
const RESUME_MINUTES = 30;
/** A created payment nobody acted on for this long is expired when the provider agrees or says nothing new. */
const CREATED_EXPIRY_MINUTES = 60;
/** Status reads of one payment at most this often, however often the page polls. */
const CHECK_INTERVAL_MS = 3_000;

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

function viewOf(row: PaymentRow, invoiceNumber: string): PaymentView {
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

async function logEvent(
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

function providerPayment(row: PaymentRow): ProviderPayment {
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
function providerOf(site: PaymentSite, provider: PaymentProviderId): PaymentProvider {
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
export async function applyProviderStatus(
  siteId: string,
  paymentId: string,
  reported: ProviderStatus,
  details: Record<string, unknown> = {},
): Promise<PaymentRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, siteId), eq(payments.id, paymentId)))
      .for("update");
    if (!row) throw notFound("invoices.errors.payment-not-found");
    const steps = pathTo(row.status, reported);
    if (steps === null) {
      await logEvent(t, row, "status-contradiction", { fromStatus: row.status, details: { ...details, reported } });
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
      await logEvent(t, updated, "transition", { fromStatus: current.status, toStatus: next, details });
      current = updated;
    }
    if (current.status === "succeeded" && row.status !== "succeeded") {
      const paid = await tx
        .update(invoices)
        .set({ status: "paid", paidAt: new Date(), updatedAt: new Date() })
        .where(and(eq(invoices.siteId, siteId), eq(invoices.id, current.invoiceId), inArray(invoices.status, ["open", "outsourced"])))
        .returning({ id: invoices.id });
      // Paid twice (two providers, two tabs): the second payment is kept for a refund.
      await logEvent(t, current, paid.length ? "invoice-paid" : "invoice-already-paid", { details: { invoiceId: current.invoiceId } });
    }
    return current;
  });
}

/* ------------------------------------------------------------------------------------------ */
/* Starting a payment                                                                          */
/* ------------------------------------------------------------------------------------------ */

export interface StartInvoicePaymentInput {
  site: PaymentSite;
  customerId: string;
  personId: string;
  role: "owner" | "representative" | "customer_service";
  invoiceNumber: string;
  method: PaymentMethod;
  provider?: PaymentProviderId | null;
  bankBic?: string | null;
  idempotencyKey?: string | null;
  /** Origin of the request (scheme and host), for the absolute URLs providers need. */
  origin: string;
  /** The interface locale the customer pays in, one of the site's: they come back to pages in it. */
  locale: string;
  customerIp?: string | null;
}

export interface StartedPayment {
  paymentId: string;
  redirectUrl: string;
  status: PaymentStatus;
  provider: PaymentProviderId;
}

export async function startInvoicePayment(input: StartInvoicePaymentInput): Promise<StartedPayment> {
  if (input.role === "customer_service") throw forbidden("invoices.errors.payment-staff-not-allowed");
  const db = await getDb();
  const siteId = input.site.id;
  const locale = paymentLocale(input.site, [input.locale]);

  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, input.customerId), eq(invoices.invoiceNumber, input.invoiceNumber)));
  if (!invoice) throw notFound("invoices.errors.not-found");

  if (input.idempotencyKey) {
    const [existing] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.siteId, siteId), eq(payments.customerId, input.customerId), eq(payments.idempotencyKey, input.idempotencyKey)));
    if (existing) {
      if (existing.invoiceId !== invoice.id) throw new AppError("conflict", "invoices.errors.idempotency-key-reused");
      if (existing.status === "failed" && !existing.redirectUrl) {
        return { paymentId: existing.id, redirectUrl: invoicePagePaths(invoice.invoiceNumber, existing.id).failed, status: existing.status, provider: existing.provider };
      }
      if (!existing.redirectUrl) throw new AppError("conflict", "invoices.errors.payment-starting");
      return { paymentId: existing.id, redirectUrl: existing.redirectUrl, status: existing.status, provider: existing.provider };
    }
  }

  const state = invoiceState(invoice, todayIn(input.site.timezone));
  if (state === "paid") throw new AppError("conflict", "invoices.errors.already-paid");
  if (state === "outsourced") throw new AppError("conflict", "invoices.errors.payment-outsourced");
  if (state === "cancelled") throw new AppError("conflict", "invoices.errors.payment-cancelled");
  if (Number(invoice.totalCents) <= 0) throw new AppError("conflict", "invoices.errors.nothing-to-pay");

  let bankBic: string | null = null;
  if (input.method === "bank" && input.bankBic) {
    const bic = input.bankBic.toUpperCase();
    const [bank] = await db
      .select({ bic: banks.bic })
      .from(banks)
      .where(and(eq(banks.country, input.site.country), eq(banks.bic, bic), eq(banks.type, "BANK_LINK")))
      .limit(1);
    if (!bank) throw validationError([{ path: "bankBic", code: "invalid_value", message: "invoices.errors.bank-unknown" }]);
    bankBic = bank.bic;
  }

  const { config, provider } = chooseProvider(input.site, input.method, input.provider ?? null);

  // Reloading the payment-processing page resumes the payment just started.
  const since = new Date(Date.now() - RESUME_MINUTES * 60_000);
  const [resumable] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.siteId, siteId),
        eq(payments.invoiceId, invoice.id),
        eq(payments.status, "created"),
        eq(payments.provider, config.provider),
        eq(payments.method, input.method),
        bankBic ? eq(payments.bankBic, bankBic) : isNull(payments.bankBic),
        eq(payments.amountCents, Number(invoice.totalCents)),
        gt(payments.createdAt, since),
        isNotNull(payments.redirectUrl),
        // Its provider sends the customer back to pages in the locale it was started in.
        eq(payments.locale, locale),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (resumable && !input.idempotencyKey) {
    return { paymentId: resumable.id, redirectUrl: resumable.redirectUrl!, status: resumable.status, provider: resumable.provider };
  }

  const [created] = await db
    .insert(payments)
    .values({
      siteId,
      customerId: input.customerId,
      invoiceId: invoice.id,
      provider: config.provider,
      method: input.method,
      bankBic,
      amountCents: Number(invoice.totalCents),
      currency: invoice.currency,
      idempotencyKey: input.idempotencyKey ?? null,
      startedBy: input.personId,
      locale,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    // The same idempotency key raced in from a second request.
    throw new AppError("conflict", "invoices.errors.payment-starting");
  }
  await logEvent(db, created, "created", { toStatus: "created", details: { invoiceNumber: invoice.invoiceNumber, method: input.method, bankBic } });

  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.id, input.customerId)));
  const paths = invoicePagePaths(invoice.invoiceNumber, created.id, { site: input.site, locale });
  try {
    const result = await provider.startPayment({
      paymentId: created.id,
      siteId,
      customerId: input.customerId,
      invoiceNumber: invoice.invoiceNumber,
      reference: invoice.referenceNumber,
      amountCents: Number(invoice.totalCents),
      currency: invoice.currency,
      method: input.method,
      bankBic,
      description: `${input.site.companyName} ${invoice.invoiceNumber}`,
      returnUrl: `${input.origin}/api/payments/${created.id}/return`,
      waitingPath: paths.waiting,
      callbackUrl: `${input.origin}/api/payments/callback/${config.provider}`,
      locale,
      country: input.site.country,
      customerEmail: customer?.email ?? null,
      customerIp: input.customerIp ?? null,
    });
    const [updated] = await db
      .update(payments)
      .set({
        providerReference: result.providerReference,
        redirectUrl: result.redirectUrl,
        providerData: result.providerData ?? {},
        updatedAt: new Date(),
      })
      .where(and(eq(payments.siteId, siteId), eq(payments.id, created.id)))
      .returning();
    await logEvent(db, updated, "provider-started", { details: { providerReference: result.providerReference } });
    const final = result.status === "pending" ? await applyProviderStatus(siteId, created.id, "pending", { source: "start" }) : updated;
    return { paymentId: final.id, redirectUrl: result.redirectUrl, status: final.status, provider: final.provider };
  } catch (err) {
    await applyProviderStatus(siteId, created.id, "failed", { source: "start", raw: "start-failed", error: (err as Error).message });
    if (err instanceof ProviderInputError) throw validationError([{ path: err.field, code: "invalid_value", message: err.messageKey }]);
    console.error(`[payments] ${config.provider} start failed for payment ${created.id}: ${(err as Error).message}`);
    throw new AppError("unavailable", "invoices.errors.payment-provider-unavailable");
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Status: polling, callbacks, the customer's return, reconciliation                           */
/* ------------------------------------------------------------------------------------------ */

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
    .where(
      and(
        eq(payments.siteId, site.id),
        eq(payments.id, row.id),
        or(isNull(payments.lastCheckedAt), lt(payments.lastCheckedAt, claimBefore), opts.force ? sql`true` : sql`false`),
      ),
    )
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

export interface CallbackOutcome {
  result: "processed" | "duplicate";
  paymentId: string;
  status: PaymentStatus;
}

/**
 * A provider's server-to-server notification. Authenticated by the provider adapter (signature
 * or shared secret); a notification with an id is processed once; a status the provider did
 * not sign is read back over its API. Used by the HTTP endpoint and by the sandbox directly.
 */
export async function handlePaymentCallback(site: PaymentSite, providerId: string, request: CallbackRequest): Promise<CallbackOutcome> {
  const found = paymentProviderFor(site, providerId as PaymentProviderId);
  if (!found || found.config.provider !== providerId) throw notFound("invoices.errors.payment-provider-unknown");
  let verified;
  try {
    verified = await found.provider.verifyCallback(request);
  } catch (err) {
    if (err instanceof CallbackRejected || err instanceof ProviderError) {
      console.warn(`[payments] ${providerId} callback rejected on ${site.id}: ${err.message}`);
      throw new AppError("unauthenticated", "invoices.errors.callback-rejected");
    }
    throw err;
  }
  const db = await getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.siteId, site.id), eq(payments.provider, found.config.provider), eq(payments.providerReference, verified.providerReference)));
  if (!row) throw notFound("invoices.errors.payment-not-found");
  if (verified.orderReference && verified.orderReference !== row.id) {
    console.warn(`[payments] ${providerId} callback order reference does not match payment ${row.id}`);
    throw new AppError("unauthenticated", "invoices.errors.callback-rejected");
  }
  const first = await logEvent(db, row, "callback", {
    providerEventId: verified.eventId,
    details: { status: verified.status, signed: verified.status !== null },
  });
  if (!first) return { result: "duplicate", paymentId: row.id, status: row.status };
  if (isTerminal(row.status)) return { result: "processed", paymentId: row.id, status: row.status };
  const updated = verified.status
    ? await applyProviderStatus(site.id, row.id, verified.status, { source: "callback", raw: verified.status })
    : ((await refreshPayment(site, row.id, { force: true })) ?? row);
  return { result: "processed", paymentId: row.id, status: updated.status };
}

export interface ReconcileSummary {
  checked: number;
  changed: number;
  failures: number;
  byStatus: Partial<Record<PaymentStatus, number>>;
}

/**
 * Finds payments that are still open a while after their last change (a callback lost, the
 * customer gone) and asks their providers. Meant to run every minute or so from a job runner.
 */
export async function reconcilePendingPayments(
  opts: { olderThanMs?: number; limit?: number; now?: Date; loadSite?: (siteId: string) => Promise<PaymentSite | null> } = {},
): Promise<ReconcileSummary> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.olderThanMs ?? 60_000));
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ["created", "pending"]), lt(payments.updatedAt, cutoff), isNotNull(payments.providerReference)))
    .orderBy(asc(payments.updatedAt))
    .limit(opts.limit ?? 200);
  const loadSite = opts.loadSite ?? (async (id: string) => (await import("@/server/sites/sites")).getSiteById(id));
  const summary: ReconcileSummary = { checked: 0, changed: 0, failures: 0, byStatus: {} };
  const sites = new Map<string, PaymentSite | null>();
  for (const row of rows) {
    if (!sites.has(row.siteId)) sites.set(row.siteId, await loadSite(row.siteId));
    const site = sites.get(row.siteId);
    if (!site) continue;
    summary.checked += 1;
    try {
      const after = await refreshPayment(site, row.id, { force: true, now });
      if (after && after.status !== row.status) summary.changed += 1;
      const status = after?.status ?? row.status;
      summary.byStatus[status] = (summary.byStatus[status] ?? 0) + 1;
    } catch (err) {
      summary.failures += 1;
      console.warn(`[payments] reconciling ${row.id} failed: ${(err as Error).message}`);
    }
  }
  return summary;
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
