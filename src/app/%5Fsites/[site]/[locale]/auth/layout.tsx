import { Box, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { getPageSite } from "@/server/web/page-context";
import { devToolsEnabled } from "@/lib/env";
import { LOCALE_NAMES, PSEUDO_LOCALE, localePrefix, type AnyLocale } from "@/lib/locales";
import { getTheme } from "@/themes/registry";
import { LanguageSwitcher } from "@/ui/shell/language-switcher";

/** Sign-in and its neighbours: the theme's background, the brand, and the language choice. */
export default async function AuthLayout({ children, params }: { children: ReactNode; params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const site = await getPageSite(siteId);
  const theme = getTheme(site.themeId);
  const locales = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  return (
    <Box mih="100vh" style={{ backgroundImage: `url(${theme.signInBackground})`, backgroundSize: "cover", backgroundPosition: "center" }} data-testid="auth-background">
      <Group justify="flex-end" p="sm">
        <Box bg="var(--mantine-color-body)" style={{ borderRadius: 8, ["--portal-header-text" as string]: "var(--mantine-color-text)" }} px={4}>
          <LanguageSwitcher current={locale} defaultLocale={site.defaultLocaleId} locales={locales.map((id) => ({ id, prefix: localePrefix(id), name: LOCALE_NAMES[id as AnyLocale] ?? id }))} />
        </Box>
      </Group>
      <Box component="main" id="main" px="md" pb="xl">
        {children}
      </Box>
    </Box>
  );
}
