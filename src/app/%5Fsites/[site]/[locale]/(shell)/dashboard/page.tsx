import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { SiteAnnouncements } from "../../_parts/site-announcements";
import { Heading } from "@/ui/shared/heading";
import { DashboardLive } from "@/ui/dashboard/lazy";

export async function generateMetadata() {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

/**
 * The dashboard: a shared document (decision 0033). The page is the same for every signed-in
 * visitor of the site; the customer's cards are drawn in the browser from GET /api/dashboard/overview.
 */
export default async function DashboardPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  // The area's layout has checked the feature and the session.
  const site = await getPageSite(siteId);
  const t = await getTranslations("dashboard");
  return (
    <DashboardLive
      locale={locale}
      timeZone={site.timezone}
      chartsHref={localePath(site, locale, "/charts")}
      homeHref={localePath(site, locale, "/")}
      signInHref={localePath(site, locale, "/auth/signin")}
      heading={<Heading order={1}>{t("title")}</Heading>}
      // With the page's first part, not streamed after it: arriving later, it pushed the cards down.
      announcements={<SiteAnnouncements site={site} locale={locale} limit={3} />}
    />
  );
}
