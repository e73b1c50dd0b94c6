/**
 * How large a request body may be. Larger bodies are refused with 413 before they are read
 * whole, so a burst of large uploads cannot fill the server's memory.
 */

/** Any API request body (JSON forms, client logs, consent records, …). */
export const API_MAX_BODY_BYTES = 1024 * 1024;

/** A readings import (POST /api/import/readings): up to MAX_IMPORT_ROWS rows of JSON or CSV. */
export const IMPORT_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** A support attachment (POST /api/support/attachments): the file itself, at most 5 MB. */
export const SUPPORT_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The upload's whole multipart body: the file and room for its part headers and boundaries. */
export const SUPPORT_UPLOAD_MAX_BODY_BYTES = SUPPORT_ATTACHMENT_MAX_BYTES + 64 * 1024;

/** A contract document (POST /api/contracts/upload): the file itself, at most 10 MB (a scanned contract or a photo of one). */
export const CONTRACT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The contract document upload's whole multipart body: the file, the contract id and the part headers. */
export const CONTRACT_UPLOAD_MAX_BODY_BYTES = CONTRACT_DOCUMENT_MAX_BYTES + 64 * 1024;

/** A Server Action's body; next.config.ts gives Next.js the same limit (experimental.serverActions.bodySizeLimit). */
export const PAGE_MAX_BODY_BYTES = 1024 * 1024;

/** How deep a JSON body may nest: no endpoint takes more than a few levels. */
export const MAX_JSON_DEPTH = 64;
