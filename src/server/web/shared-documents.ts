import "server-only";
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { parse as parseCookies } from "hono/utils/cookie";
import { LRUCache } from "lru-cache";
import { authSecret, env } from "@/lib/env";
import { hasFeature, type Feature } from "@/lib/features";
import { CONSENT_COOKIE, storedConsent } from "@/lib/consent";
import { COLOR_SCHEME_COOKIE, COLOR_SCHEME_OVERRIDE_COOKIE, resolveColorScheme } from "@/lib/settings/appearance";
import { getConsentRevision } from "@/server/consent/consent";
import { cacheReady, loadAndKeep, onInvalidate } from "@/server/cache/bus";
import { loadSession } from "@/server/auth/session";
import { findSiteByHost, normalizeHost } from "@/server/sites/sites";
import { keepSessionAlive, pageTarget, serializeCookie, visitorCookies } from "./page-target";
import { hashedPageCsp, pageSecurityHeaders } from "./security-headers";

/**
 * Shared documents: pages whose HTML is the same for every signed-in visitor of a site in one
 * language and look (decision 0033). The dashboard's document is its frame and its cards' places;
 * the person's figures come from the API (`GET /api/dashboard/overview`) and are drawn in the
 * browser. The sign-in page, which never reads the session, is the same for every visitor. The server renders such a document once per site, host, language, colour scheme and
 * consent state, keeps it for DOCUMENT_CACHE_SECONDS (compressed once), and answers every other
 * request for it from memory after checking the session, as a render would have.
 *
 * What makes it safe to share: the document is rendered from a request of the server to itself
 * that carries none of the visitor's cookies but the looks' and the consent's, so it cannot hold
 * anyone's data. Its inline scripts are allowed by their hashes, not by a nonce that many answers
 * would share. Site edits and the rows drawn into the frame (announcements, feedback forms, the
 * consent revision: migration 0016) drop the site's documents in every process at once.
 */
export interface SharedRoute {
  /** The path within the site, without the locale prefix. */
  path: string;
  /** The feature the page needs: switched off, the request goes to Next.js (which answers 404). */
  feature?: Feature;
  /** Who is answered from memory: a signed-in visitor of the site only, or anyone (a page that never reads the session). */
  access: "session" | "anyone";
}

export const SHARED_ROUTES: readonly SharedRoute[] = [
  { path: "/dashboard", feature: "dashboard", access: "session" },
  // Without a query only: the way back after sign-in and the reason for it make the page someone's.
  { path: "/auth/signin", access: "anyone" },
];

/** The header that marks the server's own render of a shared document. */
export const SHARED_RENDER_HEADER = "x-portal-shared-render";

/** The value of that header: the same in every process of one deployment (it comes from AUTH_SECRET), unknown outside. */
export function sharedRenderToken(): string {
  return crypto.createHmac("sha256", authSecret()).update("shared-document-render").digest("base64url");
}

/** True when a page request is the server's own render of a shared document (pages skip the session check then: there is none). */
export function isSharedRender(headers: { get(name: string): string | null }): boolean {
  return isSharedRenderToken(headers.get(SHARED_RENDER_HEADER));
}

/** Whether a value of the header is this deployment's token. */
export function isSharedRenderToken(value: string | string[] | null | undefined): boolean {
  if (typeof value !== "string" || !value) return false;
  const expected = Buffer.from(sharedRenderToken());
  const given = Buffer.from(value);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * What of a visitor's cookies a shared document depends on: its colour scheme and whether the
 * consent banner shows (and asks again after a new revision). The key holds what they resolve to,
 * so a few documents per site and language serve every visitor, and the render gets cookies that
 * resolve the same way.
 */
async function sharedLooks(site: Parameters<typeof hasFeature>[0] & { id: string }, cookies: Map<string, string>): Promise<{ key: string[]; cookie: string }> {
  const scheme = resolveColorScheme({ darkAllowed: hasFeature(site, "dark-theme"), stored: cookies.get(COLOR_SCHEME_COOKIE), override: cookies.get(COLOR_SCHEME_OVERRIDE_COOKIE) });
  const cookie = scheme === "auto" ? [] : [`${COLOR_SCHEME_COOKIE}=${scheme}`, `${COLOR_SCHEME_OVERRIDE_COOKIE}=true`];
  let consent = "-";
  if (hasFeature(site, "cookie-consent")) {
    const raw = cookies.get(CONSENT_COOKIE);
    consent = storedConsent(raw, await getConsentRevision(site.id));
    if (consent !== "none" && raw) cookie.push(`${CONSENT_COOKIE}=${encodeURIComponent(raw)}`);
  }
  return { key: [scheme, consent], cookie: cookie.join("; ") };
}

export interface SharedDocument {
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  csp: string;
  headers: [string, string][];
  keptAt: number;
}

/** Next.js's headers a shared answer keeps; the rest (cookies, nonce policy, lengths) are the answer's own. */
const KEPT_HEADERS = ["content-type", "cache-control", "link", "x-nextjs-stale-time", "x-nextjs-prerender"];

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** The SHA-256 hashes (base64) of a document's inline scripts, in the order they appear. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.add(crypto.createHash("sha256").update(m[2], "utf8").digest("base64"));
  }
  return [...hashes];
}

/** Takes the render's nonce off the document's tags: the shared answer's policy allows its scripts by hash. */
export function withoutNonces(html: string): string {
  return html.replace(/(<(?:script|link|style)\b[^>]*?)\s+nonce="[^"]*"/gi, "$1");
}

/**
 * Whether a render may be kept: not when a part of it failed. A server component that threw below
 * an error boundary still answers 200, with the error's row in the page's payload (React's
 * `<id>:E{"digest":…}`); such a page is rendered again for the next request instead of being
 * served to everyone for DOCUMENT_CACHE_SECONDS.
 */
export function keepable(html: string): boolean {
  return !/:E\{\\"digest\\"/.test(html);
}

/** Makes a shared document from a render's HTML and headers. */
export async function sharedDocument(html: string, headers: http.IncomingHttpHeaders, now = Date.now()): Promise<SharedDocument> {
  const text = withoutNonces(html);
  const identity = Buffer.from(text, "utf8");
  const [gz, br] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  const kept: [string, string][] = [];
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    // The preload links carried the render's nonce too.
    if (typeof value === "string") kept.push([name, name === "link" ? value.replace(/;\s*nonce="[^"]*"/g, "") : value]);
  }
  return { body: { identity, gzip: gz, br }, csp: hashedPageCsp(inlineScriptHashes(text)), headers: kept, keptAt: now };
}

/** The encoding an answer takes: Brotli, then gzip, as the client accepts them (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

function webHeaders(req: IncomingMessage): Headers {
  const h = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") h.set(name, value);
    else if (Array.isArray(value)) for (const v of value) h.append(name, v);
  }
  return h;
}

export interface SharedDocumentsOptions {
  /** Where this server listens, for its renders of a shared document. */
  address: () => { host: string; port: number } | null;
  /** Seconds a document is kept (DOCUMENT_CACHE_SECONDS). */
  seconds?: number;
  /** At most this many documents in memory (each is a few tens of kB, three times). */
  max?: number;
}

/** A request a shared document may answer: the document itself, not the router's data requests. */
function documentRequest(req: IncomingMessage): { pathname: string } | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const h = req.headers;
  if (h.rsc || h["next-router-state-tree"] || h["next-action"] || h["next-router-prefetch"] || h[SHARED_RENDER_HEADER]) return null;
  const url = req.url ?? "/";
  if (!SHARED_ROUTES.some((r) => url.endsWith(r.path))) return null;
  // A query is the page's own business (a preview, a tracking link): such requests are rendered.
  if (url.includes("?") || !url.startsWith("/")) return null;
  return { pathname: url };
}

export class SharedDocuments {
  private readonly cache: LRUCache<string, SharedDocument>;
  private readonly inflight = new Map<string, Promise<SharedDocument | null>>();
  private readonly ttlMs: number;

  constructor(private readonly opts: SharedDocumentsOptions) {
    this.ttlMs = (opts.seconds ?? env().DOCUMENT_CACHE_SECONDS) * 1000;
    this.cache = new LRUCache({ max: opts.max ?? 500 });
    const drop = (siteId: string) => {
      if (siteId === "*") return this.cache.clear();
      for (const key of [...this.cache.keys()]) if (key.startsWith(`${siteId}\n`)) this.cache.delete(key);
    };
    onInvalidate(
      "site",
      () => this.cache.clear(),
      () => this.cache.clear(),
    );
    onInvalidate("documents", drop, () => this.cache.clear());
  }

  /** Answers the request with a shared document when it asks for one; false: the caller renders it as usual. */
  async serve(req: IncomingMessage, res: ServerResponse, https: boolean): Promise<boolean> {
    if (this.ttlMs <= 0) return false;
    const target = documentRequest(req);
    if (!target) return false;
    const site = await findSiteByHost(req.headers.host);
    if (!site) return false;
    const page = pageTarget(site, target.pathname);
    if (page.kind !== "page") return false;
    const route = SHARED_ROUTES.find((r) => r.path === page.rest);
    if (!route || (route.feature && !hasFeature(site, route.feature))) return false;
    const headers = webHeaders(req);
    const url = `${https ? "https" : "http"}://${req.headers.host}${target.pathname}`;
    // Signed out (or another site's session): the page itself sends the visitor to sign in.
    if (route.access === "session" && (await loadSession(site, headers, url)).kind !== "ok") return false;

    const cookies = new Map(Object.entries(parseCookies(req.headers.cookie ?? "")));
    const looks = await sharedLooks(site, cookies);
    const key = [site.id, site.updatedAt.getTime(), normalizeHost(req.headers.host), https ? "https" : "http", page.locale, page.rest, ...looks.key].join("\n");
    const doc = await this.get(key, { path: target.pathname, host: req.headers.host ?? "", cookie: looks.cookie, https });
    if (!doc) return false;

    const setCookies = visitorCookies((name) => cookies.get(name), page.locale, https).map(serializeCookie);
    const refresh = await keepSessionAlive(site, headers, url);
    if (refresh) setCookies.push(refresh);

    // Nothing is written before this point: a failure above leaves the request to Next.js.
    const encoding = chooseEncoding(req.headers["accept-encoding"] as string | undefined);
    const body = doc.body[encoding];
    res.statusCode = 200;
    for (const [name, value] of doc.headers) res.setHeader(name, value);
    for (const [name, value] of pageSecurityHeaders({ csp: doc.csp, https })) res.setHeader(name, value);
    res.setHeader("vary", "accept-encoding");
    if (encoding !== "identity") res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", String(body.length));
    if (setCookies.length) res.setHeader("set-cookie", setCookies);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /** The document under `key`: kept, or rendered once however many requests wait for it. */
  private async get(key: string, request: { path: string; host: string; cookie: string; https: boolean }): Promise<SharedDocument | null> {
    const kept = cacheReady() ? this.cache.get(key) : undefined;
    if (kept && Date.now() - kept.keptAt < this.ttlMs) return kept;
    const running = this.inflight.get(key);
    if (running) return running;
    const render = loadAndKeep(
      ["site", "documents"],
      () => this.render(request),
      (doc) => {
        if (doc) this.cache.set(key, doc);
      },
    ).finally(() => this.inflight.delete(key));
    this.inflight.set(key, render);
    return render;
  }

  /** Renders the document through this server, as a visitor with only the shared cookies would get it. */
  private render(request: { path: string; host: string; cookie: string; https: boolean }): Promise<SharedDocument | null> {
    const address = this.opts.address();
    if (!address) return Promise.resolve(null);
    return new Promise((resolve) => {
      const headers: http.OutgoingHttpHeaders = { host: request.host, accept: "text/html", "accept-encoding": "identity", [SHARED_RENDER_HEADER]: sharedRenderToken() };
      if (request.cookie) headers.cookie = request.cookie;
      if (request.https) headers["x-forwarded-proto"] = "https";
      const outgoing = http.get({ host: address.host, port: address.port, path: request.path, headers, timeout: 15_000 }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("error", () => resolve(null));
        answer.on("end", () => {
          const type = answer.headers["content-type"] ?? "";
          const html = Buffer.concat(chunks).toString("utf8");
          if (answer.statusCode !== 200 || !type.startsWith("text/html") || !keepable(html)) return resolve(null);
          sharedDocument(html, answer.headers).then(resolve, () => resolve(null));
        });
      });
      outgoing.on("timeout", () => outgoing.destroy());
      outgoing.on("error", () => resolve(null));
    });
  }
}
