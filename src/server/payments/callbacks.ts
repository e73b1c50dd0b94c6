import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { payments, type PaymentProviderId, type PaymentStatus } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { paymentProviderFor } from "@/server/providers/payments/registry";
import { receiveSandboxCallbacks } from "@/server/providers/payments/sandbox";
import { CallbackRejected, ProviderError, type CallbackRequest } from "@/server/providers/payments/types";
import { applyProviderStatus, logEvent, type PaymentSite } from "./core";
import { refreshPayment } from "./status";
import { isTerminal } from "@/lib/payments/state-machine";

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

// The sandbox provider calls back into this process directly instead of over HTTP.
receiveSandboxCallbacks(handlePaymentCallback);
