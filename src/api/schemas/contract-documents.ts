import { z } from "@hono/zod-openapi";
import { CONTRACT_DOCUMENT_MAX_BYTES } from "@/lib/request-limits";

/**
 * Contract documents: files a customer keeps with a contract (POST /api/contracts/upload), listed
 * with GET /api/contracts/{contractId}/documents and downloaded one by one. Field errors carry
 * translation keys of the `contract-documents` namespace.
 */

/** What a document may be, checked by its content (not its name or the declared type). */
export const CONTRACT_DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export const CONTRACT_DOCUMENT_MAX_SIZE = CONTRACT_DOCUMENT_MAX_BYTES;

export const ContractDocument = z
  .object({
    id: z.string().uuid(),
    contractId: z.string().uuid(),
    kind: z.enum(["uploaded", "signed"]).openapi({ description: "Uploaded by the customer (or customer service), or the signed contract" }),
    fileName: z.string(),
    contentType: z.enum(CONTRACT_DOCUMENT_TYPES),
    size: z.number().int().openapi({ description: "Bytes" }),
    uploadedAt: z.string().openapi({ description: "When it was stored (ISO 8601, UTC)" }),
    byCustomerService: z.boolean().openapi({ description: "Uploaded by customer service in the customer's account" }),
    url: z.string().openapi({ description: "Where to download it (GET, the contract's customer only)", example: "/api/contracts/6f1c…/documents/0b6c…" }),
  })
  .openapi("ContractDocument");
export type ContractDocument = z.infer<typeof ContractDocument>;

export const ContractDocumentList = z.object({ documents: z.array(ContractDocument) }).openapi("ContractDocumentList");
export type ContractDocumentList = z.infer<typeof ContractDocumentList>;

export const ContractDocumentUpload = z
  .object({
    contractId: z.unknown().optional().openapi({ type: "string", format: "uuid", description: "One of the active customer's contracts (required: contract-documents.errors.contract-missing)" }),
    file: z
      .unknown()
      .optional()
      .openapi({ type: "string", format: "binary", description: "One file: PDF, PNG or JPEG (checked by content), at most 10 MB (required: contract-documents.errors.file-missing)" }),
  })
  .openapi("ContractDocumentUpload");

export const ContractDocumentParams = z.object({
  contractId: z
    .string()
    .max(64)
    .openapi({ param: { name: "contractId", in: "path" }, example: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f", description: "The contract's id" }),
  documentId: z
    .string()
    .max(64)
    .openapi({ param: { name: "documentId", in: "path" }, example: "0b6c9a52-2f5e-4c57-9d3b-1c1f7d1e2a10", description: "The document's id" }),
});
