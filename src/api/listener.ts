import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { getApp } from "./app";
import { earlyErrorBody, isReadableTarget, type EarlyStatus } from "@/server/web/request-checks";
import { apiSecurityHeaders } from "@/server/web/security-headers";
import { answerFromKept } from "./kept-answers";

/**
 * The query rules of spec §7, applied before routing: empty and "null" values are skipped, and
 * arrays in bracket format (series[]=a&series[]=b) become repeated keys. Returns the search part
 * (with its "?") or "" when nothing is left; the same string when nothing changes.
 */
export function normalizeSearch(search: string): string {
  if (search === "" || search === "?") return "";
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  let changed = false;
  for (const [rawKey, value] of params) {
    if (value === "" || value === "null" || value === "undefined") {
      changed = true;
      continue;
    }
    const key = rawKey.endsWith("]") ? rawKey.replace(/\[\d*\]$/, "") : rawKey;
    if (key !== rawKey) changed = true;
    out.append(key, value);
  }
  if (!changed) return search;
  const text = out.toString();
  return text ? `?${text}` : "";
}

export interface ApiListenerOptions {
  /** Trust X-Forwarded-For/-Proto/-Host from a reverse proxy; otherwise the socket's address is the client's. */
  trustProxy: boolean;
}

/** True for the paths the API serves (everything under /api); Next.js serves the rest. */
export function isApiPath(url: string | undefined): boolean {
  if (!url) return false;
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/**
 * The forwarding headers a request may carry into the app: the client's own address from the
 * socket unless a trusted proxy in front says otherwise. Pages and the API read them alike.
 */
export function fixForwardedHeaders(req: IncomingMessage, trustProxy: boolean) {
  if (trustProxy) return;
  req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "unknown";
  delete req.headers["x-forwarded-proto"];
  delete req.headers["x-forwarded-host"];
}

/** Whether a Node request came over HTTPS: a TLS socket, or a trusted proxy's X-Forwarded-Proto (dropped otherwise). */
export function nodeRequestIsHttps(req: IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  return (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0].trim().toLowerCase() === "https";
}

/** The headers of an answer written before the app runs: the API's security headers, no caching. */
export function earlyHeaders(https: boolean): Record<string, string> {
  return { "content-type": "application/json", "cache-control": "no-store", ...Object.fromEntries(apiSecurityHeaders({ https })) };
}

/** Writes an error answer in the API's shape before the app runs (unreadable request line, oversized body, …). */
export function writeEarlyError(req: IncomingMessage, res: ServerResponse, status: EarlyStatus) {
  const body = earlyErrorBody(status);
  // The request's body (if any) is not read: the connection closes after the answer.
  res.writeHead(status, { ...earlyHeaders(nodeRequestIsHttps(req)), "content-length": String(Buffer.byteLength(body)), connection: "close" });
  res.end(body);
}

/**
 * The API straight from Node's HTTP server: the Hono app gets a request built from the socket by
 * @hono/node-server (no Next.js proxy, no App Router route handler in between).
 */
export function createApiListener(opts: ApiListenerOptions) {
  const app = getApp();
  const listener = getRequestListener((request, env) => app.fetch(request, env), {
    // Next.js shares this process and relies on the standard Request/Response classes.
    overrideGlobalObjects: true,
    // A request the app could not even be handed (an unparsable Host, …).
    errorHandler: () => new Response(earlyErrorBody(400), { status: 400, headers: earlyHeaders(false) }),
  });
  return async (req: IncomingMessage, res: ServerResponse) => {
    fixForwardedHeaders(req, opts.trustProxy);
    const url = req.url ?? "/";
    // Invalid UTF-8, NUL or control characters in the path or query never reach a route.
    if (!isReadableTarget(url)) return writeEarlyError(req, res, 400);
    const q = url.indexOf("?");
    if (q >= 0) {
      const search = url.slice(q);
      const normalized = normalizeSearch(search);
      if (normalized !== search) req.url = url.slice(0, q) + normalized;
    }
    if (answerFromKept(req, res, nodeRequestIsHttps(req))) return;
    return listener(req, res);
  };
}
