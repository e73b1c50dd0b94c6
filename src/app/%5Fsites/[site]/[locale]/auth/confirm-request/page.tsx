import { Anchor, Text } from "@mantine/core";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { AuthCard } from "@/ui/auth/auth-card";

export default async function ConfirmRequestPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<{ email?: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { email } = await searchParams;
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  return (
    <AuthCard themeId={site.themeId} companyName={site.companyName} title={t("confirm-request.title")}>
      <Text role="status">{email ? t("confirm-request.body-with-email", { email: email.slice(0, 254) }) : t("confirm-request.body")}</Text>
      <Text size="sm">{t("confirm-request.expiry")}</Text>
      <Anchor href={localePath(site, locale, "/auth/signin")}>{t("confirm-request.back")}</Anchor>
    </AuthCard>
  );
}
