import { OpenAPIHono } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { defineRoute, jsonResponse } from "../route";
import { errorBody } from "../errors";
import { ErrorBody } from "../schemas/errors";
import { ContractDocument, ContractDocumentList, ContractDocumentParams, ContractDocumentUpload } from "../schemas/contract-documents";
import { ContractIdParam } from "../schemas/contracts";
import { contractSite } from "./contracts";
import { customerHasContract, mayManage } from "@/server/contracts/contracts";
import { ContractDocumentTooLargeError, listContractDocuments, readContractDocument, uploadContractDocument } from "@/server/contracts/documents";
import type { ContractActor } from "@/server/contracts/types";
import { notFound, validationError } from "@/server/errors";

/**
 * Documents kept with a contract: upload (multipart, spec §7 POST /api/contracts/upload), the list
 * of a contract's documents, and one document's download. Only the contract's customer reaches
 * them; another customer's contract or document is not found, whatever else the request holds.
 */
export const contractDocumentsRouter = new OpenAPIHono<AppEnv>();

function actorOf(c: Context<AppEnv>): ContractActor {
  const session = c.get("session")!;
  return { site: contractSite(c), customerId: session.activeCustomer!.id, personId: session.person.id, role: session.activeCustomer!.role, requestId: c.get("requestId") };
}

const errorAnswer = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

/** Runs before anything else is read: another customer's contract is not found. */
const customerContractOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await customerHasContract(c.get("site").id, c.get("session")!.activeCustomer!.id, c.req.param("contractId") ?? ""))) throw notFound("contracts.errors.not-found");
  await next();
});

/** Adding documents is a change of the contract: gone where the site has switched contract management off. */
const managementOn = createMiddleware<AppEnv>(async (c, next) => {
  if (!mayManage(contractSite(c))) throw notFound("api.errors.feature-disabled");
  await next();
});

contractDocumentsRouter.openapi(
  defineRoute({
    method: "post",
    path: "/contracts/upload",
    operationId: "uploadContractDocument",
    errors: {
      403: "A representative may not add documents to a contract",
      404: "No such contract for the active customer, or contract management is switched off",
    },
    tags: ["Contracts"],
    summary: "Upload a document (PDF, PNG or JPEG, at most 10 MB) to one of the customer's contracts",
    description:
      "multipart/form-data with the parts `contractId` and `file`. The type is read from the content, never from the name or the declared type: anything else is 422 (contract-documents.errors.file-type), an empty file 422 (contract-documents.errors.file-empty), a file over 10 MB 413. A contract holds at most 20 documents. The document is listed under the contract's documents and only its customer can download it. A refused upload stores nothing.",
    access: "customer",
    feature: "contracts",
    middleware: [managementOn],
    request: { body: { required: true, content: { "multipart/form-data": { schema: ContractDocumentUpload } } } },
    responses: {
      201: jsonResponse(ContractDocument, "The stored document"),
      413: errorAnswer("The file is larger than 10 MB, or the body larger than the upload limit"),
      415: errorAnswer("The body is not multipart/form-data"),
    },
  }),
  async (c) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (type !== "multipart/form-data") return c.json(errorBody("unsupported_media_type", "api.errors.unsupported-media-type", 415), 415);
    const form = c.req.valid("form");
    const contractId = typeof form.contractId === "string" ? form.contractId.trim() : "";
    const fields = [];
    if (!contractId) fields.push({ path: "contractId", code: "invalid_type", message: "contract-documents.errors.contract-missing" });
    if (!(form.file instanceof File)) fields.push({ path: "file", code: "invalid_type", message: "contract-documents.errors.file-missing" });
    if (fields.length) throw validationError(fields);
    const file = form.file as File;
    try {
      const stored = await uploadContractDocument(actorOf(c), contractId, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      return c.json(stored, 201);
    } catch (err) {
      if (err instanceof ContractDocumentTooLargeError) return c.json(errorBody("payload_too_large", err.message, 413), 413);
      throw err;
    }
  },
);

contractDocumentsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/{contractId}/documents",
    operationId: "listContractDocuments",
    errors: { 404: "No such contract for the active customer" },
    tags: ["Contracts"],
    summary: "The documents kept with a contract (uploaded and signed), oldest first",
    description: "Without their content: each has the `url` to download it. The contract PDF itself is GET /api/contracts/{contractId}/download.",
    access: "customer",
    feature: "contracts",
    middleware: [customerContractOnly],
    request: { params: ContractIdParam },
    responses: { 200: jsonResponse(ContractDocumentList) },
  }),
  async (c) => c.json({ documents: await listContractDocuments(c.get("site").id, c.get("session")!.activeCustomer!.id, c.req.valid("param").contractId) }, 200),
);

contractDocumentsRouter.openapi(
  defineRoute({
    method: "get",
    path: "/contracts/{contractId}/documents/{documentId}",
    operationId: "downloadContractDocument",
    errors: { 404: "No such document of the contract for the active customer" },
    tags: ["Contracts"],
    summary: "Download one of a contract's documents (its customer only)",
    description:
      "Always as a download (Content-Disposition: attachment), with the type found in its content when it was uploaded. Another customer's contract or document is 404 and says nothing of it.",
    access: "customer",
    feature: "contracts",
    middleware: [customerContractOnly],
    request: { params: ContractDocumentParams },
    responses: {
      200: {
        description: "The file",
        content: {
          "application/pdf": { schema: { type: "string", format: "binary" } },
          "image/png": { schema: { type: "string", format: "binary" } },
          "image/jpeg": { schema: { type: "string", format: "binary" } },
        },
      },
    },
  }),
  async (c) => {
    const { contractId, documentId } = c.req.valid("param");
    const file = await readContractDocument(c.get("site").id, c.get("session")!.activeCustomer!.id, contractId, documentId);
    return c.body(new Uint8Array(file.data), 200, {
      "content-type": file.contentType,
      "content-disposition": file.disposition,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    });
  },
);
