"use client";

import { ApiError, type ApiErrorBody } from "@/ui/api";

export type PaymentStatus = "created" | "pending" | "succeeded" | "failed" | "cancelled" | "expired";

export interface StartedPayment {
  paymentId: string;
  redirectUrl: string;
  status: PaymentStatus;
  provider: string;
}

export interface PaymentView {
  id: string;
  invoiceNumber: string;
  status: PaymentStatus;
  method: "bank" | "card";
  amountCents: number;
  currency: string;
  redirectUrl: string | null;
  nextPath: string;
}

/** A random id for an attempt (idempotency key); also where crypto.randomUUID is unavailable (plain http). */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const isTerminal = (s: PaymentStatus) => s === "succeeded" || s === "failed" || s === "cancelled" || s === "expired";

/** A same-site path in the page's locale; other sites' addresses (a provider's page) stay as they are. */
export function localizePath(prefix: string, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  return `${prefix}${path}`;
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: "same-origin", cache: "no-store", ...init, headers: { "x-request-id": newAttemptId(), ...(init.headers ?? {}) } });
  } catch {
    throw new ApiError(0, null, "FETCH_ERROR");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new ApiError(res.status, null, "PARSING_ERROR");
  }
  if (!res.ok) throw new ApiError(res.status, data as ApiErrorBody | null);
  return data as T;
}

/** Starts paying an invoice; the idempotency key makes a reload or a double click resume the same payment. */
export function startPayment(invoiceNumber: string, body: { method: "bank" | "card"; bankBic?: string | null; provider?: string }, idempotencyKey: string) {
  return call<StartedPayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(body),
  });
}

export function getPayment(paymentId: string) {
  return call<PaymentView>(`/api/payments/${encodeURIComponent(paymentId)}`, { method: "GET" });
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
