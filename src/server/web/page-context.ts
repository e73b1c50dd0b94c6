import "server-only";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getLocale } from "next-intl/server";
import { cache } from "react";
import { getSiteById, type Site } from "@/server/sites/sites";
import { loadSession, type PortalSession } from "@/server/auth/session";
import { localePath } from "@/lib/locales";
import { hasFeature, type Feature } from "@/lib/features";

/** The site of a page, from the route the proxy rewrote to. */
export const getPageSite = cache(async (siteId: string): Promise<Site> => {
  const site = await getSiteById(siteId);
  if (!site) notFound();
  return site;
});

export const getPageSession = cache(async (siteId: string): Promise<PortalSession | null> => {
  const site = await getPageSite(siteId);
  const h = await headers();
  const lookup = await loadSession(site, h);
  return lookup.kind === "ok" ? lookup.session : null;
});

/**
 * What a not-found page works from. It gets no params: the site comes from the proxy's request
 * header and the locale from next-intl's request config. `homeHref` is the way home in that locale.
 */
export async function notFoundContext(): Promise<{ site: Site; locale: string; homeHref: string }> {
  const [h, locale] = await Promise.all([headers(), getLocale()]);
  const site = await getPageSite(h.get("x-portal-site") ?? "");
  return { site, locale, homeHref: localePath(site, locale, "/") };
}

/** Pages that need a session send the visitor to sign in, with where to come back to (spec §2, §8). */
export async function requireSession(siteId: string, locale: string): Promise<PortalSession> {
  const session = await getPageSession(siteId);
  if (session) return session;
  const site = await getPageSite(siteId);
  const h = await headers();
  const back = h.get("x-portal-path") ?? "/";
  redirect(`${localePath(site, locale, "/auth/signin")}?callbackUrl=${encodeURIComponent(back)}&error=SessionRequired`);
}

export async function colorSchemeCookie(): Promise<"light" | "dark" | "auto"> {
  const value = (await cookies()).get("color-scheme")?.value;
  return value === "dark" || value === "auto" ? value : "light";
}

export async function userIdCookie(): Promise<string | null> {
  return (await cookies()).get("user-id")?.value ?? null;
}

/** The prologue of an area page: its site, 404 when the site has the area switched off, and a session. */
export async function requireAreaPage(siteId: string, locale: string, feature: Feature): Promise<{ site: Site; session: PortalSession }> {
  const site = await getPageSite(siteId);
  if (!hasFeature(site, feature)) notFound();
  const session = await requireSession(siteId, locale);
  return { site, session };
}
