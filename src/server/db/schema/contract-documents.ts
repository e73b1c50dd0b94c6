import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { authUser } from "./auth";
import { customerRef } from "./customers";
import { energyContracts } from "./metering";
import { siteRef } from "./sites";
import { createdAt } from "./columns";

/** Binary data (documents): PostgreSQL bytea, a Buffer in JavaScript. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What a stored contract document is: uploaded by the customer (or customer service), or the signed contract. */
export const CONTRACT_DOCUMENT_KINDS = ["uploaded", "signed"] as const;
export type ContractDocumentKind = (typeof CONTRACT_DOCUMENT_KINDS)[number];

/**
 * Documents kept with a contract: files a customer uploads (PDF, PNG, JPEG; the type read from
 * the content) and, later, the signed contract. The customer is the contract's: every read is
 * scoped by site, customer and contract. The bytes live in the row (`data`); `storage_key` is for
 * a configured file store instead, when a supplier keeps documents outside the database.
 */
export const contractDocuments = pgTable(
  "contract_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: siteRef(),
    customerId: customerRef(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => energyContracts.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ContractDocumentKind>().notNull().default("uploaded"),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data"),
    storageKey: text("storage_key"),
    uploadedByPersonId: text("uploaded_by_person_id").references(() => authUser.id, { onDelete: "set null" }),
    /** Uploaded by customer service in the customer's account. */
    uploadedByCustomerService: boolean("uploaded_by_customer_service").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("contract_documents_contract_idx").on(t.siteId, t.customerId, t.contractId, t.createdAt),
    check("contract_documents_kind", sql`${t.kind} in ('uploaded', 'signed')`),
    check("contract_documents_size", sql`${t.size} > 0`),
    check("contract_documents_content", sql`${t.data} is not null or ${t.storageKey} is not null`),
  ],
);
