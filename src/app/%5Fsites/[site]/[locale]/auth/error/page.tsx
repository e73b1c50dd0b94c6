import { Alert, Button } from "@mantine/core";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { AuthCard } from "@/ui/auth/auth-card";

const KNOWN = ["SessionRequired", "AccessDenied", "StateExpired", "InvalidCode", "NoProviders", "INVALID_TOKEN", "EXPIRED_TOKEN", "OAuthCallback", "TooManyAttempts"] as const;

export default async function AuthErrorPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<{ error?: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { error } = await searchParams;
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  const code = (KNOWN as readonly string[]).includes(error ?? "") ? error! : "Default";
  return (
    <AuthCard themeId={site.themeId} companyName={site.companyName} title={t("error.title")}>
      <Alert color="red" role="alert">
        {t(`errors.${code}` as never)}
      </Alert>
      <Button component="a" href={localePath(site, locale, "/auth/signin")}>
        {t("error.try-again")}
      </Button>
    </AuthCard>
  );
}
