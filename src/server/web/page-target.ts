import "server-only";
import { PSEUDO_LOCALE, localePrefix } from "@/lib/locales";
import { devToolsEnabled } from "@/lib/env";
import type { Site } from "@/server/sites/sites";
import { loadSession } from "@/server/auth/session";
import { extendSession } from "@/server/auth/session-refresh";

/**
 * Where a page request goes within its site, and the visitor cookies its answer sets: what
 * src/proxy.ts does before Next.js renders, and what scripts/serving.ts does before it answers
 * with a shared document (src/server/web/shared-documents.ts). One implementation for both.
 */
export type PageTarget = { kind: "redirect"; pathname: string } | { kind: "page"; locale: string; rest: string };

/** The locale from the path's first segment (none: the site's default); the default locale's own prefix redirects to the plain path. */
export function pageTarget(site: Pick<Site, "locales" | "defaultLocaleId">, pathname: string): PageTarget {
  const locales = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  const first = pathname.split("/")[1] ?? "";
  const prefixed = locales.find((l) => localePrefix(l) === first);
  if (!prefixed) return { kind: "page", locale: site.defaultLocaleId, rest: pathname };
  const rest = pathname.slice(first.length + 1) || "/";
  if (prefixed === site.defaultLocaleId) return { kind: "redirect", pathname: rest };
  return { kind: "page", locale: prefixed, rest };
}

const TEN_YEARS = 315_360_000;

export interface VisitorCookie {
  name: string;
  value: string;
  options: { httpOnly: true; secure: boolean; sameSite: "lax"; path: "/"; maxAge: number };
}

/** The visitor's client and device ids (set once) and the locale cookie (when it changes). */
export function visitorCookies(has: (name: string) => string | undefined, locale: string, secure: boolean): VisitorCookie[] {
  const options = { httpOnly: true as const, secure, sameSite: "lax" as const, path: "/" as const, maxAge: TEN_YEARS };
  const out: VisitorCookie[] = [];
  for (const name of ["user-id", "device-id"]) if (!has(name)) out.push({ name, value: crypto.randomUUID(), options });
  if (has("NEXT_LOCALE") !== locale) out.push({ name: "NEXT_LOCALE", value: locale, options });
  return out;
}

/** A cookie as a Set-Cookie header value. */
export function serializeCookie(c: VisitorCookie): string {
  return `${c.name}=${encodeURIComponent(c.value)}; Path=${c.options.path}; Max-Age=${c.options.maxAge}; HttpOnly; SameSite=Lax${c.options.secure ? "; Secure" : ""}`;
}

/** True for the router fetching a page a link points to before anyone clicks. */
export function isPrefetch(headers: Headers): boolean {
  return !!(headers.get("next-router-prefetch") || headers.get("purpose") === "prefetch" || headers.get("sec-purpose")?.includes("prefetch"));
}

/** A page the person opened (not a link the router prefetched on its own) moves the session's end: the Set-Cookie that does it, if any. */
export async function keepSessionAlive(site: Site, headers: Headers, url: string): Promise<string | null> {
  const cookie = headers.get("cookie") ?? "";
  if (!cookie.includes("session_token=")) return null;
  if (isPrefetch(headers)) return null;
  const lookup = await loadSession(site, headers, url);
  if (lookup.kind !== "ok") return null;
  return (await extendSession(site, lookup.session, cookie))?.setCookie ?? null;
}
