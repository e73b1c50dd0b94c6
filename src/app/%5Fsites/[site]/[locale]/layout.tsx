import "@/ui/mantine-styles";
import "@mantine/notifications/styles.css";
import "@/ui/global.css";
// Imported here, not by the lazy components that use them: a global stylesheet of a lazy component
// is a render-blocking file of its own (decision 0036).
import "@/ui/shared/shared.css";
import "@/ui/consent/consent.css";
import { ColorSchemeScript, mantineHtmlProps } from "@mantine/core";
import type { Metadata, Viewport } from "next";
import { getMessages, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { Providers } from "@/ui/providers";
import { getPageSite } from "@/server/web/page-context";
import { cookies, headers } from "next/headers";
import { COLOR_SCHEME_COOKIE, COLOR_SCHEME_OVERRIDE_COOKIE, resolveColorScheme } from "@/ui/shared/color-scheme";
import { CookieConsentMount } from "./_parts/cookie-consent";
import { previewThemeOverride } from "./_parts/preview-access";
import { getTheme } from "@/themes/registry";
import { SHELL_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { hasFeature } from "@/lib/features";
import { localePath } from "@/lib/locales";

type Params = Promise<{ site: string; locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { site: siteId, locale } = await params;
  const site = await getPageSite(siteId);
  const theme = getTheme(site.themeId);
  const forLocale = site.metaFields.filter((m) => m.locale_id === locale || m.locale_id === null);
  const title = forLocale.find((m) => m.name === "TITLE" && m.locale_id === locale) ?? forLocale.find((m) => m.name === "TITLE");
  const other: Record<string, string> = {};
  for (const m of forLocale) if (m.name !== "TITLE" && !(m.name.toLowerCase() in other && m.locale_id === null)) other[m.name.toLowerCase()] = m.content;
  // Next renders `description` itself; leaving it in `other` too would print it twice.
  const { description, ...rest } = other;
  return {
    title: { default: title?.content ?? site.companyName, template: `%s · ${title?.content ?? site.companyName}` },
    description,
    other: rest,
    icons: { icon: theme.favicon },
    // The site's own name and the start page in this language (manifest.webmanifest/route.ts).
    manifest: hasFeature(site, "pwa") ? localePath(site, locale, "/manifest.webmanifest") : undefined,
  };
}

export async function generateViewport({ params }: { params: Params }): Promise<Viewport> {
  const { site: siteId } = await params;
  const theme = getTheme((await getPageSite(siteId)).themeId);
  return { themeColor: theme.pwa.themeColor, width: "device-width", initialScale: 1 };
}

export default async function SiteRootLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, allMessages, jar, requestHeaders] = await Promise.all([getPageSite(siteId), getMessages(), cookies(), headers()]);
  // The answer's script nonce (src/proxy.ts): the Content-Security-Policy runs no inline script without it.
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  const messages = browserMessages(allMessages, SHELL_MESSAGES);
  const darkAllowed = hasFeature(site, "dark-theme");
  // White-label shell: colour-scheme rules (spec §4) and the theme preview's ?theme= (that page only).
  const scheme = resolveColorScheme({ darkAllowed, stored: jar.get(COLOR_SCHEME_COOKIE)?.value, override: jar.get(COLOR_SCHEME_OVERRIDE_COOKIE)?.value });
  const themeId = (await previewThemeOverride(site)) ?? site.themeId;
  // The browser gets the theme's looks, and the site's name in place of the theme's.
  return (
    <html lang={locale} {...mantineHtmlProps} data-mantine-color-scheme={scheme === "auto" ? undefined : scheme}>
      <head>{scheme === "auto" ? <ColorSchemeScript defaultColorScheme="auto" nonce={nonce} /> : null}</head>
      <body>
        <Providers theme={{ ...getTheme(themeId), name: site.companyName }} locale={locale} timeZone={site.timezone} messages={messages} colorScheme={scheme} darkAllowed={darkAllowed}>
          {children}
          {/* White-label shell: cookie consent (only with the cookie-consent feature) */}
          <CookieConsentMount site={site} locale={locale} />
        </Providers>
      </body>
    </html>
  );
}
