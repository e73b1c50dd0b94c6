import { NextResponse, type NextRequest } from "next/server";
import { findSiteByHost } from "@/server/sites/sites";
import { PSEUDO_LOCALE, localePrefix } from "@/lib/locales";
import { devToolsEnabled } from "@/lib/env";
import { apiSecurityHeaders, cameOverHttps, newNonce, pageSecurityHeaders } from "@/server/web/security-headers";
import { loadSession } from "@/server/auth/session";
import { extendSession } from "@/server/auth/session-refresh";

const TEN_YEARS = 315_360_000;
const INTERNAL_HEADERS = ["x-portal-site", "x-portal-locale", "x-portal-path", "x-portal-client-id", "x-nonce", "content-security-policy"];

function withHeaders<T extends NextResponse>(response: T, headers: [string, string][]): T {
  for (const [name, value] of headers) response.headers.set(name, value);
  return response;
}

/**
 * Host → site and locale, then a rewrite into the site's route tree, with the security headers
 * and a fresh script nonce for the answer (src/server/web/security-headers.ts); a page the person
 * opens keeps their session alive (src/server/auth/session-refresh.ts). Pages and the API check
 * sessions and rights themselves.
 */
export async function proxy(request: NextRequest) {
  const https = cameOverHttps({ url: request.url, forwardedProto: request.headers.get("x-forwarded-proto") });
  const site = await findSiteByHost(request.headers.get("host"));
  if (!site) {
    const notFound = new NextResponse("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    return withHeaders(notFound, apiSecurityHeaders({ https }));
  }
  const nonce = newNonce();
  const security = pageSecurityHeaders({ nonce, https, dev: process.env.NODE_ENV === "development" });

  const url = request.nextUrl;
  const path = url.pathname;

  const locales = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  const byPrefix = new Map(locales.map((l) => [localePrefix(l), l]));
  const first = path.split("/")[1] ?? "";
  let locale = site.defaultLocaleId;
  let rest = path;
  const prefixed = byPrefix.get(first);
  if (prefixed) {
    if (prefixed === site.defaultLocaleId) {
      const canonical = url.clone();
      canonical.pathname = path.slice(first.length + 1) || "/";
      return withHeaders(NextResponse.redirect(canonical), security);
    }
    locale = prefixed;
    rest = path.slice(first.length + 1) || "/";
  }

  const headers = new Headers(request.headers);
  for (const h of INTERNAL_HEADERS) headers.delete(h);
  headers.set("x-portal-site", site.id);
  headers.set("x-portal-locale", locale);
  headers.set("x-portal-path", path + url.search);
  // The root layout puts the nonce on its inline script; Next.js reads it from the CSP header for its own.
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", new Map(security).get("content-security-policy")!);

  const target = url.clone();
  target.pathname = `/_sites/${site.id}/${locale}${rest === "/" ? "" : rest}`;
  const response = withHeaders(NextResponse.rewrite(target, { request: { headers } }), security);

  const secure = url.protocol === "https:";
  for (const name of ["user-id", "device-id"]) {
    if (!request.cookies.get(name)) {
      response.cookies.set(name, crypto.randomUUID(), { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: TEN_YEARS });
    }
  }
  if (request.cookies.get("NEXT_LOCALE")?.value !== locale) {
    response.cookies.set("NEXT_LOCALE", locale, { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: TEN_YEARS });
  }
  const refresh = await keepSessionAlive(site, request);
  if (refresh) response.headers.append("set-cookie", refresh);
  return response;
}

/** A page the person opened (not a link the router prefetched on its own) moves the session's end. */
async function keepSessionAlive(site: NonNullable<Awaited<ReturnType<typeof findSiteByHost>>>, request: NextRequest): Promise<string | null> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes("session_token=")) return null;
  if (request.headers.get("next-router-prefetch") || request.headers.get("purpose") === "prefetch" || request.headers.get("sec-purpose")?.includes("prefetch")) return null;
  const lookup = await loadSession(site, request.headers, request.url);
  if (lookup.kind !== "ok") return null;
  return (await extendSession(site, lookup.session, cookie))?.setCookie ?? null;
}

export const config = {
  matcher: ["/((?!api/|_next/|themes/|favicon.ico|robots.txt|sw.js).*)"],
};
