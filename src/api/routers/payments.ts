import { OpenAPIHono } from "@hono/zod-openapi";
import { writingGet } from "../middleware/customer-cache";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import { clientIp, type AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { customerInvoiceOnly } from "./invoices";
import { InvoiceNumberParam } from "../schemas/invoices";
import { Payment, PaymentCallbackReceipt, PaymentIdParam, PaymentProviderParam, StartedPayment, StartPayment, StartPaymentHeaders } from "../schemas/payments";
import { paymentLocale, type PaymentSite } from "@/server/payments/core";
import { startInvoicePayment } from "@/server/payments/start";
import { getCustomerPayment, handleCustomerReturn } from "@/server/payments/status";
import { handlePaymentCallback } from "@/server/payments/callbacks";
import { requestOrigin } from "@/server/auth/auth";
import { localePrefix } from "@/lib/locales";

function paymentSite(c: Context<AppEnv>): PaymentSite {
  const s = c.get("site");
  return {
    id: s.id,
    country: s.country,
    timezone: s.timezone,
    companyName: s.companyName,
    externalServices: s.externalServices,
    defaultLocaleId: s.defaultLocaleId,
    locales: s.locales,
  };
}

/** The locale of a same-site page the request came from (its Referer): the path prefix, or none for the default. */
function refererLocale(c: Context<AppEnv>): string | null {
  const referer = c.req.header("referer");
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host !== new URL(requestOrigin(c.req.raw.headers, c.req.url)).host || url.pathname.startsWith("/api/")) return null;
  const site = c.get("site");
  const first = url.pathname.split("/")[1] ?? "";
  return site.locales.find((l) => l !== site.defaultLocaleId && localePrefix(l) === first) ?? site.defaultLocaleId;
}

/**
 * The locale of the page the request is made from: the page's own header, else the page in the
 * Referer, else the locale the proxy last set in the NEXT_LOCALE cookie. Only the site's locales
 * count; the site's default otherwise.
 */
function requestLocale(c: Context<AppEnv>): string {
  return paymentLocale(paymentSite(c), [c.req.header("x-portal-locale"), refererLocale(c), getCookie(c, "NEXT_LOCALE")]);
}

export const paymentsRouter = new OpenAPIHono<AppEnv>();

paymentsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/invoices/{invoiceNumber}/payments",
    operationId: "startInvoicePayment",
    errors: {
      403: "Customer-service staff may not pay for the customer",
      404: "No such invoice for the active customer",
      409: "The invoice is paid, cancelled, with a collection agency or has nothing to pay; or the Idempotency-Key was used for another invoice, or the payment is still starting",
      503: "The payment provider is unavailable",
    },
    tags: ["Payments"],
    summary: "Start paying an invoice online",
    description:
      "Creates a payment at the site's payment provider and answers where to send the browser. Send an Idempotency-Key header to make retries safe; reloading the payment page within 30 minutes resumes the same payment. The invoice is marked paid only when the provider confirms. The customer comes back from the provider to pages in the locale of the page that started the payment (its Referer, else the NEXT_LOCALE cookie; the site's default when the site does not offer it).",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly()],
    request: {
      params: InvoiceNumberParam,
      headers: StartPaymentHeaders,
      body: jsonBody(StartPayment),
    },
    responses: { 200: jsonResponse(StartedPayment) },
  }),
  async (c) => {
    const session = c.get("session")!;
    const body = c.req.valid("json");
    const started = await startInvoicePayment({
      site: paymentSite(c),
      customerId: session.activeCustomer!.id,
      personId: session.person.id,
      role: session.activeCustomer!.role,
      invoiceNumber: c.req.valid("param").invoiceNumber,
      method: body.method,
      provider: body.provider ?? null,
      bankBic: body.bankBic ?? null,
      idempotencyKey: c.req.valid("header")["idempotency-key"] ?? null,
      origin: requestOrigin(c.req.raw.headers, c.req.url),
      locale: requestLocale(c),
      customerIp: clientIp(c),
    });
    return c.json(started, 200);
  },
);

paymentsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/payments/{paymentId}",
    operationId: "getPayment",
    errors: { 404: "No such payment for the active customer" },
    tags: ["Payments"],
    summary: "A payment's status, for the waiting-confirmation page to poll",
    description: "While the payment is open, the provider is asked for its status (at most every few seconds).",
    access: "customer",
    feature: "invoices",
    request: { params: PaymentIdParam },
    responses: { 200: jsonResponse(Payment) },
  }),
  async (c) => {
    const payment = await getCustomerPayment(paymentSite(c), c.get("session")!.activeCustomer!.id, c.req.valid("param").paymentId);
    return c.json(payment, 200);
  },
);

paymentsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/payments/{paymentId}/return",
    operationId: "returnFromPayment",
    errors: { 404: "No such payment" },
    tags: ["Payments"],
    summary: "Where payment providers send the customer back",
    description: "Runs the provider's return step, reads the status and redirects to the invoice's waiting-confirmation page in the locale the payment was started in.",
    access: "public",
    middleware: [writingGet],
    request: { params: PaymentIdParam },
    responses: { 302: { description: "Redirect to the waiting-confirmation page" } },
  }),
  async (c) => {
    const url = new URL(c.req.url);
    const target = await handleCustomerReturn(paymentSite(c), c.req.valid("param").paymentId, url.searchParams, getCookie(c, "NEXT_LOCALE") ?? null);
    return c.redirect(target, 302);
  },
);

/**
 * Provider notifications. Documented under /api/payment-callbacks/{provider}, whose first segment
 * no other path shares; /api/payments/callback/{provider}, where "callback" stands in the place of
 * a payment id, still answers for providers configured with it, but is left out of the document.
 */
const paymentCallback = (path: string, operationId: string, hide: boolean) =>
  defineRoute({
    method: "post",
    path,
    operationId,
    hide,
    errors: { 401: "The notification cannot be authenticated", 404: "An unknown provider or payment" },
    tags: ["Payments"],
    summary: "Server-to-server notifications of payment providers",
    description:
      "Authenticated by the provider's signature or shared secret (no session, no CSRF token). A notification is processed once; a status the provider did not sign is read back over its API. 401 when the notification cannot be authenticated.",
    access: "public",
    request: { params: PaymentProviderParam },
    responses: {
      200: jsonResponse(PaymentCallbackReceipt),
    },
  });

for (const route of [
  paymentCallback("/payment-callbacks/{provider}", "receivePaymentCallback", false),
  paymentCallback("/payments/callback/{provider}", "receivePaymentCallbackAtPaymentsPath", true),
]) {
  paymentsRouter.openapi(route, async (c) => {
    const body = await c.req.text();
    const outcome = await handlePaymentCallback(paymentSite(c), c.req.valid("param").provider.toLowerCase(), {
      method: c.req.method,
      headers: c.req.raw.headers,
      query: new URL(c.req.url).searchParams,
      body,
    });
    return c.json({ received: true as const, result: outcome.result, status: outcome.status }, 200);
  });
}
