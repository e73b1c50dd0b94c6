import type { Attachment } from "@/api/schemas/support";
import { api } from "@/ui/api";

/** How long an upload may take before it is given up: a large file on a slow connection. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** Sends one file to POST /api/support/attachments (multipart/form-data); errors come back as ApiError. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file, file.name);
  return api<Attachment>("/api/support/attachments", { method: "POST", body, timeoutMs: UPLOAD_TIMEOUT_MS });
}
