import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, date, index, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { siteRef } from "./sites";
import { customerRef } from "./customers";
import { energyContracts, type ContractType, type EnergyKind } from "./metering";
import { createdAt } from "./columns";

/** Price model types (spec §3). */
export const PRODUCT_PRICE_MODELS = [
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
export type ProductPriceModel = (typeof PRODUCT_PRICE_MODELS)[number];

/** Price component types (spec §3). */
export const PRICE_COMPONENT_TYPES = ["Base", "Day", "Night", "DayWinter", "NightWinter", "Monthly", "Margin", "YearlyCost", "PaperBill", "Floor", "Ceiling"] as const;
export type PriceComponentType = (typeof PRICE_COMPONENT_TYPES)[number];

/** Offer visibility (spec §3). */
export const OFFER_VISIBILITIES = ["Unknown", "Public", "TargetGroup", "Personal", "CampaignCode"] as const;
export type OfferVisibility = (typeof OFFER_VISIBILITIES)[number];

/**
 * The products a site offers: energy kind, for private or legal customers, a product group, the
 * price model and how long the fixed term is. Who sees a product is its visibility: everyone
 * (Public), customers of a target group, only customers with a personal offer, or whoever knows
 * the campaign code.
 */
export const contractProducts = pgTable(
  "contract_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    energyKind: text("energy_kind").$type<EnergyKind>().notNull(),
    customerKind: text("customer_kind").$type<"private" | "legal" | "any">().notNull().default("any"),
    productGroup: text("product_group").notNull(),
    contractType: text("contract_type").$type<ContractType>().notNull().default("SupplyContract"),
    priceModel: text("price_model").$type<ProductPriceModel>().notNull(),
    termMonths: smallint("term_months"),
    visibility: text("visibility").$type<OfferVisibility>().notNull().default("Public"),
    targetGroup: text("target_group"),
    campaignCode: text("campaign_code"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contract_products_site_code").on(t.siteId, t.code),
    check("contract_products_customer_kind", sql`${t.customerKind} in ('private', 'legal', 'any')`),
    check("contract_products_energy_kind", sql`${t.energyKind} in ('electricity', 'gas', 'heating')`),
  ],
);

/**
 * A product's prices, each valid from a day (and to a day, inclusive). Energy components are c/kWh
 * without VAT; Monthly, YearlyCost and PaperBill are cents per month, year or invoice.
 */
export const productPriceComponents = pgTable(
  "product_price_components",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => contractProducts.id, { onDelete: "cascade" }),
    type: text("type").$type<PriceComponentType>().notNull(),
    value: numeric("value", { precision: 12, scale: 4 }).notNull(),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to"),
  },
  (t) => [index("product_price_components_product_idx").on(t.siteId, t.productId, t.validFrom)],
);

/**
 * Offers made to one customer: a renewal of a contract whose fixed term ends, or a personal or
 * campaign offer of a product. A product of a target group is offered to the customers in it.
 */
export const contractOffers = pgTable(
  "contract_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => contractProducts.id, { onDelete: "cascade" }),
    /** The contract a renewal offer continues; null for a new contract. */
    contractId: uuid("contract_id").references(() => energyContracts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"renewal" | "personal" | "campaign">().notNull(),
    /** An additional product (product group "additional") the customer may opt into with a renewal (renewal-offers.additional-product). */
    additionalProductId: uuid("additional_product_id").references(() => contractProducts.id, { onDelete: "set null" }),
    validUntil: date("valid_until").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("contract_offers_site_customer_idx").on(t.siteId, t.customerId)],
);

/** Customers' target groups, which decide who sees a TargetGroup product. */
export const customerTargetGroups = pgTable(
  "customer_target_groups",
  {
    siteId: siteRef(),
    customerId: customerRef(),
    targetGroup: text("target_group").notNull(),
  },
  (t) => [uniqueIndex("customer_target_groups_pk").on(t.siteId, t.customerId, t.targetGroup)],
);

/** Every change of a contract, kept: who (person, and whether as customer service), what and when. */
export const contractEvents = pgTable(
  "contract_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => energyContracts.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    actorPersonId: text("actor_person_id"),
    customerService: boolean("customer_service").notNull().default(false),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("contract_events_contract_idx").on(t.siteId, t.contractId, t.createdAt)],
);
