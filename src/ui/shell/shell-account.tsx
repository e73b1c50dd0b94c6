"use client";

import { useTranslations } from "next-intl";
import { AccountMenu } from "@/ui/account/account-menu";
import { AccountPlaceholder } from "./account-placeholder";
import { InboxLink } from "./inbox-link";
import { usePortalSession } from "./portal-session";

/**
 * The header's inbox link and account menu in a shared document's frame: drawn once the browser has
 * read the session (PortalSessionProvider). The desk and administration links come with their
 * labels and show for the roles that reach them.
 */
export function ShellAccount(props: {
  /** The inbox, where the site has it. */
  inboxHref?: string;
  signOutHref: string;
  settingsHref: string;
  desk?: { href: string; label: string };
  admin?: { href: string; label: string };
}) {
  const t = useTranslations("shell");
  const { session, unread } = usePortalSession();
  if (!session?.user) return <AccountPlaceholder />;
  return (
    <>
      {props.inboxHref && unread !== undefined ? <InboxLink href={props.inboxHref} count={unread} label={t("header-inbox", { count: unread })} /> : null}
      <AccountMenu
        personName={session.user.name}
        active={session.activeCustomer}
        customers={session.customers}
        signOutHref={props.signOutHref}
        settingsHref={props.settingsHref}
        desk={session.roles.includes("customer_service") ? props.desk : undefined}
        admin={session.roles.includes("site_admin") ? props.admin : undefined}
      />
    </>
  );
}
