import { Alert, Button } from "@mantine/core";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { AuthCard } from "@/ui/auth/auth-card";

const KNOWN = ["SessionRequired", "AccessDenied", "StateExpired", "StateMismatch", "InvalidCode", "NoProviders", "INVALID_TOKEN", "EXPIRED_TOKEN", "OAuthCallback", "TooManyAttempts"] as const;
/** better-auth's reasons when an OIDC callback's state is not the one this browser started with. */
const STATE_ERRORS = new Set(["state_mismatch", "state_security_mismatch", "state_invalid", "state_not_found", "please_restart_the_process"]);

export default async function AuthErrorPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<{ error?: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { error } = await searchParams;
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  const reason = STATE_ERRORS.has(error ?? "") ? "StateMismatch" : error;
  const code = (KNOWN as readonly string[]).includes(reason ?? "") ? reason! : "Default";
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
