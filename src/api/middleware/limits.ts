import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";
import { errorBody } from "../errors";
import { API_MAX_BODY_BYTES, CONTRACT_UPLOAD_MAX_BODY_BYTES, IMPORT_MAX_BODY_BYTES, SUPPORT_UPLOAD_MAX_BODY_BYTES } from "@/lib/request-limits";
import { apiSecurityHeaders, cameOverHttps } from "@/server/web/security-headers";
import { isTextualContentType, isStorableText, jsonBodyProblem } from "@/server/web/request-checks";

/** Whether the request came over HTTPS (the listener drops X-Forwarded-Proto unless a proxy is trusted). */
export const requestIsHttps = (c: { req: { url: string; header(name: string): string | undefined } }) => cameOverHttps({ url: c.req.url, forwardedProto: c.req.header("x-forwarded-proto") });

/** The headers common to every API answer, over HTTP and over HTTPS: the same for every request. */
const ANSWER_HEADERS = {
  http: [["cache-control", "no-store"], ...apiSecurityHeaders({ https: false })] as const,
  https: [["cache-control", "no-store"], ...apiSecurityHeaders({ https: true })] as const,
};

/**
 * Sets the headers common to every answer (cache-control: no-store and the security headers)
 * before the handler, so the answer is built with them (adding headers to a finished response makes
 * a copy of it). Returns what `finishSecurityHeaders` needs afterwards.
 */
export function prepareSecurityHeaders(c: Context<AppEnv>): readonly (readonly [string, string])[] {
  const headers = requestIsHttps(c) ? ANSWER_HEADERS.https : ANSWER_HEADERS.http;
  for (const [name, value] of headers) c.header(name, value);
  return headers;
}

/** Answers built elsewhere (better-auth's) get the common headers after; a handler's own cache-control stays. */
export function finishSecurityHeaders(c: Context<AppEnv>, headers: readonly (readonly [string, string])[]) {
  if (c.res.headers.has("x-content-type-options")) return;
  const keepCacheControl = c.res.headers.has("cache-control");
  for (const [name, value] of headers) if (!(keepCacheControl && name === "cache-control")) c.header(name, value);
}

/** 413, and the connection is closed after it: the rest of the body is not read, so the connection cannot carry another request. */
const refuse = (c: Context<AppEnv>) => c.json(errorBody("payload_too_large", "api.errors.payload-too-large", 413), 413, { connection: "close" });
const tooLarge = bodyLimit({ maxSize: API_MAX_BODY_BYTES, onError: refuse });
const importTooLarge = bodyLimit({ maxSize: IMPORT_MAX_BODY_BYTES, onError: refuse });
const uploadTooLarge = bodyLimit({ maxSize: SUPPORT_UPLOAD_MAX_BODY_BYTES, onError: refuse });
const contractUploadTooLarge = bodyLimit({ maxSize: CONTRACT_UPLOAD_MAX_BODY_BYTES, onError: refuse });

/**
 * Bodies over the limit are refused with 413: by their Content-Length before anything is read,
 * or, sent without one, as soon as the count passes the limit. A readings import may be larger
 * than other requests; it is read whole before anything is stored, so a cut body stores nothing.
 * Returns the limit of the request's path, or undefined for a GET or HEAD: it has no body to read
 * (fetch's Request gives it none), and asking for one would build the whole Request object the
 * Node server otherwise never makes.
 */
export function bodyLimitOf(c: Context<AppEnv>): MiddlewareHandler | undefined {
  if (c.req.method === "GET" || c.req.method === "HEAD") return undefined;
  const path = c.req.path;
  if (path === "/api/support/attachments") return uploadTooLarge;
  if (path === "/api/contracts/upload") return contractUploadTooLarge;
  return path.startsWith("/api/import/") ? importTooLarge : tooLarge;
}

const unreadable = () => errorBody("bad_request", "api.errors.unreadable-body", 400);

/**
 * Text bodies must be well-formed UTF-8 without NUL characters; JSON bodies must also nest no
 * deeper than MAX_JSON_DEPTH and hold no NUL or lone surrogate in any string. Such bodies are
 * answered 400 before any handler or the database sees them. The body is read once here (within
 * the size limit) and the handler reads the same bytes from Hono's cache. Returns the 400 answer,
 * or undefined when the body may go on (unreadable JSON is the route's to answer, 400 or 422).
 */
export function unreadableBody(c: Context<AppEnv>): Promise<Response | undefined> | undefined {
  if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body) return undefined;
  const kind = isTextualContentType(c.req.header("content-type"));
  if (!kind) return undefined;
  return readableOrNot(c, kind);
}

async function readableOrNot(c: Context<AppEnv>, kind: "json" | "text"): Promise<Response | undefined> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
  } catch {
    return c.json(unreadable(), 400);
  }
  if (kind === "json") {
    if (text.trim() === "") return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (jsonBodyProblem(value)) return c.json(unreadable(), 400);
  } else if (!isStorableText(text)) {
    return c.json(unreadable(), 400);
  }
  return undefined;
}
