import { Alert, Button, Divider, Stack, Text } from "@mantine/core";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { siteProviders } from "@/server/auth/providers";
import { AuthCard } from "@/ui/auth/auth-card";
import { EmailSignInForm } from "@/ui/auth/sign-in-forms";

export async function generateMetadata() {
  const t = await getTranslations("auth");
  return { title: t("signin.title") };
}

export default async function SignInPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  const home = localePath(site, locale, "/");
  const callbackUrl = safeRedirectPath(query.callbackUrl ?? home, home);
  const providers = siteProviders(site);
  const eid = providers.filter((p) => p.kind !== "email");
  const email = providers.find((p) => p.kind === "email");
  return (
    <AuthCard themeId={site.themeId} companyName={site.companyName} title={t("signin.title")}>
      {query.error === "SessionRequired" ? (
        <Alert color="blue" role="status">
          {t("errors.SessionRequired")}
        </Alert>
      ) : null}
      <Text>{t("signin.intro", { company: site.companyName })}</Text>
      <Stack gap="sm">
        {eid.map((p) =>
          p.kind === "sandbox-eid" ? (
            <Button key={p.id} component="a" href={`/api/auth/sandbox-eid/authorize?callbackURL=${encodeURIComponent(callbackUrl)}`} size="md" fullWidth className="portal-wrap-button">
              {t("signin.eid")}
            </Button>
          ) : (
            <Button
              key={p.id}
              component="a"
              href={`/api/sign-in/oidc/${p.id}/start?callbackUrl=${encodeURIComponent(callbackUrl)}`}
              size="md"
              fullWidth
              variant="outline"
              className="portal-wrap-button"
              data-provider={p.id}
            >
              {t("signin.with", { provider: p.name })}
            </Button>
          ),
        )}
      </Stack>
      {eid.length === 0 && !email ? <Alert color="red">{t("errors.NoProviders")}</Alert> : null}
      {email ? (
        <>
          <Divider label={t("signin.or")} labelPosition="center" />
          <EmailSignInForm callbackUrl={callbackUrl} confirmHref={localePath(site, locale, "/auth/confirm-request")} />
        </>
      ) : null}
    </AuthCard>
  );
}
