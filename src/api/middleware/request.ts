import crypto from "node:crypto";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../context";
import { AppError } from "@/server/errors";
import { requestOrigin } from "@/server/auth/auth";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The request id to answer with: the caller's x-request-id when well-formed, a new one otherwise. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/** x-request-id: the caller's when well-formed, a new one otherwise; echoed on the response. */
export function setRequestId(c: Context<AppEnv>) {
  const id = requestIdOf(c.req.header("x-request-id"));
  c.set("requestId", id);
  c.header("x-request-id", id);
}

/** x-client-id from the header, or the user-id cookie (spec §7). */
export function setClientId(c: Context<AppEnv>) {
  const header = c.req.header("x-client-id");
  // The cookie header is parsed only when there is no x-client-id and a user-id cookie may be in it.
  const value = header ?? (c.req.header("cookie")?.includes("user-id=") ? (getCookie(c, "user-id") ?? null) : null);
  c.set("clientId", value && CLIENT_ID.test(value) ? value : null);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Paths that providers call server to server; they authenticate with signatures, not cookies. */
const CSRF_EXEMPT = [/^\/api\/payment-callbacks\//, /^\/api\/payments\/callback\//, /^\/api\/import\//];

/** Whether a state-changing request to this path may come without a same-origin Origin. */
export const csrfExempt = (path: string) => CSRF_EXEMPT.some((re) => re.test(path));

/**
 * State-changing requests must come from a page of this site: an Origin header with the site's
 * scheme, host and port (the scheme is the request's: the socket's, or a trusted proxy's).
 * A foreign, "null" or missing Origin is refused. Requests that carry no cookies and
 * authenticate with a bearer token cannot be forged by a browser and are let through.
 */
export function checkCsrf(c: Context<AppEnv>) {
  if (SAFE_METHODS.has(c.req.method)) return;
  const path = new URL(c.req.url).pathname;
  if (csrfExempt(path)) return;
  if (c.req.header("authorization")?.startsWith("Bearer ") && !c.req.header("cookie")) return;
  const origin = c.req.header("origin");
  let ok = false;
  if (origin && origin !== "null") {
    try {
      // Scheme, host and port: an https page may not post to the http site, nor the other way round.
      ok = new URL(origin).origin === new URL(requestOrigin(c.req.raw.headers, c.req.url)).origin;
    } catch {
      ok = false;
    }
  }
  if (!ok) throw new AppError("forbidden", "api.errors.csrf");
}
