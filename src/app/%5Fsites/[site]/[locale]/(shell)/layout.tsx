import type { ReactNode } from "react";
import { getPageSite } from "@/server/web/page-context";
import { getActiveFeedbackForm } from "@/server/feedback/feedback";
import { localePath } from "@/lib/locales";
import { hasFeature } from "@/lib/features";
import { PortalSessionProvider } from "@/ui/shell/portal-session";
import { ShellFeedback, ShellSessionParts } from "@/ui/shell/shell-session-parts";
import "@/ui/shell/areas";
import { PortalBottomBar } from "@/ui/shared/portal-bottom-bar";
import { SiteFrame } from "../_parts/site-frame";

/**
 * The signed-in frame of a shared document (decision 0033): the same for every visitor of the site
 * in this language and look, so it reads no session. Who is signed in, their inbox count, the
 * customer-service banner and the session's watch come from the API in the browser; the pages
 * below send a visitor without a session to sign in (and scripts/serving.ts does before it
 * answers from memory).
 */
export default async function SharedFrameLayout({ children, params }: { children: ReactNode; params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const site = await getPageSite(siteId);
  const form = hasFeature(site, "feedback") ? await getActiveFeedbackForm(site.id) : null;
  const signInHref = localePath(site, locale, "/auth/signin");
  const signOutHref = localePath(site, locale, "/auth/signout");
  return (
    <PortalSessionProvider inbox={hasFeature(site, "inbox")} signInHref={signInHref}>
      <SiteFrame
        site={site}
        locale={locale}
        session="client"
        belowHeader={<ShellSessionParts signInHref={signInHref} signOutHref={signOutHref} />}
        afterFooter={
          <>
            {/* White-label shell: mobile bottom bar and feedback dialog */}
            <PortalBottomBar site={site} locale={locale} />
            {form ? <ShellFeedback form={{ id: form.id, refreshedAt: form.refreshedAt }} /> : null}
          </>
        }
      >
        {children}
      </SiteFrame>
    </PortalSessionProvider>
  );
}
