import "server-only";
import { localePath } from "@/lib/locales";
import { safeRedirectPath } from "@/lib/safe-redirect";

/** What the sign-in redirects need to know of a site. */
export interface RedirectSite {
  locales: readonly string[];
  defaultLocaleId: string;
}

/** The locale the person browses the site in: the proxy's NEXT_LOCALE cookie when the site offers it. */
export function requestLocale(site: RedirectSite, headers: Headers | undefined | null): string {
  const cookie = headers?.get("cookie") ?? "";
  const value = /(?:^|;\s*)NEXT_LOCALE=([^;]*)/.exec(cookie)?.[1];
  return value && site.locales.includes(value) ? value : site.defaultLocaleId;
}

/** The home page of the person's locale: where a refused place to return to leads instead. */
export function localeHome(site: RedirectSite, headers: Headers | undefined | null): string {
  return localePath(site, requestLocale(site, headers), "/");
}

/** A same-site path to return to after sign-in, or the locale's home (the one check for every sign-in route). */
export function signInReturnPath(site: RedirectSite, headers: Headers | undefined | null, value: unknown): string {
  return safeRedirectPath(value, localeHome(site, headers));
}

/** The sign-in error page in the person's locale, with the reason it shows. */
export function signInErrorPath(site: RedirectSite, headers: Headers | undefined | null, reason?: string): string {
  const path = localePath(site, requestLocale(site, headers), "/auth/error");
  return reason ? `${path}?error=${encodeURIComponent(reason)}` : path;
}
