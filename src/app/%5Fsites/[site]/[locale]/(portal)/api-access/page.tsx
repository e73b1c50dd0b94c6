import { headers } from "next/headers";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { requestOrigin } from "@/server/auth/auth";
import { tokenRateLimit } from "@/server/tokens/tokens";
import { localePath } from "@/lib/locales";
import { IntegratorGuide } from "@/ui/tokens/integrator-guide";

type Params = Promise<{ site: string; locale: string }>;

export async function generateMetadata() {
  const t = await getTranslations("tokens-pages");
  return { title: t("title") };
}

/** How to use a personal API token, with copy-paste examples for this site (feature api-tokens). */
export default async function ApiAccessGuidePage({ params }: { params: Params }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site } = await requireAreaPage(siteId, locale, "api-tokens");
  const origin = requestOrigin(await headers());
  return (
    <IntegratorGuide origin={origin} companyName={site.companyName} settingsHref={`${localePath(site, locale, "/settings")}?tab=api-access`} rateLimit={tokenRateLimit()} timezone={site.timezone} />
  );
}
