import "server-only";
import { fileTypeFromBuffer } from "file-type";

/**
 * What uploads share (support attachments, contract documents): the type is read from the
 * content, never from the file name or the declared type, and the name is made safe to keep and
 * to send back in a Content-Disposition header.
 */

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "application/pdf": "pdf" };

/** The content type found in the bytes when it is one of `allowed`; null otherwise (unknown, or not allowed). */
export async function detectAllowedType<T extends string>(bytes: Uint8Array, allowed: readonly T[]): Promise<T | null> {
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return allowed.find((t) => t === detected?.mime) ?? null;
}

/**
 * A file name safe to keep and to send back: the last path segment, without control and
 * formatting characters, at most 120 characters; a missing name becomes `<fallback>.<ext>`.
 */
export function safeFileName(raw: string | undefined, type: string, fallback = "attachment"): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff"<>|:*?]/g, "")
    .replace(/[\ud800-\udfff]/g, "")
    .trim();
  const name = clean.replace(/^\.+/, "").slice(-120).trim();
  return name || `${fallback}.${EXTENSIONS[type] ?? "bin"}`;
}

/** A Content-Disposition header that always downloads, with an ASCII name and the exact name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
