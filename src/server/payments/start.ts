import "server-only";
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { banks, customers, invoices, payments, type PaymentMethod, type PaymentProviderId, type PaymentStatus } from "@/server/db/schema";
import { AppError, forbidden, notFound, validationError } from "@/server/errors";
import { invoiceState } from "@/server/invoices/invoices";
import { todayIn } from "@/lib/invoices/dates";
import { ProviderInputError } from "@/server/providers/payments/types";
import { chooseProvider } from "./methods";
import { applyProviderStatus, invoicePagePaths, logEvent, paymentLocale, type PaymentSite } from "./core";

/** A payment started this recently for the same invoice and choice is resumed, not started again. */
const RESUME_MINUTES = 30;

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
      callbackUrl: `${input.origin}/api/payment-callbacks/${config.provider}`,
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
