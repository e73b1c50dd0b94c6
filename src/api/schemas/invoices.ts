import { z } from "@hono/zod-openapi";
import { LocaleQuery, Money } from "./common";

export const InvoiceNumberParam = z.object({
  invoiceNumber: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/)
    .openapi({ param: { name: "invoiceNumber", in: "path" }, example: "2025000123" }),
});

export const InvoiceSummary = z
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

export const InvoiceLine = z
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

export const PostponeWindow = z
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

export const InvoiceDetail = InvoiceSummary.extend({
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

export type InvoiceSummary = z.infer<typeof InvoiceSummary>;
export type InvoiceLine = z.infer<typeof InvoiceLine>;
export type PostponeWindow = z.infer<typeof PostponeWindow>;
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const InvoiceList = z.object({ invoices: z.array(InvoiceSummary) });
export type InvoiceList = z.infer<typeof InvoiceList>;

export const InvoiceListQuery = z.object({
  type: z.enum(["Regular", "E-Invoice", "paid", "unpaid"]).optional(),
  status: z.enum(["paid", "unpaid"]).optional(),
});

/** The language of a downloaded document. */
export const InvoiceDocumentQuery = LocaleQuery;

export const PostponeRequest = z
  .object({
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .openapi({ example: "2025-03-14" }),
  })
  .strict();
export type PostponeRequest = z.infer<typeof PostponeRequest>;

export const InvoicePdf = z.string().openapi({ format: "binary" });
export const InvoiceCsv = z.string().openapi({ description: "Header row, one row per line, dot decimals, UTF-8" });
