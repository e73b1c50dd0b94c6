import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@/ui/global.css";
import { ColorSchemeScript, mantineHtmlProps } from "@mantine/core";
import type { Metadata, Viewport } from "next";
import { getMessages, setRequestLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { Providers } from "@/ui/providers";
import { colorSchemeCookie, getPageSite } from "@/server/web/page-context";
import { getTheme } from "@/themes/registry";

type Params = Promise<{ site: string; locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { site: siteId, locale } = await params;
  const site = await getPageSite(siteId);
  const theme = getTheme(site.themeId);
  const forLocale = site.metaFields.filter((m) => m.locale_id === locale || m.locale_id === null);
  const title = forLocale.find((m) => m.name === "TITLE" && m.locale_id === locale) ?? forLocale.find((m) => m.name === "TITLE");
  const other: Record<string, string> = {};
  for (const m of forLocale) if (m.name !== "TITLE" && !(m.name.toLowerCase() in other && m.locale_id === null)) other[m.name.toLowerCase()] = m.content;
  return {
    title: { default: title?.content ?? site.companyName, template: `%s · ${title?.content ?? site.companyName}` },
    description: other.description,
    other,
    icons: { icon: theme.favicon },
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
  const site = await getPageSite(siteId);
  const messages = await getMessages();
  const darkAllowed = site.features.includes("dark-theme");
  const stored = await colorSchemeCookie();
  const scheme = darkAllowed ? stored : "light";
  return (
    <html lang={locale} {...mantineHtmlProps} data-mantine-color-scheme={scheme === "auto" ? undefined : scheme}>
      <head>{scheme === "auto" ? <ColorSchemeScript defaultColorScheme="auto" /> : null}</head>
      <body>
        <Providers themeId={site.themeId} locale={locale} timeZone={site.timezone} messages={messages} colorScheme={scheme} darkAllowed={darkAllowed}>
          {children}
        </Providers>
      </body>
    </html>
  );
}
