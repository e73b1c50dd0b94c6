import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { getApp } from "./app";

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

/**
 * The API straight from Node's HTTP server: the Hono app gets a request built from the socket by
 * @hono/node-server (no Next.js proxy, no App Router route handler in between).
 */
export function createApiListener(opts: ApiListenerOptions) {
  const app = getApp();
  const listener = getRequestListener((request) => app.fetch(request), {
    // Next.js shares this process and relies on the standard Request/Response classes.
    overrideGlobalObjects: true,
    errorHandler: () =>
      new Response(JSON.stringify({ error: { code: "bad_request", message: "api.errors.bad-request", status: 400 } }), {
        status: 400,
        headers: { "content-type": "application/json" },
      }),
  });
  return (req: IncomingMessage, res: ServerResponse) => {
    fixForwardedHeaders(req, opts.trustProxy);
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    if (q >= 0) {
      const search = url.slice(q);
      const normalized = normalizeSearch(search);
      if (normalized !== search) req.url = url.slice(0, q) + normalized;
    }
    return listener(req, res);
  };
}
