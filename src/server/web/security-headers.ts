import "server-only";

/**
 * The security headers of every answer: pages (set by src/proxy.ts with a fresh nonce per
 * request), the API (src/api/app.ts) and the answers written before either runs (unknown host,
 * oversized bodies, unreadable requests in scripts/server.ts and src/api/listener.ts).
 */

/** Headers every answer carries, whatever made it. */
export const COMMON_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-frame-options", "DENY"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"],
];

/** Two years, with subdomains: sent only on answers that travelled over HTTPS. */
export const HSTS = "max-age=63072000; includeSubDomains";

/** The API answers JSON (and one script): it loads nothing and may be framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A fresh nonce for one answer's scripts: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The pages' Content-Security-Policy. Scripts run only with the answer's nonce (Next.js puts it on
 * its own scripts when it finds it in this header; the root layout puts it on the colour-scheme
 * script); 'strict-dynamic' lets those scripts load the chunks and the analytics tag they add
 * (the first-party /api/consent/analytics.js, and only after consent). Everything else comes
 * from the site's own origin. Styles may be inline: Mantine writes style attributes.
 */
export function pageCsp(nonce: string, opts: { dev?: boolean } = {}): string {
  return pageDirectives(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`);
}

/**
 * The policy of a shared document (src/server/web/shared-documents.ts): one answer served to many
 * requests cannot carry a nonce of its own, so its inline scripts are allowed by their SHA-256
 * hashes, and its other scripts come from the site's own origin ('self', which 'strict-dynamic'
 * would switch off). An injected inline script matches no hash; the same origin serves no script
 * but the app's chunks and its first-party analytics tag (the API answers JSON with nosniff).
 */
export function hashedPageCsp(scriptHashes: readonly string[]): string {
  return pageDirectives(`script-src 'self'${scriptHashes.map((h) => ` 'sha256-${h}'`).join("")}`);
}

function pageDirectives(scriptSrc: string): string {
  return [
    "default-src 'self'",
    scriptSrc,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The API reference page: its one inline script and style carry the nonce; it fetches the document from the API. */
export function docsPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Whether the request came over HTTPS: the socket was TLS, or a trusted proxy in front said so
 * (X-Forwarded-Proto survives only with TRUST_PROXY: the listeners drop it otherwise).
 */
export function cameOverHttps(req: { url: string; forwardedProto?: string | null }): boolean {
  if (req.url.startsWith("https:")) return true;
  const proto = req.forwardedProto?.split(",")[0]?.trim().toLowerCase();
  return proto === "https";
}

/** The headers of a page answer: with a fresh nonce, or (`csp`) a shared document's own policy. */
export function pageSecurityHeaders(opts: { nonce: string; https: boolean; dev?: boolean } | { csp: string; https: boolean }): [string, string][] {
  const csp = "csp" in opts ? opts.csp : pageCsp(opts.nonce, { dev: opts.dev });
  const out: [string, string][] = [["content-security-policy", csp], ...COMMON_SECURITY_HEADERS.map(([k, v]) => [k, v] as [string, string])];
  if (opts.https) out.push(["strict-transport-security", HSTS]);
  return out;
}

/** The headers of an API answer (and of the plain answers written before the API or Next.js runs). */
export function apiSecurityHeaders(opts: { https: boolean; csp?: string }): [string, string][] {
  const out: [string, string][] = [["content-security-policy", opts.csp ?? API_CSP], ...COMMON_SECURITY_HEADERS.map(([k, v]) => [k, v] as [string, string])];
  if (opts.https) out.push(["strict-transport-security", HSTS]);
  return out;
}
