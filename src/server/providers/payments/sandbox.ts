import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { banks, sandboxPaymentSessions, sites, type SandboxPaymentState } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { authSecret, env } from "@/lib/env";
import type { Site } from "@/server/sites/sites";
import { secretSetting } from "./http";
import {
  CallbackRejected,
  type CallbackRequest,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderStatus,
  type StartPaymentInput,
  type StartPaymentResult,
  type StatusResult,
  type VerifiedCallback,
} from "./types";

/**
 * The sandbox payment provider: a bank-link and card provider that lives on the same server.
 * It keeps its own records, shows its own page (/sandbox/payments/{token}) where the customer
 * approves, declines or leaves the payment pending, sends a signed server-to-server callback
 * after a short delay, and answers status queries like a real provider. A payment left pending
 * settles by itself a little later, without a callback, as bank transfers sometimes do.
 */

const SIGNATURE_HEADER = "x-sandbox-signature";
const MAX_SKEW_SECONDS = 300;
const SESSION_MINUTES = 30;
const DEFAULT_CALLBACK_DELAY_MS = 400;

export function sandboxSigningSecret(siteId: string, settings: Record<string, unknown> = {}): string {
  return secretSetting(settings, "callbackSecret") ?? crypto.createHmac("sha256", authSecret()).update(`sandbox-payments:${siteId}`).digest("hex");
}

export function signSandboxCallback(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

function mapState(state: SandboxPaymentState): ProviderStatus {
  switch (state) {
    case "approved":
      return "succeeded";
    case "declined":
      return "failed";
    case "processing":
      return "pending";
    case "expired":
      return "expired";
    default:
      return "created";
  }
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function createSandboxProvider(siteId: string, settings: Record<string, unknown> = {}): PaymentProvider {
  const secret = sandboxSigningSecret(siteId, settings);
  return {
    id: "sandbox",

    async startPayment(input: StartPaymentInput): Promise<StartPaymentResult> {
      const db = await getDb();
      const token = crypto.randomBytes(32).toString("base64url");
      await db.insert(sandboxPaymentSessions).values({
        token,
        siteId: input.siteId,
        merchantReference: input.paymentId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        reference: input.reference,
        method: input.method,
        bankBic: input.bankBic,
        returnUrl: input.waitingPath,
        expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
      });
      return { providerReference: token, redirectUrl: `/sandbox/payments/${token}`, status: "created" };
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      const header = request.headers.get(SIGNATURE_HEADER) ?? "";
      const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
      const t = Number(parts.t);
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) throw new CallbackRejected("Sandbox callback without a signature");
      if (Math.abs(Date.now() / 1000 - t) > MAX_SKEW_SECONDS) throw new CallbackRejected("Sandbox callback too old or from the future");
      const expected = crypto.createHmac("sha256", secret).update(`${t}.${request.body}`).digest();
      const given = Buffer.from(parts.v1, "hex");
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new CallbackRejected("Sandbox callback signature mismatch");
      let body: { eventId?: unknown; token?: unknown; merchantReference?: unknown; state?: unknown };
      try {
        body = JSON.parse(request.body) as typeof body;
      } catch {
        throw new CallbackRejected("Sandbox callback body is not JSON");
      }
      if (typeof body.token !== "string" || typeof body.eventId !== "string" || typeof body.state !== "string") {
        throw new CallbackRejected("Sandbox callback body is incomplete");
      }
      return {
        providerReference: body.token,
        eventId: `sandbox:${body.eventId}`,
        status: mapState(body.state as SandboxPaymentState),
        orderReference: typeof body.merchantReference === "string" ? body.merchantReference : null,
      };
    },

    async fetchStatus(payment: ProviderPayment): Promise<StatusResult> {
      const db = await getDb();
      const now = new Date();
      // Time passes at the provider: sessions expire, processing payments settle.
      await db
        .update(sandboxPaymentSessions)
        .set({ state: "expired" })
        .where(and(eq(sandboxPaymentSessions.token, payment.providerReference), eq(sandboxPaymentSessions.state, "initial"), lte(sandboxPaymentSessions.expiresAt, now)));
      await db
        .update(sandboxPaymentSessions)
        .set({ state: "approved" })
        .where(and(eq(sandboxPaymentSessions.token, payment.providerReference), eq(sandboxPaymentSessions.state, "processing"), lte(sandboxPaymentSessions.settlesAt, now)));
      const [row] = await db
        .select()
        .from(sandboxPaymentSessions)
        .where(and(eq(sandboxPaymentSessions.token, payment.providerReference), eq(sandboxPaymentSessions.siteId, payment.siteId)));
      if (!row) return { status: "failed", raw: "unknown" };
      return { status: mapState(row.state), raw: row.state };
    },
  };
}

/* ------------------------------------------------------------------------------------------ */
/* The provider's side: what its payment page shows and does.                                 */
/* ------------------------------------------------------------------------------------------ */

export interface SandboxPaymentView {
  token: string;
  siteId: string;
  merchantName: string;
  amountCents: number;
  currency: string;
  description: string;
  /** The payment reference the payer's bank statement shows; null on sessions stored without one. */
  reference: string | null;
  method: "bank" | "card";
  bankBic: string | null;
  bankName: string | null;
  state: SandboxPaymentState;
  /** True once the customer approved, declined or left it pending. */
  decided: boolean;
  expiresAt: string;
  /** Where the customer goes back to when leaving the page: the merchant's path, taken as given. */
  returnUrl: string;
}

export type SandboxDecision = "approve" | "decline" | "leave-pending";

/** The payment behind a sandbox page token; null for an unknown token or another site's. */
export async function getSandboxPayment(token: string, opts: { siteId?: string } = {}): Promise<SandboxPaymentView | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const db = await getDb();
  const [row] = await db.select().from(sandboxPaymentSessions).where(eq(sandboxPaymentSessions.token, token));
  if (!row || (opts.siteId && row.siteId !== opts.siteId)) return null;
  const [site] = await db.select({ companyName: sites.companyName, country: sites.country }).from(sites).where(eq(sites.id, row.siteId));
  const [bank] = row.bankBic
    ? await db
        .select({ name: banks.name })
        .from(banks)
        .where(and(eq(banks.country, site.country), eq(banks.bic, row.bankBic)))
        .limit(1)
    : [];
  const expired = row.state === "initial" && row.expiresAt.getTime() <= Date.now();
  const state: SandboxPaymentState = expired ? "expired" : row.state;
  return {
    token: row.token,
    siteId: row.siteId,
    merchantName: site.companyName,
    amountCents: Number(row.amountCents),
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    method: row.method === "card" ? "card" : "bank",
    bankBic: row.bankBic,
    bankName: bank?.name ?? null,
    state,
    decided: state !== "initial",
    expiresAt: row.expiresAt.toISOString(),
    returnUrl: row.returnUrl,
  };
}

export interface DecideOptions {
  /** Scope to the site of the page's host. */
  siteId?: string;
  /** "drop" simulates a callback lost on the way: the portal must find out by asking. */
  callback?: "deliver" | "drop";
  callbackDelayMs?: number;
  /** How long a payment left pending takes to settle. */
  settleAfterSeconds?: number;
}

const PENDING_DELIVERIES = new Set<Promise<void>>();

/**
 * The customer's choice on the sandbox page. Sends the signed callback to the portal after a
 * short delay (through the same service the HTTP callback endpoint uses, on this server) and
 * answers where the customer's browser goes next: the portal's waiting-confirmation page.
 */
export async function decideSandboxPayment(token: string, decision: SandboxDecision, opts: DecideOptions = {}): Promise<{ redirectUrl: string; state: SandboxPaymentState }> {
  if (!["approve", "decline", "leave-pending"].includes(decision)) throw new AppError("bad_request", "api.errors.bad-request");
  const current = await getSandboxPayment(token, { siteId: opts.siteId });
  if (!current) throw notFound("invoices.errors.sandbox-payment-not-found");
  const db = await getDb();
  const now = new Date();
  const state: SandboxPaymentState = decision === "approve" ? "approved" : decision === "decline" ? "declined" : "processing";
  const settlesAt = state === "processing" ? new Date(now.getTime() + (opts.settleAfterSeconds ?? env().SANDBOX_PAYMENT_SETTLE_SECONDS) * 1000) : null;
  const updated = await db
    .update(sandboxPaymentSessions)
    .set({ state, decidedAt: now, settlesAt })
    .where(and(eq(sandboxPaymentSessions.token, token), eq(sandboxPaymentSessions.state, "initial"), gt(sandboxPaymentSessions.expiresAt, now)))
    .returning();
  if (!updated.length) {
    throw new AppError("conflict", current.state === "expired" ? "invoices.errors.sandbox-payment-expired" : "invoices.errors.sandbox-payment-decided");
  }
  const row = updated[0];
  if ((opts.callback ?? "deliver") === "deliver") {
    const delivery = deliverCallback(row, opts.callbackDelayMs ?? DEFAULT_CALLBACK_DELAY_MS);
    PENDING_DELIVERIES.add(delivery);
    void delivery.finally(() => PENDING_DELIVERIES.delete(delivery));
  }
  return { redirectUrl: row.returnUrl, state };
}

async function deliverCallback(row: typeof sandboxPaymentSessions.$inferSelect, delayMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  try {
    const body = JSON.stringify({
      eventId: crypto.randomUUID(),
      token: row.token,
      merchantReference: row.merchantReference,
      state: row.state,
      amountCents: Number(row.amountCents),
      currency: row.currency,
      occurredAt: new Date().toISOString(),
    });
    const { getSiteById } = await import("@/server/sites/sites");
    const site = await getSiteById(row.siteId);
    if (!site) return;
    const service = site.externalServices.find((s) => s.type === "PAYMENT" && (s.settings?.provider ?? "sandbox") === "sandbox");
    const signature = signSandboxCallback(sandboxSigningSecret(site.id, service?.settings ?? {}), body);
    const receive = sandboxCallbackReceiver();
    if (!receive) throw new Error("no payment service receives sandbox callbacks in this process");
    await receive(site, "sandbox", {
      method: "POST",
      headers: new Headers({ "content-type": "application/json", [SIGNATURE_HEADER]: signature }),
      query: new URLSearchParams(),
      body,
    });
  } catch (err) {
    // The portal finds out by asking (reconciliation); a real provider would retry later.
    console.warn(`[payments] sandbox callback for ${row.merchantReference} not delivered: ${(err as Error).message}`);
  }
}

/**
 * Where the sandbox delivers its server-to-server callbacks in this process: the payment
 * services register themselves (src/server/payments/callbacks.ts), as a real provider would be
 * configured with the portal's callback URL. The provider never imports the services it calls.
 */
type SandboxCallbackReceiver = (site: Site, providerId: "sandbox", request: CallbackRequest) => Promise<unknown>;
const RECEIVER = Symbol.for("portal.payments.sandbox-callback-receiver");
const receiverGlobal = globalThis as typeof globalThis & { [RECEIVER]?: SandboxCallbackReceiver };

export function receiveSandboxCallbacks(receiver: SandboxCallbackReceiver): void {
  receiverGlobal[RECEIVER] = receiver;
}

function sandboxCallbackReceiver(): SandboxCallbackReceiver | undefined {
  return receiverGlobal[RECEIVER];
}

/** Waits until every scheduled sandbox callback has been delivered (tests, orderly shutdown). */
export async function flushSandboxCallbacks(): Promise<void> {
  while (PENDING_DELIVERIES.size) await Promise.allSettled([...PENDING_DELIVERIES]);
}

export { SIGNATURE_HEADER as SANDBOX_SIGNATURE_HEADER };
