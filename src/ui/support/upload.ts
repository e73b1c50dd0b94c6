import type { Attachment } from "@/api/schemas/support";
import { api } from "@/ui/api";

/** Sends one file to POST /api/support/attachments (multipart/form-data); errors come back as ApiError. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file, file.name);
  return api<Attachment>("/api/support/attachments", { method: "POST", body });
}
