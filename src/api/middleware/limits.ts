import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../context";
import { errorBody } from "../errors";
import { API_MAX_BODY_BYTES, CONTRACT_UPLOAD_MAX_BODY_BYTES, IMPORT_MAX_BODY_BYTES, SUPPORT_UPLOAD_MAX_BODY_BYTES } from "@/lib/request-limits";
import { apiSecurityHeaders, cameOverHttps } from "@/server/web/security-headers";
import { isTextualContentType, isStorableText, jsonBodyProblem } from "@/server/web/request-checks";

/** Whether the request came over HTTPS (the listener drops X-Forwarded-Proto unless a proxy is trusted). */
export const requestIsHttps = (c: { req: { url: string; header(name: string): string | undefined } }) => cameOverHttps({ url: c.req.url, forwardedProto: c.req.header("x-forwarded-proto") });

/**
 * The headers common to every answer (cache-control: no-store and the security headers), set
 * before the handler so the answer is built with them (adding headers to a finished response makes
 * a copy of it); answers built elsewhere (better-auth's) get them after.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const headers = apiSecurityHeaders({ https: requestIsHttps(c) });
  c.header("cache-control", "no-store");
  for (const [name, value] of headers) c.header(name, value);
  await next();
  if (!c.res.headers.has("x-content-type-options")) {
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
    for (const [name, value] of headers) c.header(name, value);
  }
});

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
 */
export const bodySize = createMiddleware<AppEnv>(async (c, next) => {
  // A GET or HEAD request has no body to read (fetch's Request gives it none), and asking for
  // one would build the whole Request object the Node server otherwise never makes.
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const path = c.req.path;
  if (path === "/api/support/attachments") return uploadTooLarge(c, next);
  if (path === "/api/contracts/upload") return contractUploadTooLarge(c, next);
  return (path.startsWith("/api/import/") ? importTooLarge : tooLarge)(c, next);
});

const unreadable = () => errorBody("bad_request", "api.errors.unreadable-body", 400);

/**
 * Text bodies must be well-formed UTF-8 without NUL characters; JSON bodies must also nest no
 * deeper than MAX_JSON_DEPTH and hold no NUL or lone surrogate in any string. Such bodies are
 * answered 400 before any handler or the database sees them. The body is read once here (within
 * the size limit) and the handler reads the same bytes from Hono's cache.
 */
export const bodyBytes = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || !c.req.raw.body) return next();
  const kind = isTextualContentType(c.req.header("content-type"));
  if (!kind) return next();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await c.req.arrayBuffer());
  } catch {
    return c.json(unreadable(), 400);
  }
  if (kind === "json") {
    if (text.trim() === "") return next();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Unreadable JSON is the route's to answer (400 or 422, as before).
      return next();
    }
    if (jsonBodyProblem(value)) return c.json(unreadable(), 400);
  } else if (!isStorableText(text)) {
    return c.json(unreadable(), 400);
  }
  await next();
});
