import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { documentLocale } from "../document-locale";
import { defineRoute, encodedJson, encodedOnce, jsonBody, jsonResponse } from "../route";
import { findCustomerInvoice, getInvoiceDetail, listInvoices, postponeInvoice, type InvoiceSite } from "@/server/invoices/invoices";
import { renderInvoicePdf, invoicePdfFilename } from "@/server/invoices/pdf";
import { invoiceCsvFilename, renderInvoiceCsv } from "@/server/invoices/csv";
import { AppError, notFound } from "@/server/errors";
import { serverTranslator } from "@/i18n/server-translator";
import { InvoiceCsv, InvoiceDetail, InvoiceDocumentQuery, InvoiceList, InvoiceListQuery, InvoiceNumberParam, InvoicePdf, PostponeRequest } from "../schemas/invoices";

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

export const invoicesRouter = new OpenAPIHono<AppEnv>();

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices",
    operationId: "listInvoices",
    token: "read-invoices",
    tags: ["Invoices"],
    summary: "The active customer's invoices, newest first",
    description: "Filter by type (Regular, E-Invoice) and by payment state (paid, unpaid). As older clients send the payment state in `type`, `type=paid|unpaid` filters by state too.",
    access: "customer",
    feature: "invoices",
    request: { query: InvoiceListQuery },
    responses: { 200: jsonResponse(InvoiceList) },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const type = q.type === "Regular" || q.type === "E-Invoice" ? q.type : undefined;
    const status = q.status ?? (q.type === "paid" || q.type === "unpaid" ? q.type : undefined);
    const invoices = await listInvoices({ site: invoiceSite(c), customerId: c.get("session")!.activeCustomer!.id, type, status });
    // The same text as c.json({ invoices }), with the list's part encoded once while it is kept.
    return encodedJson<InvoiceList, 200>(c, `{"invoices":${encodedOnce(invoices)}}`, 200);
  },
);

invoicesRouter.openapi(
  defineRoute({
    method: "get",
    path: "/invoices/{invoiceNumber}",
    operationId: "getInvoice",
    token: "read-invoices",
    errors: { 404: "No such invoice for the active customer" },
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
    operationId: "downloadInvoicePdf",
    tags: ["Invoices"],
    summary: "The invoice as PDF",
    description: "204 when the invoice does not exist for the active customer (spec §8). The file name is in Content-Disposition.",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly(204)],
    request: {
      params: InvoiceNumberParam,
      query: InvoiceDocumentQuery,
    },
    responses: {
      200: { description: "PDF", content: { "application/pdf": { schema: InvoicePdf } } },
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
    operationId: "downloadInvoiceCsv",
    errors: { 404: "The site has the feature invoices off" },
    tags: ["Invoices"],
    summary: "The invoice lines as CSV (header row, one row per line, dot decimals, UTF-8)",
    description: "Needs the site features invoices and invoices.csv-download. 204 when the invoice does not exist for the active customer.",
    access: "customer",
    feature: "invoices.csv-download",
    middleware: [customerInvoiceOnly(204)],
    request: {
      params: InvoiceNumberParam,
      query: InvoiceDocumentQuery,
    },
    responses: {
      200: { description: "CSV", content: { "text/csv": { schema: InvoiceCsv } } },
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
    const locale = documentLocale(c, c.req.valid("query").locale, detail.customer.locale);
    const t = serverTranslator(locale, "invoices");
    const csv = renderInvoiceCsv(detail, (component) => t(`components.${component}`), locale);
    return c.body(csv, 200, fileHeaders("text/csv; charset=utf-8", invoiceCsvFilename(invoiceNumber)));
  },
);

invoicesRouter.openapi(
  defineRoute({
    method: "put",
    path: "/invoices/{invoiceNumber}/postpone",
    operationId: "postponeInvoice",
    errors: { 404: "No such invoice for the active customer" },
    tags: ["Invoices"],
    summary: "Postpone the due date",
    description:
      "Only an unpaid invoice that is not with a collection agency, at most the site's number of days after the original due date and times (more with invoices.advanced-postpone), to a date after the current due date and not in the past. A site may charge a fee, added as a line. Rejections are 422 with a field error on dueDate whose message is a translation key; the invoice's `postpone` object tells in advance what is allowed.",
    access: "customer",
    feature: "invoices",
    middleware: [customerInvoiceOnly()],
    request: {
      params: InvoiceNumberParam,
      body: jsonBody(PostponeRequest),
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
