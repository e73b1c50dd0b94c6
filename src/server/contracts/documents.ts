import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { contractDocuments, contractEvents, type ContractDocumentKind } from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { attachmentDisposition, detectAllowedType, safeFileName } from "@/server/files/uploads";
import { CONTRACT_DOCUMENT_MAX_BYTES } from "@/lib/request-limits";
import { customerHasContract } from "./contracts";
import type { ContractActor } from "./types";

/**
 * Documents a customer keeps with a contract: a PDF or an image (PNG, JPEG) of at most
 * CONTRACT_DOCUMENT_MAX_BYTES, its type read from the content. The file is kept in the database
 * with the contract's site and customer; only that customer (and customer service in their
 * account) lists and downloads it. Each upload is a history entry of the contract.
 */

export const CONTRACT_DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type ContractDocumentContentType = (typeof CONTRACT_DOCUMENT_TYPES)[number];

/** Documents one contract may hold: enough for a customer's papers, not a file store. */
export const CONTRACT_DOCUMENTS_MAX = 20;

/** The file is larger than CONTRACT_DOCUMENT_MAX_BYTES: the API answers 413. */
export class ContractDocumentTooLargeError extends Error {
  constructor() {
    super("contract-documents.errors.file-too-large");
    this.name = "ContractDocumentTooLargeError";
  }
}

export interface ContractDocumentView {
  id: string;
  contractId: string;
  kind: ContractDocumentKind;
  fileName: string;
  contentType: ContractDocumentContentType;
  size: number;
  uploadedAt: string;
  byCustomerService: boolean;
  url: string;
}

export const contractDocumentUrl = (contractId: string, documentId: string) => `/api/contracts/${contractId}/documents/${documentId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Pick<typeof contractDocuments.$inferSelect, "id" | "contractId" | "kind" | "fileName" | "contentType" | "size" | "createdAt" | "uploadedByCustomerService">;

const viewOf = (r: Row): ContractDocumentView => ({
  id: r.id,
  contractId: r.contractId,
  kind: r.kind,
  fileName: r.fileName,
  contentType: r.contentType as ContractDocumentContentType,
  size: r.size,
  uploadedAt: r.createdAt.toISOString(),
  byCustomerService: r.uploadedByCustomerService,
  url: contractDocumentUrl(r.contractId, r.id),
});

const listColumns = {
  id: contractDocuments.id,
  contractId: contractDocuments.contractId,
  kind: contractDocuments.kind,
  fileName: contractDocuments.fileName,
  contentType: contractDocuments.contentType,
  size: contractDocuments.size,
  createdAt: contractDocuments.createdAt,
  uploadedByCustomerService: contractDocuments.uploadedByCustomerService,
};

/**
 * Checks and stores a document for one of the customer's contracts. Another customer's contract
 * is not found; a representative may not add documents (403); empty, of another type or over the
 * per-contract count: 422 on `file`; too large: ContractDocumentTooLargeError. A refused upload
 * stores nothing.
 */
export async function uploadContractDocument(actor: ContractActor, contractId: string, file: { name?: string; bytes: Uint8Array }): Promise<ContractDocumentView> {
  if (!(await customerHasContract(actor.site.id, actor.customerId, contractId))) throw notFound("contracts.errors.not-found");
  if (actor.role === "representative") throw new AppError("forbidden", "contracts.errors.representative-read-only");
  if (file.bytes.byteLength > CONTRACT_DOCUMENT_MAX_BYTES) throw new ContractDocumentTooLargeError();
  if (file.bytes.byteLength === 0) throw validationError([{ path: "file", code: "too_small", message: "contract-documents.errors.file-empty" }]);
  const type = await detectAllowedType(file.bytes, CONTRACT_DOCUMENT_TYPES);
  if (!type) throw validationError([{ path: "file", code: "invalid_type", message: "contract-documents.errors.file-type" }]);
  const fileName = safeFileName(file.name, type, "document");
  const db = await getDb();
  let row: Row | undefined;
  await db.transaction(async (tx) => {
    // Serialises uploads to one contract, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contract-documents:${contractId}`}))`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contractDocuments)
      .where(and(eq(contractDocuments.siteId, actor.site.id), eq(contractDocuments.customerId, actor.customerId), eq(contractDocuments.contractId, contractId)));
    if (Number(n) >= CONTRACT_DOCUMENTS_MAX) throw validationError([{ path: "file", code: "too_big", message: "contract-documents.errors.too-many" }]);
    [row] = await tx
      .insert(contractDocuments)
      .values({
        siteId: actor.site.id,
        customerId: actor.customerId,
        contractId,
        kind: "uploaded",
        fileName,
        contentType: type,
        size: file.bytes.byteLength,
        data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
        uploadedByPersonId: actor.personId,
        uploadedByCustomerService: actor.role === "customer_service",
      })
      .returning(listColumns);
    await tx.insert(contractEvents).values({
      siteId: actor.site.id,
      customerId: actor.customerId,
      contractId,
      action: "document-uploaded",
      actorPersonId: actor.personId,
      customerService: actor.role === "customer_service",
      details: { documentId: row!.id, fileName, contentType: type, size: file.bytes.byteLength },
    });
  });
  if (actor.role === "customer_service") {
    await writeAudit({
      siteId: actor.site.id,
      actorPersonId: actor.personId,
      customerId: actor.customerId,
      action: "contracts:document-uploaded",
      details: { contractId, documentId: row!.id, customerService: true },
      requestId: actor.requestId ?? null,
    });
  }
  return viewOf(row!);
}

/** The documents kept with one of the customer's contracts (without their content), oldest first. */
export async function listContractDocuments(siteId: string, customerId: string, contractId: string): Promise<ContractDocumentView[]> {
  if (!UUID.test(contractId)) return [];
  const db = await getDb();
  const rows = await db
    .select(listColumns)
    .from(contractDocuments)
    .where(and(eq(contractDocuments.siteId, siteId), eq(contractDocuments.customerId, customerId), eq(contractDocuments.contractId, contractId)))
    .orderBy(asc(contractDocuments.createdAt), asc(contractDocuments.id));
  return rows.map(viewOf);
}

/** A document's content for its customer; anything else (another customer's, another contract's, a malformed id) is not found. */
export async function readContractDocument(
  siteId: string,
  customerId: string,
  contractId: string,
  documentId: string,
): Promise<{ fileName: string; contentType: string; data: Buffer; disposition: string }> {
  if (!UUID.test(contractId) || !UUID.test(documentId)) throw notFound("contract-documents.errors.not-found");
  const db = await getDb();
  const [row] = await db
    .select({ fileName: contractDocuments.fileName, contentType: contractDocuments.contentType, data: contractDocuments.data })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.siteId, siteId), eq(contractDocuments.customerId, customerId), eq(contractDocuments.contractId, contractId), eq(contractDocuments.id, documentId)));
  // Documents kept in a file store (storage_key) are not served by this process.
  if (!row?.data) throw notFound("contract-documents.errors.not-found");
  return { fileName: row.fileName, contentType: row.contentType, data: row.data, disposition: attachmentDisposition(row.fileName) };
}
