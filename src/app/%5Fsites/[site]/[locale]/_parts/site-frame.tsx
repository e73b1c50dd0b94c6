import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { devToolsEnabled } from "@/lib/env";
import { PSEUDO_LOCALE } from "@/lib/locales";
import type { Site } from "@/server/sites/sites";
import { Header, type HeaderSession } from "@/ui/shell/header";
import { Footer } from "@/ui/shell/footer";
import { rem } from "@/ui/shared/plain";

/**
 * The site's frame around a page: the skip link, the header (with the person's menu when signed
 * in), the main area and the footer. `belowHeader` and `afterFooter` take what only the signed-in
 * area adds (customer-service banner, session watcher, bottom bar, feedback).
 */
export async function SiteFrame({
  site,
  locale,
  session,
  belowHeader,
  afterFooter,
  inboxUnread,
  children,
}: {
  site: Site;
  locale: string;
  /** "client": a shared document's frame, whose person the browser reads (src/ui/shell/shell-account.tsx). */
  session: HeaderSession | "client" | null;
  belowHeader?: ReactNode;
  afterFooter?: ReactNode;
  /** The header's unread inbox count (signed-in area with the inbox only). */
  inboxUnread?: number;
  children: ReactNode;
}) {
  const t = await getTranslations("shell");
  const localeOptions = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  return (
    <>
      <a href="#main" className="portal-skip-link">
        {t("skip-to-content")}
      </a>
      <Header site={site} locale={locale} session={session} localeOptions={localeOptions} inboxUnread={inboxUnread} />
      {belowHeader}
      {/* At least a screen below the header: while a page streams in, its footer stays out of view instead of being pushed down. */}
      <main
        id="main"
        style={{
          maxWidth: rem(1280),
          marginInline: "auto",
          padding: "var(--mantine-spacing-lg) var(--mantine-spacing-md)",
          minHeight: "calc(100dvh - var(--portal-header-height))",
        }}
      >
        {children}
      </main>
      <Footer site={site} locale={locale} />
      {afterFooter}
    </>
  );
}
