import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import type { AppEnv } from "./context";
import { onInvalidate } from "@/server/cache/bus";
import { SESSION_COOKIE } from "@/server/auth/session-cache";
import { requestIdOf } from "./middleware/request";

/*
 * Kept answers (decision 0035): the public reference endpoints (countries, banks, e-invoice
 * operators) answer every anonymous caller of a site alike, from data that changes with a
 * migration or a data load. Their 200 answers are kept as bytes per host, scheme and URL for
 * KEEP_MS, and the listener writes a kept one straight to the socket, with a request id of its own,
 * without building a Request or running the app. Only a GET with no session cookie and no
 * Authorization header is answered so: a signed-in caller's request goes through the app, which
 * keeps the session alive. A change to a site (its country, its domains) forgets them all in every
 * process (the cache bus), and so does reloading the reference data (its "reference" topic).
 */

const KEEP_MS = 60_000;

/** The Hono route paths whose answers may be kept (`defineRoute({ kept: true })`). */
const KEPT_ROUTES = new Set<string>();

/** Marks a route's answers as keepable: an OpenAPI path of the API's routers ("/countries/{code}"). */
export function keepAnswersOf(openApiPath: string) {
  KEPT_ROUTES.add(`/api${openApiPath.replace(/\{(\w+)\}/g, ":$1")}`);
}

interface KeptAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

const KEY = Symbol.for("portal.api.kept-answers");
const g = globalThis as typeof globalThis & { [KEY]?: LRUCache<string, KeptAnswer> };
function kept(): LRUCache<string, KeptAnswer> {
  if (!g[KEY]) {
    // Bounded: query strings a client makes up cannot grow it past this.
    const cache = new LRUCache<string, KeptAnswer>({ max: 500, ttl: KEEP_MS });
    const clear = () => cache.clear();
    onInvalidate("site", clear, clear);
    onInvalidate("reference", clear, clear);
    g[KEY] = cache;
  }
  return g[KEY];
}

/** The request's key while it goes through the app, set by the listener for a request that may be kept. */
const KEPT_KEY = Symbol("portal.api.kept-key");
type Tagged = IncomingMessage & { [KEPT_KEY]?: string };

const keyOf = (https: boolean, host: string, url: string) => `${https ? "https" : "http"} ${host} ${url}`;

/**
 * Answers a request from a kept answer when there is one (true), else marks a request that may be
 * kept so the app keeps its answer (false). Called by the listener after the URL is normalized.
 */
export function answerFromKept(req: IncomingMessage, res: ServerResponse, https: boolean): boolean {
  if (req.method !== "GET" || req.headers.authorization !== undefined) return false;
  const cookie = req.headers.cookie;
  if (cookie && SESSION_COOKIE.test(cookie)) return false;
  const key = keyOf(https, req.headers.host ?? "", req.url ?? "");
  const answer = kept().get(key);
  if (!answer) {
    (req as Tagged)[KEPT_KEY] = key;
    return false;
  }
  const id = requestIdOf(req.headers["x-request-id"] as string | undefined);
  res.writeHead(200, { ...answer.headers, "x-request-id": id });
  res.end(answer.body);
  return true;
}

/** After the app answered a request the listener marked: keeps a 200 answer of a keepable route. */
export function keepAnswer(c: Context<AppEnv>): Promise<void> | undefined {
  const key = (c.env as { incoming?: Tagged } | undefined)?.incoming?.[KEPT_KEY];
  if (!key || c.res.status !== 200 || !KEPT_ROUTES.has(c.req.routePath) || c.res.headers.has("set-cookie")) return undefined;
  return keep(key, c.res);
}

async function keep(key: string, res: Response): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of res.headers) if (name !== "x-request-id") headers[name] = value;
  const body = Buffer.from(await res.clone().arrayBuffer());
  headers["content-length"] = String(body.length);
  kept().set(key, { headers, body });
}

/** Whether this process keeps an answer for a request line (tests). */
export function keepsAnswerFor(host: string, url: string, https = false): boolean {
  return kept().has(keyOf(https, host, url));
}
