import "server-only";
import crypto from "node:crypto";
import { requestJson, secretSetting, stringSetting, timingSafeEqualText } from "./http";
import {
  CallbackRejected,
  ProviderError,
  ProviderInputError,
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
 * Neonomics payment initiation (account-to-account, PSD2). The flow:
 * 1. an access token by OAuth2 client credentials;
 * 2. the bank's Neonomics id from its BIC (GET /ics/v3/banks);
 * 3. a session with that bank (POST /ics/v3/session);
 * 4. the payment (POST /ics/v3/payments/{product}), then its authorisation
 *    (POST …/{paymentId}/authorize with x-redirect-url) which answers with the bank's SCA link;
 * 5. when the customer is back, the payment is completed (POST …/{paymentId}/complete) and its
 *    ISO 20022 status is polled (GET …/{paymentId}/status).
 * Every call carries x-device-id (stable per customer). A webhook, when configured, is
 * authenticated by its x-api-key and only triggers a status read.
 *
 * Settings: baseUrl, realm ("live" or "sandbox"), clientId, clientSecret (or clientSecretEnv),
 * creditorIban, creditorName, paymentProduct ("sepa-credit" or "domestic-transfer"),
 * webhookApiKey (optional).
 */
export interface NeonomicsSettings {
  baseUrl: string;
  realm: string;
  clientId: string;
  clientSecret: string;
  creditorIban: string;
  creditorName: string;
  paymentProduct: string;
  webhookApiKey: string | null;
}

export function neonomicsSettings(settings: Record<string, unknown>): NeonomicsSettings {
  const clientSecret = secretSetting(settings, "clientSecret");
  if (!clientSecret) throw new ProviderError("Neonomics clientSecret is missing");
  const product = stringSetting(settings, "paymentProduct", "sepa-credit");
  if (!["sepa-credit", "domestic-transfer"].includes(product)) throw new ProviderError("Neonomics paymentProduct is sepa-credit or domestic-transfer");
  return {
    baseUrl: stringSetting(settings, "baseUrl").replace(/\/+$/, ""),
    realm: stringSetting(settings, "realm", "live"),
    clientId: stringSetting(settings, "clientId"),
    clientSecret,
    creditorIban: stringSetting(settings, "creditorIban").replace(/\s+/g, ""),
    creditorName: stringSetting(settings, "creditorName"),
    paymentProduct: product,
    webhookApiKey: secretSetting(settings, "webhookApiKey"),
  };
}

/** ISO 20022 payment status codes → our status. Only settlement counts as paid. */
export function mapNeonomicsStatus(code: string): ProviderStatus {
  switch (code) {
    case "ACSC":
    case "ACCC":
      return "succeeded";
    case "RJCT":
      return "failed";
    case "CANC":
      return "cancelled";
    default:
      // RCVD, ACTC, ACCP, ACSP, ACWC, PDNG, PATC, NAUT, PRSY: accepted or waiting, not yet settled.
      return "pending";
  }
}

/** Tokens are cached per process until shortly before they expire: another process simply fetches its own. */
const TOKENS = new Map<string, { token: string; expiresAt: number }>();

export function neonomicsDeviceId(siteId: string, customerId: string): string {
  const h = crypto.createHash("sha256").update(`neonomics-device:${siteId}:${customerId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Link {
  rel?: string;
  href?: string;
  type?: string;
}

export function createNeonomicsProvider(raw: Record<string, unknown>): PaymentProvider {
  const s = neonomicsSettings(raw);
  const cacheKey = `${s.baseUrl}|${s.realm}|${s.clientId}`;

  async function token(): Promise<string> {
    const hit = TOKENS.get(cacheKey);
    if (hit && hit.expiresAt > Date.now() + 30_000) return hit.token;
    const form = new URLSearchParams({ grant_type: "client_credentials", client_id: s.clientId, client_secret: s.clientSecret });
    const res = await requestJson<{ access_token?: string; expires_in?: number }>(`${s.baseUrl}/auth/realms/${encodeURIComponent(s.realm)}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    if (!res.body?.access_token) throw new ProviderError("Neonomics token answer without access_token");
    TOKENS.set(cacheKey, { token: res.body.access_token, expiresAt: Date.now() + (res.body.expires_in ?? 300) * 1000 });
    return res.body.access_token;
  }

  async function headers(deviceId: string, extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${await token()}`, "x-device-id": deviceId, ...extra };
  }

  const paymentPath = (paymentId: string) => `${s.baseUrl}/ics/v3/payments/${s.paymentProduct}/${encodeURIComponent(paymentId)}`;

  function deviceOf(payment: ProviderPayment): string {
    const id = payment.providerData.deviceId;
    if (typeof id !== "string") throw new ProviderError("Neonomics payment without a device id");
    return id;
  }

  return {
    id: "neonomics",

    async startPayment(input: StartPaymentInput): Promise<StartPaymentResult> {
      if (input.method !== "bank") throw new ProviderInputError("method", "invoices.errors.payment-method-unavailable");
      if (!input.bankBic) throw new ProviderInputError("bankBic", "invoices.errors.bank-required");
      const deviceId = neonomicsDeviceId(input.siteId, input.customerId);
      const ip = input.customerIp ?? "127.0.0.1";

      const banks = await requestJson<{ id?: string; bic?: string; countryCode?: string }[]>(`${s.baseUrl}/ics/v3/banks?countryCode=${encodeURIComponent(input.country)}`, {
        method: "GET",
        headers: await headers(deviceId),
      });
      const bank = (Array.isArray(banks.body) ? banks.body : []).find((b) => b.bic?.toUpperCase() === input.bankBic!.toUpperCase());
      if (!bank?.id) throw new ProviderInputError("bankBic", "invoices.errors.bank-unavailable");

      const session = await requestJson<{ sessionId?: string }>(`${s.baseUrl}/ics/v3/session`, {
        method: "POST",
        headers: await headers(deviceId, { "content-type": "application/json" }),
        body: JSON.stringify({ bankId: bank.id }),
      });
      const sessionId = session.body?.sessionId;
      if (!sessionId) throw new ProviderError("Neonomics session answer without sessionId");

      const created = await requestJson<{ paymentId?: string; status?: string }>(`${s.baseUrl}/ics/v3/payments/${s.paymentProduct}`, {
        method: "POST",
        headers: await headers(deviceId, { "content-type": "application/json", "x-session-id": sessionId, "x-psu-ip-address": ip }),
        body: JSON.stringify({
          creditorAccount: { iban: s.creditorIban },
          creditorName: s.creditorName,
          instrumentedAmount: (input.amountCents / 100).toFixed(2),
          currency: input.currency,
          endToEndIdentification: input.paymentId.replace(/-/g, "").slice(0, 35),
          remittanceInformationUnstructured: `${input.description}`.slice(0, 140),
          paymentMetadata: { invoiceNumber: input.invoiceNumber, reference: input.reference },
        }),
      });
      const paymentId = created.body?.paymentId;
      if (!paymentId) throw new ProviderError("Neonomics payment answer without paymentId");

      // The authorisation answers with the bank's SCA link, as a 200 or as the "510 SCA required" answer.
      const auth = await requestJson<{ links?: Link[]; errorCode?: string }>(`${paymentPath(paymentId)}/authorize`, {
        method: "POST",
        headers: await headers(deviceId, { "x-session-id": sessionId, "x-redirect-url": input.returnUrl, "x-psu-ip-address": ip }),
        accept: [510],
      });
      const link = auth.body?.links?.find((l) => l.href && (!l.rel || ["payment", "sca", "redirect"].includes(l.rel)));
      if (!link?.href) throw new ProviderError("Neonomics authorisation answer without an SCA link");
      return {
        providerReference: paymentId,
        redirectUrl: link.href,
        status: "created",
        providerData: { deviceId, sessionId, bankId: bank.id, product: s.paymentProduct },
      };
    },

    async onCustomerReturn(payment: ProviderPayment) {
      if (payment.providerData.completedAt) return;
      const deviceId = deviceOf(payment);
      const sessionId = String(payment.providerData.sessionId ?? "");
      try {
        await requestJson(`${paymentPath(payment.providerReference)}/complete`, {
          method: "POST",
          headers: await headers(deviceId, { "x-session-id": sessionId }),
        });
        return { completedAt: new Date().toISOString() };
      } catch (err) {
        // A payment the customer did not authorise cannot be completed; its status says so.
        if (err instanceof ProviderError && err.status && err.status < 500) return { completeRefused: err.status };
        throw err;
      }
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      if (!s.webhookApiKey) throw new CallbackRejected("Neonomics webhook is not configured");
      if (!timingSafeEqualText(request.headers.get("x-api-key") ?? "", s.webhookApiKey)) throw new CallbackRejected("Neonomics webhook key mismatch");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(request.body || "{}") as Record<string, unknown>;
      } catch {
        throw new CallbackRejected("Neonomics webhook body is not JSON");
      }
      const ref = typeof body.paymentId === "string" ? body.paymentId : null;
      if (!ref || !/^[A-Za-z0-9_-]{1,128}$/.test(ref)) throw new CallbackRejected("Neonomics webhook without a paymentId");
      return { providerReference: ref, eventId: null, status: null, orderReference: null };
    },

    async fetchStatus(payment: ProviderPayment): Promise<StatusResult> {
      const deviceId = deviceOf(payment);
      const res = await requestJson<{ paymentId?: string; status?: string }>(`${paymentPath(payment.providerReference)}/status`, {
        method: "GET",
        headers: await headers(deviceId, { "x-session-id": String(payment.providerData.sessionId ?? "") }),
      });
      const code = res.body?.status;
      if (!code) throw new ProviderError("Neonomics status answer without status");
      return { status: mapNeonomicsStatus(code), raw: code };
    },
  };
}

/** For tests: forget cached tokens. */
export function clearNeonomicsTokens() {
  TOKENS.clear();
}
