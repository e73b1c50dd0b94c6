import "server-only";
import { MAX_JSON_DEPTH } from "@/lib/request-limits";

/** Text no endpoint accepts: NUL (PostgreSQL text cannot hold it) and UTF-16 halves without their pair. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a string may be stored and shown: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** Strict percent-decoding: null for malformed escapes, invalid UTF-8 (%ff, %ED%A0%80) or unstorable text. */
function decodeStrict(part: string): string | null {
  try {
    const text = decodeURIComponent(part.replaceAll("+", " "));
    return isStorableText(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * Whether a request target (path and query, as on the request line) is readable: every
 * percent-escape well-formed UTF-8, no NUL and no control characters once decoded. Anything else
 * is answered 400 before routing, so no such value reaches a page, a handler or the database.
 */
export function isReadableTarget(target: string): boolean {
  if (target.length > 8192) return false;
  const q = target.indexOf("?");
  const path = q >= 0 ? target.slice(0, q) : target;
  const search = q >= 0 ? target.slice(q + 1) : "";
  const decodedPath = decodeStrict(path);
  if (decodedPath === null || /[\u0000-\u001f\u007f]/.test(decodedPath)) return false;
  if (!search) return true;
  for (const pair of search.split("&")) {
    for (const part of pair.split("=")) if (decodeStrict(part) === null) return false;
  }
  return true;
}

export type BodyProblem = "depth" | "text";

/** UTF-16 halves without their pair: no well-formed text holds them, and storing them would corrupt them. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What is wrong with a parsed JSON body, if anything: nested deeper than MAX_JSON_DEPTH, or a
 * string (value or key) with a lone surrogate. NUL characters are each endpoint's to drop or
 * refuse (its schema or service). Walks iteratively, so no depth overflows the stack.
 */
export function jsonBodyProblem(value: unknown): BodyProblem | null {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === "string") {
      if (LONE_SURROGATE.test(v)) return "text";
    } else if (v !== null && typeof v === "object") {
      if (depth > MAX_JSON_DEPTH) return "depth";
      if (Array.isArray(v)) for (const item of v) stack.push([item, depth + 1]);
      else
        for (const [k, item] of Object.entries(v)) {
          if (LONE_SURROGATE.test(k)) return "text";
          stack.push([item, depth + 1]);
        }
    }
  }
  return null;
}

/** Content types whose bodies are text and are checked as such (the rest are refused by the routes). */
export function isTextualContentType(contentType: string | undefined): "json" | "text" | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type.startsWith("text/") || type === "application/x-www-form-urlencoded") return "text";
  return null;
}

/** The error answers written before routing, in the API's error shape (message: a translation key). */
export const EARLY_ERRORS = {
  400: { code: "bad_request", message: "api.errors.bad-request" },
  411: { code: "length_required", message: "api.errors.length-required" },
  413: { code: "payload_too_large", message: "api.errors.payload-too-large" },
  415: { code: "unsupported_media_type", message: "api.errors.unsupported-media-type" },
  431: { code: "headers_too_large", message: "api.errors.headers-too-large" },
} as const;
export type EarlyStatus = keyof typeof EARLY_ERRORS;

export function earlyErrorBody(status: EarlyStatus): string {
  return JSON.stringify({ error: { ...EARLY_ERRORS[status], status } });
}

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * What the server refuses before a page request reaches Next.js: an unreadable target (400), and
 * for requests with a body (Server Actions) one without a length (411) or longer than
 * `maxBodyBytes` (413), so no oversized body is read at all.
 */
export function pageRequestProblem(req: { method?: string; url?: string; headers: Headers }, maxBodyBytes: number): EarlyStatus | null {
  if (!isReadableTarget(req.url ?? "/")) return 400;
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const length = header(req.headers, "content-length");
  if (length === undefined) return header(req.headers, "transfer-encoding") ? 411 : null;
  const n = Number(length);
  if (!Number.isSafeInteger(n) || n < 0) return 400;
  return n > maxBodyBytes ? 413 : null;
}
