import "server-only";
import { headers } from "next/headers";
import { devToolsEnabled } from "@/lib/env";
import { PSEUDO_LOCALE, localePrefix } from "@/lib/locales";
import type { Site } from "@/server/sites/sites";
import { getPageSession } from "@/server/web/page-context";
import { isThemeId } from "@/themes/registry";
import type { ThemeId } from "@/themes/types";

export const PREVIEW_PATH = "/themes";

/** The theme preview is for development and demo mode, and for the site's administrators. */
export async function previewAllowed(site: Site): Promise<boolean> {
  if (devToolsEnabled()) return true;
  const session = await getPageSession(site.id);
  return !!session?.roles.includes("site_admin");
}

/**
 * The theme a request previews: `?theme=<id>` on the preview page only (never elsewhere, so a
 * visitor cannot restyle a site's pages), read from the path the proxy recorded.
 */
export async function previewThemeOverride(site: Site): Promise<ThemeId | null> {
  const raw = (await headers()).get("x-portal-path");
  if (!raw) return null;
  const url = new URL(raw, "http://portal.invalid");
  const locales = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  const prefixes = new Set(locales.map(localePrefix));
  const first = url.pathname.split("/")[1] ?? "";
  const path = prefixes.has(first) ? url.pathname.slice(first.length + 1) || "/" : url.pathname;
  if (path !== PREVIEW_PATH) return null;
  const theme = url.searchParams.get("theme");
  if (!isThemeId(theme)) return null;
  return (await previewAllowed(site)) ? theme : null;
}
