import type { Attachment } from "@/api/schemas/support";
import { ApiError, randomId, type ApiErrorBody } from "@/ui/api";

/** Sends one file to POST /api/support/attachments (multipart/form-data); errors come back as ApiError. */
export async function uploadAttachment(file: File): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch("/api/support/attachments", { method: "POST", body, headers: { "x-request-id": randomId() }, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new ApiError(0, null, "FETCH_ERROR");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (res.ok) throw new ApiError(res.status, null, "PARSING_ERROR");
  }
  if (!res.ok) throw new ApiError(res.status, data as ApiErrorBody | null);
  return data as Attachment;
}
