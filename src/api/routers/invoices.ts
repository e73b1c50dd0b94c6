import { OpenAPIHono, z } from "@hono/zod-openapi";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { findCustomerInvoice, getInvoiceDetail, listInvoices, postponeInvoice, type InvoiceSite } from "@/server/invoices/invoices";
import { renderInvoicePdf, invoicePdfFilename } from "@/server/invoices/pdf";
import { invoiceCsvFilename, renderInvoiceCsv } from "@/server/invoices/csv";
import { AppError, notFound } from "@/server/errors";
import { serverTranslator } from "@/i18n/server-translator";

export const InvoiceNumberParam = z.object({
  invoiceNumber: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/)
    .openapi({ param: { name: "invoiceNumber", in: "path" }, example: "2025000123" }),
});

const Money = z.number().int().openapi({ description: "Integer cents" });

const InvoiceSummary = z
  .object({
    id: z.string().uuid(),
    invoiceNumber: z.string(),
    referenceNumber: z.string(),
    type: z.enum(["Regular", "E-Invoice"]),
    status: z.enum(["paid", "unpaid", "cancelled"]).openapi({ description: "Payment state (spec: paid or unpaid)" }),
    state: z.enum(["open", "overdue", "paid", "cancelled", "outsourced"]),
    overdue: z.boolean(),
    issueDate: z.string(),
    dueDate: z.string(),
    originalDueDate: z.string(),
    postponeCount: z.number().int(),
    periodStart: z.string(),
    periodEnd: z.string(),
    deliveryChannel: z.enum(["email", "postal", "e-invoice"]),
    currency: z.string(),
    netCents: Money,
    vatCents: Money,
    totalCents: Money,
    paidAt: z.string().nullable(),
    canPay: z.boolean(),
  })
  .openapi("InvoiceSummary");

const InvoiceLine = z
  .object({
    id: z.string().uuid(),
    position: z.number().int(),
    component: z.enum(["Spot", "Base", "Day", "Night", "DayWinter", "NightWinter", "Margin", "Monthly", "PaperBill", "PostponeFee"]),
    meteringPointId: z.string().uuid().nullable(),
    gsrn: z.string().nullable(),
    productName: z.string().nullable(),
    quantityWh: z.number().int().nullable(),
    quantity: z.number(),
    unit: z.enum(["kWh", "month", "pcs"]),
    unitPriceCents: z.number().openapi({ description: "Cents per unit without VAT (c/kWh for energy)" }),
    netCents: Money,
    vatRate: z.number().openapi({ description: "Percent, e.g. 25.5" }),
    vatRateBasisPoints: z.number().int(),
    vatCents: Money,
    totalCents: Money,
  })
  .openapi("InvoiceLine");

const PostponeWindow = z
  .object({
    allowed: z.boolean(),
    reason: z.string().nullable().openapi({ description: "Translation key of why postponing is not possible" }),
    minDate: z.string().nullable(),
    maxDate: z.string().nullable(),
    feeCents: Money,
    timesUsed: z.number().int(),
    timesAllowed: z.number().int(),
  })
  .openapi("PostponeWindow");

const InvoiceDetail = InvoiceSummary.extend({
  supplier: z.object({
    name: z.string(),
    registryCode: z.string().nullable(),
    vatNumber: z.string().nullable(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  customer: z.object({
    name: z.string(),
    clientCode: z.string(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    locale: z.string().nullable(),
  }),
  meteringPoints: z.array(
    z.object({
      id: z.string().uuid(),
      gsrn: z.string(),
      energyKind: z.string(),
      address: z.string(),
      consumptionWh: z.number().int(),
      previousYearConsumptionWh: z.number().int().nullable(),
    }),
  ),
  lines: z.array(InvoiceLine),
  vatBreakdown: z.array(z.object({ vatRate: z.number(), vatRateBasisPoints: z.number().int(), netCents: Money, vatCents: Money, totalCents: Money })),
  comparison: z
    .object({
      periodStart: z.string(),
      periodEnd: z.string(),
      previousPeriodStart: z.string(),
      previousPeriodEnd: z.string(),
      days: z.number().int(),
      consumptionWh: z.number().int(),
      previousConsumptionWh: z.number().int().nullable(),
      changePercent: z.number().nullable(),
      averageDailyWh: z.number().int(),
      previousAverageDailyWh: z.number().int().nullable(),
      previousInvoice: z.object({ invoiceNumber: z.string(), totalCents: Money, currency: z.string() }).nullable(),
    })
    .openapi({ description: "Consumption compared with the same period a year earlier (EU Directive 2019/944, Annex I)" }),
  paymentInstructions: z.object({
    recipient: z.string(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    bankName: z.string().nullable(),
    reference: z.string(),
    referenceFormatted: z.string(),
    rfReference: z.string().nullable(),
    dueDate: z.string(),
    amountCents: Money,
    currency: z.string(),
    virtualBarcode: z.string().nullable(),
  }),
  postpone: PostponeWindow,
  payments: z.array(
    z.object({
      id: z.string().uuid(),
      status: z.enum(["created", "pending", "succeeded", "failed", "cancelled", "expired"]),
      provider: z.string(),
      method: z.enum(["bank", "card"]),
      amountCents: Money,
      createdAt: z.string(),
    }),
  ),
}).openapi("InvoiceDetail");

/**
 * Runs before body validation: another customer's invoice is not found whatever the body, so a
 * caller learns nothing from validation errors about invoices that are not theirs. Downloads
 * answer 204 for not found (spec §8).
 */
export const customerInvoiceOnly = (notFoundStatus: 204 | 404 = 404) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const number = c.req.param("invoiceNumber");
    if (number && /^[A-Za-z0-9-]{1,40}$/.test(number)) {
      const found = await findCustomerInvoice(c.get("site").id, c.get("session")!.activeCustomer!.id, number);
      if (!found) {
        if (notFoundStatus === 204) return c.body(null, 204);
        throw notFound("invoices.errors.not-found");
      }
    }
    await next();
  });

export function invoiceSite(c: Context<AppEnv>): InvoiceSite {
  const s = c.get("site");
  return { id: s.id, country: s.country, timezone: s.timezone, features: s.features };
}

const TYPE_OR_STATUS = z.enum(["Regular", "E-Invoice", "paid", "unpaid"]);

/** The language of a document: asked for, else the customer's own, else the page's, else the site's default. */
function documentLocale(c: Context<AppEnv>, requested: string | undefined, customerLocale: string | null): string {
  const site = c.get("site");
  if (requested && site.locales.includes(requested)) return requested;
  if (customerLocale && site.locales.includes(customerLocale)) return customerLocale;
  const cookie = getCookie(c, "NEXT_LOCALE");
  if (cookie && site.locales.includes(cookie)) return cookie;
  return site.defaultLocaleId;
}

export const invoicesRouter = new OpenAPIHono<AppEnv>();

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices",
    tags: ["Invoices"],
    summary: "The active customer's invoices, newest first",
    description:
      "Filter by type (Regular, E-Invoice) and by payment state (paid, unpaid). As older clients send the payment state in `type`, `type=paid|unpaid` filters by state too.",
    access: "customer",
    feature: "invoices",
    request: { query: z.object({ type: TYPE_OR_STATUS.optional(), status: z.enum(["paid", "unpaid"]).optional() }) },
    responses: { 200: jsonResponse(z.object({ invoices: z.array(InvoiceSummary) })) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const type = q.type === "Regular" || q.type === "E-Invoice" ? q.type : undefined;
    const status = q.status ?? (q.type === "paid" || q.type === "unpaid" ? q.type : undefined);
    const invoices = await listInvoices({ site: invoiceSite(c), customerId: c.get("session")!.activeCustomer!.id, type, status });
    return c.json({ invoices }, 200);
  },
);

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices/{invoiceNumber}",
    tags: ["Invoices"],
    summary: "One invoice with lines, metering points, consumption, VAT, the year-ago comparison and payment instructions",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly()],
    request: { params: InvoiceNumberParam },
    responses: { 200: jsonResponse(InvoiceDetail) },
  }),
  async (c) => {
    const detail = await getInvoiceDetail({
      site: invoiceSite(c),
      customerId: c.get("session")!.activeCustomer!.id,
      invoiceNumber: c.req.valid("param").invoiceNumber,
    });
    return c.json(detail, 200);
  },
);

const fileHeaders = (contentType: string, filename: string) => ({
  "content-type": contentType,
  "content-disposition": `attachment; filename="${filename}"`,
  "cache-control": "no-store",
});

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices/{invoiceNumber}/download",
    tags: ["Invoices"],
    summary: "The invoice as PDF",
    description: "204 when the invoice does not exist for the active customer (spec §8). The file name is in Content-Disposition.",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly(204)],
    request: {
      params: InvoiceNumberParam,
      query: z.object({ locale: z.string().max(10).optional() }),
    },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } },
      204: { description: "Not found" },
    },
  }),
  async (c) => {
    const site = c.get("site");
    const { invoiceNumber } = c.req.valid("param");
    let detail;
    try {
      detail = await getInvoiceDetail({ site: invoiceSite(c), customerId: c.get("session")!.activeCustomer!.id, invoiceNumber });
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return c.body(null, 204);
      throw err;
    }
    const locale = documentLocale(c, c.req.valid("query").locale, detail.customer.locale);
    const pdf = await renderInvoicePdf(detail, { companyName: site.companyName, themeId: site.themeId, locale });
    return c.body(new Uint8Array(pdf), 200, fileHeaders("application/pdf", invoicePdfFilename(invoiceNumber)));
  },
);

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices/{invoiceNumber}/download/csv",
    tags: ["Invoices"],
    summary: "The invoice lines as CSV (header row, one row per line, dot decimals, UTF-8)",
    description: "Needs the site features invoices and invoices.csv-download. 204 when the invoice does not exist for the active customer.",
    access: "customer",
    feature: "invoices.csv-download",
    middleware: [customerInvoiceOnly(204)],
    request: {
      params: InvoiceNumberParam,
      query: z.object({ locale: z.string().max(10).optional() }),
    },
    responses: {
      200: { description: "CSV", content: { "text/csv": { schema: z.string() } } },
      204: { description: "Not found" },
    },
  }),
  async (c) => {
    if (!c.get("site").features.includes("invoices")) throw notFound("api.errors.feature-disabled");
    const { invoiceNumber } = c.req.valid("param");
    let detail;
    try {
      detail = await getInvoiceDetail({ site: invoiceSite(c), customerId: c.get("session")!.activeCustomer!.id, invoiceNumber });
    } catch (err) {
      if (err instanceof AppError && err.code === "not_found") return c.body(null, 204);
      throw err;
    }
    const t = serverTranslator(documentLocale(c, c.req.valid("query").locale, detail.customer.locale), "invoices");
    const csv = renderInvoiceCsv(detail, (component) => t(`components.${component}`));
    return c.body(csv, 200, fileHeaders("text/csv; charset=utf-8", invoiceCsvFilename(invoiceNumber)));
  },
);

invoicesRouter.openapi(
  defineRoute({
    method: "put",
    path: "/invoices/{invoiceNumber}/postpone",
    tags: ["Invoices"],
    summary: "Postpone the due date",
    description:
      "Only an unpaid invoice that is not with a collection agency, at most the site's number of days after the original due date and times (more with invoices.advanced-postpone), to a date after the current due date and not in the past. A site may charge a fee, added as a line. Rejections are 422 with a field error on dueDate whose message is a translation key; the invoice's `postpone` object tells in advance what is allowed.",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly()],
    request: {
      params: InvoiceNumberParam,
      body: jsonBody(z.object({ dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).openapi({ example: "2025-03-14" }) }).strict()),
    },
    responses: { 200: jsonResponse(InvoiceDetail) },
  }),
  async (c) => {
    const detail = await postponeInvoice({
      site: invoiceSite(c),
      customerId: c.get("session")!.activeCustomer!.id,
      invoiceNumber: c.req.valid("param").invoiceNumber,
      dueDate: c.req.valid("json").dueDate,
    });
    return c.json(detail, 200);
  },
);
