import { NextResponse, type NextRequest } from "next/server";
import { findSiteByHost } from "@/server/sites/sites";
import { apiSecurityHeaders, cameOverHttps, newNonce, pageSecurityHeaders } from "@/server/web/security-headers";
import { keepSessionAlive, pageTarget, visitorCookies } from "@/server/web/page-target";

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
  const target = pageTarget(site, path);
  if (target.kind === "redirect") {
    const canonical = url.clone();
    canonical.pathname = target.pathname;
    return withHeaders(NextResponse.redirect(canonical), security);
  }
  const { locale, rest } = target;

  const headers = new Headers(request.headers);
  for (const h of INTERNAL_HEADERS) headers.delete(h);
  headers.set("x-portal-site", site.id);
  headers.set("x-portal-locale", locale);
  headers.set("x-portal-path", path + url.search);
  // The root layout puts the nonce on its inline script; Next.js reads it from the CSP header for its own.
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", new Map(security).get("content-security-policy")!);

  const rewritten = url.clone();
  rewritten.pathname = `/_sites/${site.id}/${locale}${rest === "/" ? "" : rest}`;
  const response = withHeaders(NextResponse.rewrite(rewritten, { request: { headers } }), security);

  for (const c of visitorCookies((name) => request.cookies.get(name)?.value, locale, url.protocol === "https:")) response.cookies.set(c.name, c.value, c.options);
  const refresh = await keepSessionAlive(site, request.headers, request.url);
  if (refresh) response.headers.append("set-cookie", refresh);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/|themes/|favicon.ico|robots.txt|sw.js).*)"],
};
