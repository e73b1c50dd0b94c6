import "server-only";
import { sql } from "drizzle-orm";
import { check, customType, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { siteRef } from "./sites";
import { customerRef } from "./customers";
import { energyContracts, meteringPoints, type BillingChannel } from "./metering";
import { createdAt, updatedAt } from "./columns";

/** Binary data (PDF documents): PostgreSQL bytea, a Buffer in JavaScript. */
const pdfBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const SIGNING_STATES = ["pending", "signed", "declined", "expired"] as const;
export type SigningRowState = (typeof SIGNING_STATES)[number];

/** What the customer chose when signing: becomes the contract when the signed document is finalized. */
export interface SigningTerms {
  productId: string;
  productName: string;
  startDate: string;
  billingChannel: BillingChannel;
  coOwnerName: string | null;
  businessCode: string | null;
  options: { additionalProductId: string | null; eInvoice: boolean; emailInvoice: boolean; ownGridProducts: boolean; termMonths: number | null };
  variant: "standard" | "estonia";
}

/**
 * A new contract being signed (docs/decisions/0015): the terms the customer chose, the signing
 * provider's token and where the signing stands. The contract itself is written only when a
 * signed signing is finalized (contract_id, once); until then nothing shows in the contract list.
 * A signing left unsigned past expires_at becomes expired (a scheduled job, and on every read).
 */
export const contractSignings = pgTable(
  "contract_signings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    personId: text("person_id").notNull(),
    provider: text("provider").notNull(),
    /** The provider's signing token: what the customer's browser and the API know the signing by. */
    token: text("token").notNull(),
    /** The provider's page where the customer signs (to go back to while pending). */
    signingUrl: text("signing_url").notNull(),
    state: text("state").$type<SigningRowState>().notNull().default("pending"),
    meteringPointId: uuid("metering_point_id")
      .notNull()
      .references(() => meteringPoints.id, { onDelete: "cascade" }),
    contractNumber: text("contract_number").notNull(),
    terms: jsonb("terms").$type<SigningTerms>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** The contract written by finalizing; set once. */
    contractId: uuid("contract_id").references(() => energyContracts.id, { onDelete: "set null" }),
    finalizedAt: timestamp("finalized_at", { withTimezone: true }),
    /** The signed document as the provider gave it on finalizing. */
    signedPdf: pdfBytes("signed_pdf"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contract_signings_site_token").on(t.siteId, t.token),
    index("contract_signings_customer_idx").on(t.siteId, t.customerId),
    index("contract_signings_open_idx").on(t.state, t.expiresAt),
    check("contract_signings_state", sql`${t.state} in ('pending', 'signed', 'declined', 'expired')`),
  ],
);

/**
 * The sandbox signing provider's own records (src/server/providers/signing/sandbox.ts): the
 * uploaded document, the control code shown on its page and the signer's decision.
 */
export const sandboxSigningSessions = pgTable(
  "sandbox_signing_sessions",
  {
    token: text("token").primaryKey(),
    siteId: siteRef(),
    reference: text("reference").notNull(),
    filename: text("filename").notNull(),
    pdf: pdfBytes("pdf"),
    signerName: text("signer_name").notNull(),
    controlCode: text("control_code").notNull(),
    state: text("state").$type<SigningRowState>().notNull().default("pending"),
    returnUrl: text("return_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sandbox_signing_sessions_reference").on(t.siteId, t.reference), check("sandbox_signing_sessions_state", sql`${t.state} in ('pending', 'signed', 'declined', 'expired')`)],
);
