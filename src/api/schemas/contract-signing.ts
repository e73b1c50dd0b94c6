import { z } from "@hono/zod-openapi";
import { BillingChannel, Product } from "./contracts";

/** Signing a new contract (decision 0015): the request and answer shapes of POST /contracts/create and its neighbours. */

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "not a calendar date")
  .openapi({ example: "2026-12-31" });

export const SigningOptions = z
  .object({
    additionalProductId: z.string().uuid().optional().openapi({ description: "An additional product offered to the customer; needs contracts.signing.additional-product" }),
    eInvoice: z.boolean().optional().openapi({ description: "Invoices also as e-invoices; needs contracts.signing.e-invoice" }),
    emailInvoice: z.boolean().optional().openapi({ description: "A copy of each invoice by e-mail; needs contracts.signing.email-invoice" }),
    ownGridProducts: z.boolean().optional().openapi({ description: "The customer keeps their own grid products; needs contracts.signing.own-grid-products" }),
    termMonths: z.number().int().min(1).max(120).optional().openapi({ description: "Another fixed term (12, 24 or 36 months) of a fixed-term product; needs contracts.signing.term-changes" }),
  })
  .strict()
  .openapi("SigningOptions");

const common = {
  productId: z.string().uuid().openapi({ description: "A product offered to the customer for the usage point (GET /api/products)" }),
  campaignCode: z.string().trim().max(40).optional().openapi({ description: "Makes a CampaignCode product with this code choosable" }),
  startDate: isoDate.openapi({ description: "The supply start: from the start information's earliestStartDate up to a year ahead" }),
  billingChannel: BillingChannel,
  coOwnerName: z.string().trim().max(120).optional().openapi({ description: "A co-owner on the contract, unless contracts.signing.co-owner-disabled" }),
  options: SigningOptions.optional(),
  locale: z.string().max(10).optional().openapi({ description: "The language of the contract document and the signing page; the customer's by default" }),
};

export const CreateContractRequest = z
  .object({
    meteringPointId: z.string().uuid().openapi({ description: "The customer's usage point (GET /api/usage-points/me or the search)" }),
    ...common,
    businessCode: z.string().trim().max(40).optional().openapi({ description: "A business customer's business code, checked by the country's check digit (GET /api/business/validate/{code})" }),
  })
  .strict()
  .openapi("CreateContractRequest");
export type CreateContractRequest = z.infer<typeof CreateContractRequest>;

export const CreateEstonianContractRequest = z
  .object({
    eicCode: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{16}$/, "an EIC code has 16 characters")
      .openapi({ description: "The usage point's Energy Identification Code (16 characters)", example: "38ZEE-10000001-X" }),
    ...common,
    registryCode: z.string().trim().max(20).optional().openapi({ description: "A business customer's Estonian registry code (8 digits with its check digit)" }),
  })
  .strict()
  .openapi("CreateEstonianContractRequest");
export type CreateEstonianContractRequest = z.infer<typeof CreateEstonianContractRequest>;

export const SigningStarted = z
  .object({
    signingId: z.string().uuid(),
    signingToken: z.string().openapi({ description: "The signing provider's token: status, finalize and download take it" }),
    signingUrl: z.string().openapi({ description: "The provider's page where the customer signs; the provider sends them back to the confirmation page" }),
    expiresAt: z.string().openapi({ description: "Unsigned by then, the signing expires and no contract is made" }),
    contractNumber: z.string(),
  })
  .openapi("SigningStarted");
export type SigningStarted = z.infer<typeof SigningStarted>;

export const SigningTokenQuery = z.object({
  signingToken: z.string().min(1).max(200).openapi({ description: "The token POST /api/contracts/create answered" }),
});

export const SigningDownloadQuery = z.object({
  signingToken: z.string().min(1).max(200),
  contractId: z.string().max(64).openapi({ description: "The contract the finalized signing made" }),
});

export const FinalizeRequest = z
  .object({ signingToken: z.string().min(1).max(200) })
  .strict()
  .openapi("FinalizeContractRequest");

export const SigningStatus = z
  .object({
    signingToken: z.string(),
    status: z.enum(["pending", "signed", "declined", "expired"]),
    contractNumber: z.string(),
    expiresAt: z.string(),
    contractId: z.string().uuid().nullable().openapi({ description: "The contract, once the signed signing is finalized" }),
    signingUrl: z.string().nullable().openapi({ description: "The provider's page, while the signing is pending" }),
  })
  .openapi("SigningStatus");
export type SigningStatus = z.infer<typeof SigningStatus>;

export const StartInfoParam = z.object({
  objectId: z
    .string()
    .max(64)
    .openapi({ param: { name: "objectId", in: "path" }, description: "The usage point's id", example: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f" }),
});

export const StartInfo = z
  .object({
    usagePointId: z.string().uuid(),
    energyKind: z.enum(["electricity", "gas", "heating"]),
    eligible: z.boolean().openapi({ description: "False while an open-ended contract of ours supplies the point" }),
    earliestStartDate: z.string(),
    latestStartDate: z.string(),
    currentSupplier: z
      .object({ name: z.string(), contractNumber: z.string(), productName: z.string(), endDate: z.string().nullable() })
      .nullable()
      .openapi({ description: "The supplier now, when known (a contract of ours); null when another supplier or none" }),
    countryRules: z.object({
      country: z.string(),
      switchDays: z.number().int().openapi({ description: "Days a change of supplier takes to register in the country's datahub" }),
      withdrawalDays: z.number().int().openapi({ description: "The consumer's right of withdrawal from a distance contract" }),
      identifier: z.enum(["GSRN", "EIC"]),
      businessCode: z.enum(["y-tunnus", "registry-code", "registration-number"]),
      eInvoice: z.enum(["OVT", "EInvoiceRequest"]),
    }),
  })
  .openapi("ContractStartInfo");
export type StartInfo = z.infer<typeof StartInfo>;

export const YearlyCostEstimate = z
  .object({
    source: z.enum(["readings", "typical"]).openapi({ description: "From the point's last 12 months of readings, or a typical year for its kind" }),
    kwh: z.number(),
    cents: z.number().int().openapi({ description: "Cents a year without VAT" }),
    centsWithVat: z.number().int(),
  })
  .openapi("YearlyCostEstimate");
export type YearlyCostEstimate = z.infer<typeof YearlyCostEstimate>;

export const SignableProduct = Product.extend({ estimate: YearlyCostEstimate }).openapi("SignableProduct");
export type SignableProduct = z.infer<typeof SignableProduct>;

export const SignedPdf = z.string().openapi({ format: "binary" });
