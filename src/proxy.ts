import { NextResponse, type NextRequest } from "next/server";
import { findSiteByHost } from "@/server/sites/sites";
import { PSEUDO_LOCALE, localePrefix } from "@/lib/locales";
import { devToolsEnabled } from "@/lib/env";

const TEN_YEARS = 315_360_000;
const INTERNAL_HEADERS = ["x-portal-site", "x-portal-locale", "x-portal-path", "x-portal-client-id"];

/**
 * Host → site and locale, then a rewrite into the site's route tree. Nothing else happens here:
 * pages and the API check sessions and rights themselves.
 */
export async function proxy(request: NextRequest) {
  const site = await findSiteByHost(request.headers.get("host"));
  if (!site) return new NextResponse("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

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
      return NextResponse.redirect(canonical);
    }
    locale = prefixed;
    rest = path.slice(first.length + 1) || "/";
  }

  const headers = new Headers(request.headers);
  for (const h of INTERNAL_HEADERS) headers.delete(h);
  headers.set("x-portal-site", site.id);
  headers.set("x-portal-locale", locale);
  headers.set("x-portal-path", path + url.search);

  const target = url.clone();
  target.pathname = `/_sites/${site.id}/${locale}${rest === "/" ? "" : rest}`;
  const response = NextResponse.rewrite(target, { request: { headers } });

  const secure = url.protocol === "https:";
  for (const name of ["user-id", "device-id"]) {
    if (!request.cookies.get(name)) {
      response.cookies.set(name, crypto.randomUUID(), { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: TEN_YEARS });
    }
  }
  if (request.cookies.get("NEXT_LOCALE")?.value !== locale) {
    response.cookies.set("NEXT_LOCALE", locale, { httpOnly: true, secure, sameSite: "lax", path: "/", maxAge: TEN_YEARS });
  }
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/|themes/|favicon.ico|robots.txt|sw.js).*)"],
};
