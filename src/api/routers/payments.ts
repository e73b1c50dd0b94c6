import { OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import { clientIp, type AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { customerInvoiceOnly, InvoiceNumberParam } from "./invoices";
import {
  getCustomerPayment,
  handleCustomerReturn,
  handlePaymentCallback,
  paymentLocale,
  startInvoicePayment,
  type PaymentSite,
} from "@/server/payments/payments";
import { requestOrigin } from "@/server/auth/auth";
import { localePrefix } from "@/lib/locales";

const PROVIDERS = ["sandbox", "everypay", "neonomics"] as const;

const StartPaymentBody = z
  .object({
    provider: z
      .preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(PROVIDERS))
      .optional()
      .openapi({ description: "SANDBOX, EVERYPAY or NEONOMICS (case-insensitive); the site's first provider when left out" }),
    bankBic: z
      .string()
      .regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/)
      .nullable()
      .optional()
      .openapi({ description: "The customer's bank (from GET /api/banks?type=BANK_LINK) for a bank payment" }),
    method: z.enum(["bank", "card"]),
  })
  .strict()
  .openapi("StartPayment");

const StartedPayment = z
  .object({
    paymentId: z.string().uuid(),
    redirectUrl: z.string().openapi({
      description: "Where the browser goes next: the provider's page, absolute or a same-origin path without locale prefix (the page adds its own)",
    }),
    status: z.enum(["created", "pending", "succeeded", "failed", "cancelled", "expired"]),
    provider: z.enum(PROVIDERS),
  })
  .openapi("StartedPayment");

const Payment = z
  .object({
    id: z.string().uuid(),
    invoiceNumber: z.string(),
    status: z.enum(["created", "pending", "succeeded", "failed", "cancelled", "expired"]),
    provider: z.enum(PROVIDERS),
    method: z.enum(["bank", "card"]),
    bankBic: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    redirectUrl: z.string().nullable().openapi({ description: "Continue at the provider while the payment is still created" }),
    nextPath: z.string().openapi({ description: "The portal page for this status: waiting-confirmation, confirmation or failed (without locale prefix: the page adds its own)" }),
  })
  .openapi("Payment");

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
    tags: ["Payments"],
    summary: "Start paying an invoice online",
    description:
      "Creates a payment at the site's payment provider and answers where to send the browser. Send an Idempotency-Key header to make retries safe; reloading the payment page within 30 minutes resumes the same payment. The invoice is marked paid only when the provider confirms. The customer comes back from the provider to pages in the locale of the page that started the payment (its Referer, else the NEXT_LOCALE cookie; the site's default when the site does not offer it).",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly()],
    request: {
      params: InvoiceNumberParam,
      headers: z.object({ "idempotency-key": z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/).optional() }),
      body: jsonBody(StartPaymentBody),
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
    tags: ["Payments"],
    summary: "A payment's status, for the waiting-confirmation page to poll",
    description: "While the payment is open, the provider is asked for its status (at most every few seconds).",
    access: "customer",
    feature: "invoices",
    request: { params: z.object({ paymentId: z.string().max(64) }) },
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
    tags: ["Payments"],
    summary: "Where payment providers send the customer back",
    description:
      "Runs the provider's return step, reads the status and redirects to the invoice's waiting-confirmation page in the locale the payment was started in.",
    access: "public",
    request: { params: z.object({ paymentId: z.string().max(64) }) },
    responses: { 302: { description: "Redirect to the waiting-confirmation page" } },
  }),
  async (c) => {
    const url = new URL(c.req.url);
    const target = await handleCustomerReturn(paymentSite(c), c.req.valid("param").paymentId, url.searchParams, getCookie(c, "NEXT_LOCALE") ?? null);
    return c.redirect(target, 302);
  },
);

paymentsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/payments/callback/{provider}",
    tags: ["Payments"],
    summary: "Server-to-server notifications of payment providers",
    description:
      "Authenticated by the provider's signature or shared secret (no session, no CSRF token). A notification is processed once; a status the provider did not sign is read back over its API. 401 when the notification cannot be authenticated.",
    access: "public",
    request: { params: z.object({ provider: z.string().max(20) }) },
    responses: {
      200: jsonResponse(z.object({ received: z.literal(true), result: z.enum(["processed", "duplicate"]), status: z.string() })),
    },
  }),
  async (c) => {
    const body = await c.req.text();
    const outcome = await handlePaymentCallback(paymentSite(c), c.req.valid("param").provider.toLowerCase(), {
      method: c.req.method,
      headers: c.req.raw.headers,
      query: new URL(c.req.url).searchParams,
      body,
    });
    return c.json({ received: true as const, result: outcome.result, status: outcome.status }, 200);
  },
);
