import { Box } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { devToolsEnabled } from "@/lib/env";
import { PSEUDO_LOCALE, localePath } from "@/lib/locales";
import { Header } from "@/ui/shell/header";
import { Footer } from "@/ui/shell/footer";
import { SessionWatcher } from "@/ui/shell/session-watcher";
import { CustomerServiceBanner } from "@/ui/on-demand";
import "@/ui/shell/areas";
import { PortalBottomBar } from "@/ui/shared/portal-bottom-bar";
import { FeedbackPrompt } from "../_parts/feedback-prompt";

export default async function PortalLayout({ children, params }: { children: ReactNode; params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const [site, session, t] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale), getTranslations("shell")]);
  const localeOptions = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  return (
    <>
      <a href="#main" className="portal-skip-link">
        {t("skip-to-content")}
      </a>
      <Header site={site} locale={locale} session={session} localeOptions={localeOptions} />
      {session.customerService && session.activeCustomer ? <CustomerServiceBanner customerName={session.activeCustomer.name} clientCode={session.activeCustomer.clientCode} /> : null}
      <SessionWatcher signInHref={localePath(site, locale, "/auth/signin")} />
      <Box component="main" id="main" maw={1280} mx="auto" px="md" py="lg" mih="60vh">
        {children}
      </Box>
      <Footer site={site} locale={locale} />
      {/* White-label shell: mobile bottom bar and feedback dialog */}
      <PortalBottomBar site={site} locale={locale} />
      <FeedbackPrompt site={site} session={session} />
    </>
  );
}
