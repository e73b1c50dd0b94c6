import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSession, getPageSite } from "@/server/web/page-context";
import { AccessibilityStatement } from "@/ui/tokens/accessibility-statement";
import { SiteFrame } from "../../_parts/site-frame";

type Params = Promise<{ site: string; locale: string }>;

export async function generateMetadata() {
  const t = await getTranslations("accessibility");
  return { title: t("title") };
}

/** The accessibility statement of the site: open to everyone, signed in or not. */
export default async function AccessibilityPage({ params }: { params: Params }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, session] = await Promise.all([getPageSite(siteId), getPageSession(siteId)]);
  const contacts = site.contactLinks.filter((l) => !l.locale || l.locale === locale);
  return (
    <SiteFrame site={site} locale={locale} session={session}>
      <AccessibilityStatement companyName={site.companyName} country={site.country} contactLinks={contacts} locale={locale} timeZone={site.timezone} />
    </SiteFrame>
  );
}
