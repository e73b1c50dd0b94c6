import "server-only";
import crypto from "node:crypto";
import { basicAuth, callbackParams, requestJson, secretSetting, stringSetting, timingSafeEqualText } from "./http";
import {
  CallbackRejected,
  ProviderError,
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
 * EveryPay (API v4). A one-off payment is created server to server with HTTP Basic auth; the
 * customer pays on EveryPay's page and comes back to customer_url. EveryPay then calls the
 * callback URL configured for the e-shop with payment_reference and order_reference. The
 * callback is unsigned, so it is only a hint: the state is always read back over the
 * authenticated API (GET /payments/{payment_reference}). An optional shared token in the
 * configured callback URL (?token=…) keeps strangers from making us poll.
 *
 * Settings: baseUrl (e.g. https://igw-demo.every-pay.com/api/v4), apiUsername, apiSecret (or
 * apiSecretEnv), accountName, callbackToken (optional).
 */
export interface EveryPaySettings {
  baseUrl: string;
  apiUsername: string;
  apiSecret: string;
  accountName: string;
  callbackToken: string | null;
}

export function everyPaySettings(settings: Record<string, unknown>): EveryPaySettings {
  const apiSecret = secretSetting(settings, "apiSecret");
  if (!apiSecret) throw new ProviderError("EveryPay apiSecret is missing");
  return {
    baseUrl: stringSetting(settings, "baseUrl").replace(/\/+$/, ""),
    apiUsername: stringSetting(settings, "apiUsername"),
    apiSecret,
    accountName: stringSetting(settings, "accountName"),
    callbackToken: secretSetting(settings, "callbackToken"),
  };
}

/** EveryPay payment_state → our status. */
export function mapEveryPayState(state: string): ProviderStatus {
  switch (state) {
    case "settled":
      return "succeeded";
    case "failed":
      return "failed";
    case "abandoned":
      return "expired";
    case "voided":
      return "cancelled";
    case "initial":
      return "created";
    default:
      // waiting_for_sca, waiting_for_3ds_response, confirmed_3ds, sent_for_processing, authorised, …
      return "pending";
  }
}

interface OneoffResponse {
  payment_reference?: string;
  payment_link?: string;
  payment_state?: string;
  order_reference?: string;
  payment_methods?: { source?: string; payment_link?: string }[];
}

interface PaymentResponse {
  payment_reference?: string;
  order_reference?: string;
  payment_state?: string;
  initial_amount?: number;
  standing_amount?: number;
  currency?: string;
}

const LOCALES: Record<string, string> = { "et-EE": "et", "en-GB": "en", "fi-FI": "fi", "sv-FI": "sv", "ru-RU": "ru", "lv-LV": "lv" };

export function createEveryPayProvider(raw: Record<string, unknown>): PaymentProvider {
  const s = everyPaySettings(raw);
  const auth = basicAuth(s.apiUsername, s.apiSecret);

  return {
    id: "everypay",

    async startPayment(input: StartPaymentInput): Promise<StartPaymentResult> {
      const body = {
        api_username: s.apiUsername,
        account_name: s.accountName,
        amount: Number((input.amountCents / 100).toFixed(2)),
        order_reference: input.paymentId,
        nonce: crypto.randomUUID(),
        timestamp: new Date().toISOString(),
        customer_url: input.returnUrl,
        locale: LOCALES[input.locale] ?? "en",
        preferred_country: input.country,
        ...(input.customerEmail ? { email: input.customerEmail } : {}),
        ...(input.customerIp ? { customer_ip: input.customerIp } : {}),
      };
      const res = await requestJson<OneoffResponse>(`${s.baseUrl}/payments/oneoff`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const ref = res.body?.payment_reference;
      const link = res.body?.payment_link;
      if (!ref || !link) throw new ProviderError("EveryPay answered without payment_reference or payment_link");
      // A card payment goes straight to the card form when EveryPay offers one.
      const card = input.method === "card" ? res.body.payment_methods?.find((m) => m.source === "card" && m.payment_link) : undefined;
      return {
        providerReference: ref,
        redirectUrl: card?.payment_link ?? link,
        status: mapEveryPayState(res.body.payment_state ?? "initial") === "pending" ? "pending" : "created",
      };
    },

    async verifyCallback(request: CallbackRequest): Promise<VerifiedCallback> {
      const params = callbackParams(request.query, request.body, request.headers.get("content-type"));
      if (s.callbackToken && !timingSafeEqualText(params.token ?? "", s.callbackToken)) throw new CallbackRejected("EveryPay callback token mismatch");
      const ref = params.payment_reference;
      if (!ref || !/^[A-Za-z0-9_-]{1,128}$/.test(ref)) throw new CallbackRejected("EveryPay callback without a payment_reference");
      return { providerReference: ref, eventId: null, status: null, orderReference: params.order_reference ?? null };
    },

    async fetchStatus(payment: ProviderPayment): Promise<StatusResult> {
      const url = `${s.baseUrl}/payments/${encodeURIComponent(payment.providerReference)}?api_username=${encodeURIComponent(s.apiUsername)}`;
      const res = await requestJson<PaymentResponse>(url, { method: "GET", headers: { authorization: auth } });
      const state = res.body?.payment_state;
      if (!state) throw new ProviderError("EveryPay answered without payment_state");
      if (res.body.order_reference && res.body.order_reference !== payment.id) throw new ProviderError("EveryPay payment belongs to another order");
      const status = mapEveryPayState(state);
      if (status === "succeeded" && typeof res.body.initial_amount === "number" && Math.round(res.body.initial_amount * 100) !== payment.amountCents) {
        throw new ProviderError("EveryPay settled another amount than the payment's");
      }
      return { status, raw: state };
    },
  };
}
