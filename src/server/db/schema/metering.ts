import "server-only";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customerRef } from "./customers";
import { siteRef } from "./sites";
import { createdAt } from "./columns";

export type EnergyKind = "electricity" | "gas" | "heating";
export type UsagePointKind = "UsagePoint" | "TechAndUsagePoint" | "TechPoint" | "XpowerFeeder" | "XpowerSubstation" | "EEFeeder" | "EESubstation" | "MicrogenerationSite";
export type BiddingZone = "FI" | "EE" | "LV";

/**
 * Metering points (usage points). A customer's "location" is an address that groups points:
 * electricity and district heating of one home share a location.
 */
export const meteringPoints = pgTable(
  "metering_points",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    /** 18-digit GS1 Global Service Relation Number (EAN code of the point). */
    gsrn: text("gsrn").notNull(),
    energyKind: text("energy_kind").$type<EnergyKind>().notNull(),
    usagePointKind: text("usage_point_kind").$type<UsagePointKind>().notNull().default("UsagePoint"),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    locationId: uuid("location_id").notNull(),
    locationName: text("location_name").notNull(),
    meterNumber: text("meter_number"),
    /** Energy Identification Code, used for Baltic metering points. */
    eicCode: text("eic_code"),
    biddingZone: text("bidding_zone").$type<BiddingZone>().notNull(),
    /** Weather area whose hourly temperatures belong to this point. */
    weatherArea: text("weather_area").notNull(),
    intervalMinutes: smallint("interval_minutes").notNull(),
    hasProduction: boolean("has_production").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("metering_points_site_gsrn").on(t.siteId, t.gsrn),
    index("metering_points_site_customer_idx").on(t.siteId, t.customerId),
    index("metering_points_site_meter_idx").on(t.siteId, t.meterNumber),
    index("metering_points_site_eic_idx").on(t.siteId, t.eicCode),
    check("metering_points_gsrn_format", sql`${t.gsrn} ~ '^[0-9]{18}$'`),
    check("metering_points_interval", sql`${t.intervalMinutes} in (5, 15, 60)`),
    check("metering_points_energy_kind", sql`${t.energyKind} in ('electricity', 'gas', 'heating')`),
  ],
);

/**
 * Interval readings: the big table. One narrow row per point, series and interval start.
 * Columns are ordered for alignment (16 + 8 + 4 + 2 + 2 bytes). series: 1 consumption,
 * 2 production. quality: 0 measured, 1 estimated, 2 revised. See docs/readings-at-scale.md.
 */
export const intervalReadings = pgTable(
  "interval_readings",
  {
    // No foreign key: a per-row key check costs as much as the insert itself on a bulk import.
    // Writers check points against the site; deleting points deletes their readings through a
    // statement trigger on metering_points (migration 0005). See docs/readings-at-scale.md.
    meteringPointId: uuid("metering_point_id").notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    valueWh: integer("value_wh").notNull(),
    series: smallint("series").notNull(),
    quality: smallint("quality").notNull().default(0),
  },
  (t) => [primaryKey({ name: "interval_readings_pk", columns: [t.meteringPointId, t.series, t.start] })],
);

/**
 * Hourly rollup of interval_readings (UTC hours, so it does not depend on a site's time zone):
 * charts by hour, day and month, totals and costs read 4× (15-minute) or 12× (5-minute) fewer
 * rows. spot_wh is Σ Wh × spot €/MWh of the intervals that had a spot price (priced_wh their
 * energy), so the cost of any spot contract is exact without the intervals. Kept in step by
 * refreshHourly() (src/server/metering/rollup.ts) in the same transaction as every write of
 * readings or spot prices.
 */
export const readingsHourly = pgTable(
  "interval_readings_hourly",
  {
    // No foreign key, as interval_readings (the same trigger deletes a point's rollup).
    meteringPointId: uuid("metering_point_id").notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    spotWh: doublePrecision("spot_wh").notNull(),
    valueWh: integer("value_wh").notNull(),
    pricedWh: integer("priced_wh").notNull(),
    series: smallint("series").notNull(),
    intervals: smallint("intervals").notNull(),
    /** Intervals without a spot price (not yet published, or not imported). */
    unpriced: smallint("unpriced").notNull(),
  },
  (t) => [primaryKey({ name: "interval_readings_hourly_pk", columns: [t.meteringPointId, t.series, t.hour] })],
);

/**
 * Daily rollup per local day of the point's site (its time zone, so a day is 23, 24 or 25 hours):
 * a year of daily or monthly energy or costs reads 365 rows per point instead of 8,760. Besides
 * the hourly columns it keeps the energy of the night tariff's hours (night_wh) and the measured
 * minutes (for the monthly fee pro rata), which is all a fixed, day/night or spot contract needs
 * to price a day. Hourly meters are summed from their readings. Kept in step by
 * readings_daily_refresh() (migration 0008, called from src/server/metering/rollup.ts) after
 * every write of readings, rollup or spot prices, in the same transaction.
 */
export const readingsDaily = pgTable(
  "interval_readings_daily",
  {
    meteringPointId: uuid("metering_point_id").notNull(),
    series: smallint("series").notNull(),
    day: date("day").notNull(),
    valueWh: bigint("value_wh", { mode: "number" }).notNull(),
    nightWh: bigint("night_wh", { mode: "number" }).notNull(),
    spotWh: doublePrecision("spot_wh").notNull(),
    pricedWh: bigint("priced_wh", { mode: "number" }).notNull(),
    /** Σ intervals × interval length: the minutes the readings cover. */
    minutes: integer("minutes").notNull(),
    intervals: integer("intervals").notNull(),
    unpriced: integer("unpriced").notNull(),
  },
  (t) => [primaryKey({ name: "interval_readings_daily_pk", columns: [t.meteringPointId, t.series, t.day] })],
);

/** Day-ahead spot prices per bidding zone, VAT 0, in €/MWh as published. */
export const spotPrices = pgTable(
  "spot_prices",
  {
    zone: text("zone").$type<BiddingZone>().notNull(),
    resolutionMinutes: smallint("resolution_minutes").notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    priceEurMwh: numeric("price_eur_mwh", { precision: 10, scale: 3 }).notNull(),
  },
  (t) => [primaryKey({ name: "spot_prices_pk", columns: [t.zone, t.resolutionMinutes, t.start] }), check("spot_prices_resolution", sql`${t.resolutionMinutes} in (15, 60)`)],
);

/**
 * The price of each hour per bidding zone as hourly meters are billed: the published hourly price,
 * else the average of the hour's quarter-hour prices (the day-ahead market has been quarter-hourly
 * since 2025-10-01). Derived from spot_prices and kept in step by refreshHourlyPrices()
 * (src/server/metering/rollup.ts) in the same transaction as every write of prices, so that an
 * hourly meter's year of costs joins 8,760 prices instead of averaging 35,000 each time.
 */
export const spotPricesHourly = pgTable(
  "spot_prices_hourly",
  {
    zone: text("zone").$type<BiddingZone>().notNull(),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    priceEurMwh: doublePrecision("price_eur_mwh").notNull(),
  },
  (t) => [primaryKey({ name: "spot_prices_hourly_pk", columns: [t.zone, t.hour] })],
);

/** Hourly outdoor temperatures per weather area, in tenths of a degree Celsius. */
export const temperatures = pgTable(
  "temperatures",
  {
    area: text("area").notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    tenthsC: smallint("tenths_c").notNull(),
  },
  (t) => [primaryKey({ name: "temperatures_pk", columns: [t.area, t.start] })],
);

export type PriceModel = "Hourly" | "Fixed";

/** Contract types (spec §3). */
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
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** How a contract's invoices are delivered (spec §3 billing channel types). */
export type BillingChannel =
  | { type: "Email"; email: string }
  | { type: "Address"; street: string; postalCode: string; city: string }
  | { type: "IBAN"; iban: string }
  | { type: "OVT"; ovt: string; operatorCode: string }
  | { type: "EInvoiceRequest"; bankBic: string };

/**
 * The energy contract of a metering point as the charts and cost estimates need it: a minimal
 * price model (spot + margin, or fixed with optional day/night prices) and a monthly fee.
 * Unit prices are c/kWh without VAT; VAT comes from the countries table.
 */
export const energyContracts = pgTable(
  "energy_contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    productName: text("product_name").notNull(),
    priceModel: text("price_model").$type<PriceModel>().notNull(),
    marginCentsPerKwh: numeric("margin_c_kwh", { precision: 10, scale: 4 }).notNull().default("0"),
    fixedCentsPerKwh: numeric("fixed_c_kwh", { precision: 10, scale: 4 }),
    dayCentsPerKwh: numeric("day_c_kwh", { precision: 10, scale: 4 }),
    nightCentsPerKwh: numeric("night_c_kwh", { precision: 10, scale: 4 }),
    monthlyFeeCents: integer("monthly_fee_cents").notNull().default(0),
    currency: text("currency").notNull().default("EUR"),
    validFrom: date("valid_from").notNull(),
    validTo: date("valid_to"),
    createdAt: createdAt(),
    // What the contracts area adds (src/server/db/schema/contracts.ts, docs/decisions): the
    // contract as the customer sees and manages it. Defaults keep writers of the price columns alone working.
    contractNumber: text("contract_number"),
    contractType: text("contract_type").$type<ContractType>().notNull().default("SupplyContract"),
    /** The product signed (contract_products.id); null for contracts from before the product catalogue. */
    productId: uuid("product_id"),
    /** Fixed term in months; null for a termless contract. */
    termMonths: smallint("term_months"),
    /** Last day of the fixed term; the contract continues termless after it unless renewed or ended. */
    termEnd: date("term_end"),
    /** How invoices of this contract are delivered; null: by e-mail to the customer's address. */
    billingChannel: jsonb("billing_channel").$type<BillingChannel>(),
    coOwnerName: text("co_owner_name"),
    /** Why valid_to was set: move-out, renewed (a follow-up continues) or ended by the supplier. */
    endReason: text("end_reason").$type<"move-out" | "renewed" | "ended">(),
    finalInvoiceAddress: jsonb("final_invoice_address").$type<{ street: string; postalCode: string; city: string } | null>(),
    moveOutReadingKwh: numeric("move_out_reading_kwh", { precision: 14, scale: 3 }),
    previousContractId: uuid("previous_contract_id"),
    /** The additional product (contract_products.id, group "additional") chosen with this contract, e.g. a green-energy certificate. */
    additionalProductId: uuid("additional_product_id"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("energy_contracts_point_idx").on(t.meteringPointId, t.validFrom),
    index("energy_contracts_site_customer_idx").on(t.siteId, t.customerId),
    check("energy_contracts_price_model", sql`${t.priceModel} in ('Hourly', 'Fixed')`),
    uniqueIndex("energy_contracts_site_number").on(t.siteId, t.contractNumber),
  ],
);

/** Per-site bearer tokens for suppliers' systems that push readings (stored as SHA-256 hashes). */
export const importTokens = pgTable(
  "import_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("import_tokens_hash").on(t.tokenHash), index("import_tokens_site_idx").on(t.siteId)],
);
