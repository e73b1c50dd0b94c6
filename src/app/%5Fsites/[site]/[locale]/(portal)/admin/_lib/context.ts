import "server-only";
import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { localePath } from "@/lib/locales";
import type { PortalSession } from "@/server/auth/session";
import type { Site } from "@/server/sites/sites";
import { getPageSite, requireSession } from "@/server/web/page-context";

export type RouteParams = Promise<{ site: string; locale: string }>;

export interface AdminPageContext {
  site: Site;
  locale: string;
  session: PortalSession;
  href: (path: string) => string;
}

/**
 * An admin page: a session, and the person is an administrator of this site. Anyone else
 * (customers, customer service) gets the not-found page: the area does not exist for them. A
 * session of another site never reaches here (requireSession sends it to sign in).
 */
export async function adminPageContext(params: RouteParams): Promise<AdminPageContext> {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, session] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale)]);
  if (!session.roles.includes("site_admin")) notFound();
  return { site, locale, session, href: (path: string) => localePath(site, locale, path) };
}
