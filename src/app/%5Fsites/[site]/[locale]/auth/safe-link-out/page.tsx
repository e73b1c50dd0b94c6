import { Button, Stack, Text } from "@mantine/core";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { AuthCard } from "@/ui/auth/auth-card";
import { SignOut } from "@/ui/auth/sign-out";

/** Signs out and offers the way back: for leaving the portal safely, e.g. on a shared computer. */
export default async function SafeLinkOutPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  const homepage = site.externalServices.find((s) => s.type === "HOMEPAGE");
  return (
    <AuthCard themeId={site.themeId} companyName={site.companyName} title={t("safe-link-out.title")}>
      <Stack>
        <SignOut message={t("safe-link-out.body")} />
        <Text size="sm">{t("safe-link-out.close-browser")}</Text>
        <Button component="a" href={localePath(site, locale, "/auth/signin")}>
          {t("safe-link-out.sign-in-again")}
        </Button>
        {homepage ? (
          <Button component="a" href={homepage.url} variant="default" rel="noopener noreferrer">
            {t("safe-link-out.to-homepage", { company: site.companyName })}
          </Button>
        ) : null}
      </Stack>
    </AuthCard>
  );
}
