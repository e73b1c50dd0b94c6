"use client";

import { api, ApiError, randomId } from "@/ui/api";
import type { Payment, PaymentStatus, StartedPayment, StartPayment } from "@/api/schemas/payments";

export type { PaymentStatus };

/** A random id for an attempt (the idempotency key of a payment start). */
export const newAttemptId = randomId;

export const isTerminal = (s: PaymentStatus) => s === "succeeded" || s === "failed" || s === "cancelled" || s === "expired";

/** A same-site path in the page's locale; other sites' addresses (a provider's page) stay as they are. */
export function localizePath(prefix: string, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return `${prefix}${path}`;
}

/** Starts paying an invoice; the idempotency key makes a reload or a double click resume the same payment. */
export function startPayment(invoiceNumber: string, body: StartPayment, idempotencyKey: string) {
  return api<StartedPayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/payments`, { method: "POST", headers: { "idempotency-key": idempotencyKey }, body });
}

export function getPayment(paymentId: string) {
  return api<Payment>(`/api/payments/${encodeURIComponent(paymentId)}`);
}

/** The translated message of a failed call: the key the server sent when known, else a generic text. */
export function errorMessage(error: unknown, t: (key: string) => string, has: (key: string) => boolean): string {
  if (error instanceof ApiError) {
    const field = error.body?.error.details?.fields?.[0]?.message;
    if (field && has(field)) return t(field);
    const key = error.body?.error.message;
    if (key && has(key)) return t(key);
    if (error.kind !== "HTTP" && has(`api.${error.kind}`)) return t(`api.${error.kind}`);
  }
  return t("api.something-went-wrong");
}
