import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { AuthCard } from "@/ui/auth/auth-card";
import { SignOut } from "@/ui/auth/sign-out";

export async function generateMetadata() {
  const t = await getTranslations("auth");
  return { title: t("signout.title") };
}

export default async function SignOutPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  const t = await getTranslations("auth");
  return (
    <AuthCard themeId={site.themeId} companyName={site.companyName} title={t("signout.title")}>
      <SignOut next={`${localePath(site, locale, "/auth/signin")}?signedOut=1`} />
    </AuthCard>
  );
}
