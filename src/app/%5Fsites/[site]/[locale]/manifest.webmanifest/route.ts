import { getSiteById } from "@/server/sites/sites";
import { hasFeature } from "@/lib/features";
import { localePath } from "@/lib/locales";
import { getTheme } from "@/themes/registry";

/**
 * The web app manifest of a site with the `pwa` feature: the site's own name (never the theme's),
 * the theme's mark, colours and screenshots, starting at the home page in the asked language.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const site = await getSiteById(siteId);
  if (!site || !hasFeature(site, "pwa")) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const theme = getTheme(site.themeId);
  const manifest = {
    name: site.companyName,
    short_name: site.companyName,
    lang: locale,
    start_url: localePath(site, locale, "/"),
    scope: "/",
    display: "standalone",
    theme_color: theme.pwa.themeColor,
    background_color: theme.background.light,
    icons: [{ src: theme.pwa.logo, sizes: "any", type: "image/svg+xml", purpose: "any" }],
    screenshots: theme.pwa.screenshots.map((src) => ({ src, type: "image/svg+xml" })),
  };
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "no-store" } });
}
