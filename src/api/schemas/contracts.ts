import { z } from "@hono/zod-openapi";
import { LocaleQuery, queryList } from "./common";

export const ContractIdParam = z.object({
  contractId: z
    .string()
    .max(64)
    .openapi({ param: { name: "contractId", in: "path" }, example: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f", description: "The contract's id (energy_contracts.id)" }),
});

export const CONTRACT_TYPES = [
  "Undefined",
  "ConnectionContract",
  "GridContract",
  "SupplyContract",
  "BillingContract",
  "BackgroundContract",
  "SalesOrderContract",
  "CustomContract",
  "InstallmentContract",
  "GasSupplyContract",
  "GroupContract",
  "GasGridContract",
  "HeatingGridContract",
  "PurchaseContract",
] as const;

export const PRICE_MODELS = [
  "Hourly",
  "Fixed",
  "WeightedAverage",
  "FixedInAdvance",
  "FixedMonthly",
  "FixedQuarterly",
  "FixedIndefinitely",
  "External",
  "ExternalFixed",
  "Production",
  "MonthlyFee",
  "Service",
  "FixedHourlyWithPriceLimits",
  "FixedTermWithTermlessFollowup",
] as const;

export const PRICE_COMPONENT_TYPES = ["Base", "Day", "Night", "DayWinter", "NightWinter", "Monthly", "Margin", "YearlyCost", "PaperBill", "Floor", "Ceiling"] as const;

export const CONTRACT_STATUSES = ["pending", "active", "ending", "ended"] as const;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** How a contract's invoices are delivered (spec §3 billing channel types), each with what it needs. */
export const BillingChannel = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("Email"), email: z.string().trim().max(254).email() }).strict(),
    z.object({ type: z.literal("Address"), street: trimmed(120), postalCode: trimmed(16), city: trimmed(80) }).strict(),
    z.object({ type: z.literal("IBAN"), iban: trimmed(42).openapi({ description: "Direct debit from this account; checked by its checksum" }) }).strict(),
    z
      .object({
        type: z.literal("OVT"),
        ovt: trimmed(20).openapi({ description: "Finnish e-invoice address: 0037, the business ID without its dash, and up to five characters", example: "003714636114" }),
        operatorCode: trimmed(40).openapi({ description: "An operator's code from GET /api/banks/operators" }),
      })
      .strict(),
    z.object({ type: z.literal("EInvoiceRequest"), bankBic: trimmed(11).openapi({ description: "The BIC of an e-invoice bank of the site's country (GET /api/banks?type=E_INVOICE)" }) }).strict(),
  ])
  .openapi("BillingChannel");
export type BillingChannel = z.infer<typeof BillingChannel>;

export const PriceComponent = z
  .object({
    type: z.enum(PRICE_COMPONENT_TYPES),
    value: z.number().openapi({ description: "c/kWh without VAT for energy components; cents for fees" }),
    unit: z.enum(["c/kWh", "cents/month", "cents/year", "cents/invoice"]),
  })
  .openapi("PriceComponent");
export type PriceComponent = z.infer<typeof PriceComponent>;

export const ContractUsagePoint = z.object({
  id: z.string().uuid(),
  gsrn: z.string(),
  eicCode: z.string().nullable(),
  meterNumber: z.string().nullable(),
  energyKind: z.enum(["electricity", "gas", "heating"]),
  locationId: z.string().uuid(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
});

export const AdditionalProduct = z
  .object({
    productId: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    priceComponents: z.array(PriceComponent).openapi({ description: "Usually a monthly fee (cents) or an energy component (c/kWh without VAT)" }),
  })
  .openapi("AdditionalProduct", { description: "An additional product, such as a green-energy certificate or a price guarantee" });
export type AdditionalProduct = z.infer<typeof AdditionalProduct>;

export const Contract = z
  .object({
    id: z.string().uuid(),
    contractNumber: z.string(),
    type: z.enum(CONTRACT_TYPES),
    status: z.enum(CONTRACT_STATUSES),
    productId: z.string().uuid().nullable(),
    productName: z.string(),
    priceModel: z.enum(PRICE_MODELS),
    startDate: z.string(),
    endDate: z.string().nullable(),
    termMonths: z.number().int().nullable(),
    termEnd: z.string().nullable().openapi({ description: "Last day of the fixed term; the contract continues termless after it" }),
    usagePoint: ContractUsagePoint,
    priceComponents: z.array(PriceComponent),
    currency: z.string(),
    billingChannel: BillingChannel,
    coOwnerName: z.string().nullable(),
    additionalProduct: AdditionalProduct.nullable().optional().openapi({ description: "The additional product chosen with the contract; null or absent without one" }),
    documents: z.array(z.object({ kind: z.enum(["contract"]), filename: z.string() })),
    actions: z.object({ changeBillingChannel: z.boolean(), moveOut: z.boolean(), renew: z.boolean() }),
    moveOut: z
      .object({ finalInvoiceAddress: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }).nullable(), readingKwh: z.number().nullable() })
      .nullable()
      .openapi({ description: "After a move-out: where the final invoice goes and the meter reading given" }),
  })
  .openapi("Contract");
export type Contract = z.infer<typeof Contract>;

export const ContractDetail = Contract.extend({
  history: z.array(z.object({ action: z.string(), at: z.string(), byCustomerService: z.boolean() })),
  moveOutWindow: z.object({ minDate: z.string(), maxDate: z.string() }).nullable().openapi({ description: "The end dates a move-out may choose; null when the contract cannot be moved out of" }),
  renewal: z
    .object({
      startDate: z.string().openapi({ description: "The follow-up contract starts the day after the fixed term ends" }),
      offers: z.array(
        z.object({
          offerId: z.string().uuid(),
          productId: z.string().uuid(),
          productName: z.string(),
          priceModel: z.enum(PRICE_MODELS),
          termMonths: z.number().int().nullable(),
          validUntil: z.string(),
          priceComponents: z.array(PriceComponent),
          additionalProduct: AdditionalProduct.nullable().openapi({
            description: "An additional product the customer may opt into with this offer (site feature renewal-offers.additional-product); null otherwise",
          }),
        }),
      ),
    })
    .nullable()
    .openapi({ description: "Renewal offers while the fixed term ends within the renewal window; null otherwise" }),
  previousContractId: z.string().uuid().nullable(),
  followUpContractId: z.string().uuid().nullable(),
}).openapi("ContractDetail");
export type ContractDetail = z.infer<typeof ContractDetail>;

export const ContractList = z.object({ contracts: z.array(Contract) });
export type ContractList = z.infer<typeof ContractList>;

export const BillingChannelOptions = z
  .object({
    current: BillingChannel,
    available: z.array(z.enum(["Email", "Address", "IBAN", "OVT", "EInvoiceRequest"])),
    preferEInvoice: z.boolean(),
  })
  .openapi("BillingChannelOptions");
export type BillingChannelOptions = z.infer<typeof BillingChannelOptions>;

export const ContractDocumentQuery = LocaleQuery;
export const ContractPdf = z.string().openapi({ format: "binary" });

export const BusinessCodeParam = z.object({
  code: z
    .string()
    .max(40)
    .openapi({ param: { name: "code", in: "path" }, example: "1463611-4" }),
});
export const BusinessCodeQuery = z.object({
  country: z.enum(["FI", "EE", "LV"]).optional().openapi({ description: "The country whose rules apply; the site's country by default" }),
});
export const BusinessCodeValidation = z
  .object({
    valid: z.boolean(),
    country: z.enum(["FI", "EE", "LV"]),
    normalized: z.string().nullable(),
    reason: z.enum(["format", "checksum"]).nullable().openapi({ description: "Why the code is not valid" }),
    message: z.string().nullable().openapi({ description: "Translation key of the reason" }),
  })
  .openapi("BusinessCodeValidation");
export type BusinessCodeValidation = z.infer<typeof BusinessCodeValidation>;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "not a calendar date")
  .openapi({ example: "2026-12-31" });

export const MoveOutRequest = z
  .object({
    endDate: isoDate.openapi({ description: "The last day of the contract: not in the past, at most the supplier's limit ahead" }),
    address: z.enum(["current", "new"]).openapi({ description: "Where the final invoice goes: the customer's current address or a new one" }),
    newAddress: z
      .object({ street: trimmed(120), postalCode: trimmed(16), city: trimmed(80) })
      .strict()
      .optional(),
    meterReadingKwh: z.number().finite().min(0).max(1e9).optional().openapi({ description: "The meter reading on moving out, kWh" }),
  })
  .strict()
  .openapi("MoveOutRequest");
export type MoveOutRequest = z.infer<typeof MoveOutRequest>;

export const RenewRequest = z
  .object({
    offerId: z.string().uuid().openapi({ description: "One of the contract's renewal offers (ContractDetail.renewal.offers)" }),
    additionalProduct: z
      .boolean()
      .optional()
      .openapi({ description: "Opt into the offer's additional product; true for an offer without one (or where the site does not offer them) is 422 on additionalProduct" }),
  })
  .strict()
  .openapi("RenewRequest");
export type RenewRequest = z.infer<typeof RenewRequest>;

export const Product = z
  .object({
    id: z.string().uuid(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    energyKind: z.enum(["electricity", "gas", "heating"]),
    customerKind: z.enum(["private", "legal", "any"]),
    productGroup: z.string(),
    contractType: z.string(),
    priceModel: z.enum(PRICE_MODELS),
    termMonths: z.number().int().nullable(),
    visibility: z.enum(["Unknown", "Public", "TargetGroup", "Personal", "CampaignCode"]),
    priceComponents: z.array(PriceComponent),
  })
  .openapi("Product");
export type Product = z.infer<typeof Product>;

export const ProductList = z.object({ products: z.array(Product) });
export type ProductList = z.infer<typeof ProductList>;

const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");

export const ProductsQuery = z.object({
  energyKind: z.enum(["electricity", "gas", "heating"]).optional(),
  productGroup: z.string().max(40).optional().openapi({ description: "Needs the site feature product-group-filtering; ignored otherwise" }),
  campaignCode: z.string().max(40).optional().openapi({ description: "Shows the products of this campaign code too" }),
  meteringPointId: z.string().max(64).optional().openapi({ description: "Only products of this usage point's energy kind (the customer's own point)" }),
});

export const ProductsByIdsQuery = z.object({
  productId: queryList(z.string().max(64)).optional().openapi({ description: "Product ids (repeat or productId[]=…)" }),
  legalEntity: booleanQuery.optional().openapi({ type: "boolean", description: "Products for a legal (true) or private (false) customer; the customer's own kind by default" }),
  supplyStartDate: isoDate.optional().openapi({ description: "Prices valid on this day (today by default)" }),
  meteringPointId: z.string().max(64).optional(),
});

export const ContractOffer = z
  .object({
    offerId: z.string().uuid(),
    kind: z.enum(["renewal", "personal", "campaign"]),
    validUntil: z.string(),
    contractId: z.string().uuid().nullable(),
    flow: z.enum(["renewal", "sign"]).openapi({ description: "Where the offer leads: the renewal flow of its contract, or signing a new contract" }),
    product: z.object({
      id: z.string().uuid(),
      name: z.string(),
      energyKind: z.enum(["electricity", "gas", "heating"]),
      priceModel: z.enum(PRICE_MODELS),
      termMonths: z.number().int().nullable(),
      priceComponents: z.array(PriceComponent),
    }),
  })
  .openapi("ContractOffer");
export const ContractOfferList = z.object({ offers: z.array(ContractOffer) });
export type ContractOfferList = z.infer<typeof ContractOfferList>;
