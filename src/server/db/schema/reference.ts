import "server-only";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Countries the product serves, with the data that differs per country (VAT is data, not code). */
export const countries = pgTable("countries", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  enumName: text("enum_name").notNull(),
  group: text("group_code").notNull(),
  currency: text("currency").notNull(),
  vatRateBasisPoints: integer("vat_rate_basis_points").notNull(),
  biddingZone: text("bidding_zone").notNull(),
  callingCode: text("calling_code").notNull(),
});

export const banks = pgTable(
  "banks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: text("country")
      .notNull()
      .references(() => countries.code),
    name: text("name").notNull(),
    bic: text("bic").notNull(),
    /** "BANK_LINK" (payment initiation), "CARD" or "E_INVOICE" capable. */
    type: text("type").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("banks_country_idx").on(t.country), uniqueIndex("banks_country_bic_type").on(t.country, t.bic, t.type)],
);

/** E-invoice operators (Finnish OVT / Baltic e-invoice intermediaries). */
export const eInvoiceOperators = pgTable(
  "e_invoice_operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    country: text("country")
      .notNull()
      .references(() => countries.code),
    name: text("name").notNull(),
    code: text("code").notNull(),
  },
  (t) => [uniqueIndex("e_invoice_operators_country_code").on(t.country, t.code)],
);
