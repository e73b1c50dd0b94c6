import type { ReactNode } from "react";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { hasFeature } from "@/lib/features";
import { unreadCount } from "@/server/notifications/inbox";
import { SessionWatcher } from "@/ui/shell/session-watcher";
import { CustomerServiceBanner } from "@/ui/on-demand";
import "@/ui/shell/areas";
import { PortalBottomBar } from "@/ui/shared/portal-bottom-bar";
import { FeedbackPrompt } from "../_parts/feedback-prompt";
import { SiteFrame } from "../_parts/site-frame";

export default async function PortalLayout({ children, params }: { children: ReactNode; params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  const [site, session] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale)]);
  const cs = session.customerService ? session.activeCustomer : null;
  // One indexed count per page; the inbox refreshes the page after each change, so it stays right.
  const inboxUnread = session.activeCustomer && hasFeature(site, "inbox") ? await unreadCount(site.id, session.activeCustomer.id) : undefined;
  return (
    <SiteFrame
      site={site}
      locale={locale}
      session={session}
      inboxUnread={inboxUnread}
      belowHeader={
        <>
          {cs ? <CustomerServiceBanner customerName={cs.name} clientCode={cs.clientCode} /> : null}
          <SessionWatcher signInHref={localePath(site, locale, "/auth/signin")} signOutHref={localePath(site, locale, "/auth/signout")} expiresAt={session.expiresAt.toISOString()} />
        </>
      }
      afterFooter={
        <>
          {/* White-label shell: mobile bottom bar and feedback dialog */}
          <PortalBottomBar site={site} locale={locale} />
          <FeedbackPrompt site={site} session={session} />
        </>
      }
    >
      {children}
    </SiteFrame>
  );
}
