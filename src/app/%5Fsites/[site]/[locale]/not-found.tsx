import { Box } from "@mantine/core";
import { getLocale, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { getPageSession, getPageSite } from "@/server/web/page-context";
import { devToolsEnabled } from "@/lib/env";
import { PSEUDO_LOCALE, localePath } from "@/lib/locales";
import { Header } from "@/ui/shell/header";
import { Footer } from "@/ui/shell/footer";
import { NotFoundContent } from "@/ui/shell/not-found";

/**
 * Not found outside the signed-in area's layout: an unknown address ([...rest]), a language the
 * site does not offer, or a page that found nothing before its layout drew the shell. It draws the
 * site's shell itself: the header (with the person's menu when signed in) and the footer.
 * A not-found page gets no params: site and locale come from the proxy's request headers.
 */
export default async function SiteNotFound() {
  const h = await headers();
  const siteId = h.get("x-portal-site") ?? "";
  const [site, session, locale, t] = await Promise.all([getPageSite(siteId), getPageSession(siteId), getLocale(), getTranslations("shell")]);
  const localeOptions = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  return (
    <>
      <a href="#main" className="portal-skip-link">
        {t("skip-to-content")}
      </a>
      <Header site={site} locale={locale} session={session} localeOptions={localeOptions} />
      <Box component="main" id="main" maw={1280} mx="auto" px="md" py="lg" mih="60vh">
        <NotFoundContent homeHref={localePath(site, locale, "/")} />
      </Box>
      <Footer site={site} locale={locale} />
    </>
  );
}
