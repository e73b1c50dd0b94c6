"use client";

import { CustomerServiceBanner, FeedbackDialog } from "@/ui/on-demand";
import { SessionWatcher } from "./session-watcher";
import { usePortalSession } from "./portal-session";

/** Below a shared document's header: the customer-service banner and the session's watch, once the browser has read the session. */
export function ShellSessionParts({ signInHref, signOutHref }: { signInHref: string; signOutHref: string }) {
  const { session } = usePortalSession();
  if (!session?.user) return null;
  const cs = session.customerService ? session.activeCustomer : null;
  return (
    <>
      {cs ? <CustomerServiceBanner customerName={cs.name} clientCode={cs.clientCode} /> : null}
      <SessionWatcher key={session.expiresAt ?? ""} signInHref={signInHref} signOutHref={signOutHref} expiresAt={session.expiresAt} />
    </>
  );
}

/** The feedback dialog of a shared document: the site's active form, offered to a verified person only (spec §6). */
export function ShellFeedback({ form }: { form: { id: string; refreshedAt: string } }) {
  const { session } = usePortalSession();
  return session?.user?.verified ? <FeedbackDialog form={form} /> : null;
}
