import "server-only";
import { getSiteById } from "@/server/sites/sites";
import { hasFeature } from "@/lib/features";
import { localePath } from "@/lib/locales";
import { getTheme } from "@/themes/registry";

/**
 * The web app manifest of a site with the `pwa` feature (null otherwise): the site's own name
 * (never the theme's), the theme's colours, its PWA logo (SVG for any size, and PNG at 192 and
 * 512 px, which launchers and the splash screen use with `background_color`) and screenshots
 * (narrow and wide, for the install dialog), starting at the home page in the asked language. The
 * PNGs are made from the theme's SVGs once by scripts/pwa-images.ts and served as static files.
 */
export async function webAppManifest(siteId: string, locale: string): Promise<Record<string, unknown> | null> {
  const site = await getSiteById(siteId);
  if (!site || !hasFeature(site, "pwa")) return null;
  const theme = getTheme(site.themeId);
  const dir = theme.pwa.logo.slice(0, theme.pwa.logo.lastIndexOf("/"));
  return {
    id: "/",
    name: site.companyName,
    short_name: site.companyName,
    lang: locale,
    dir: "ltr",
    start_url: localePath(site, locale, "/"),
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: theme.pwa.themeColor,
    background_color: theme.pwa.themeColor,
    icons: [
      { src: theme.pwa.logo, sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: `${dir}/icon-192.png`, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: `${dir}/icon-512.png`, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: `${dir}/icon-512.png`, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    screenshots: [
      { src: `${dir}/screenshot-narrow.png`, sizes: "390x844", type: "image/png", form_factor: "narrow", label: site.companyName },
      { src: `${dir}/screenshot-wide.png`, sizes: "1280x720", type: "image/png", form_factor: "wide", label: site.companyName },
    ],
  };
}
