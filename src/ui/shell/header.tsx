import { Badge } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import type { SiteView } from "@/lib/sites";
import { BrandMark } from "./brand";
import { LOCALE_NAMES, localePrefix, type AnyLocale, localePath } from "@/lib/locales";
import { AccountMenu, type AccountCustomer } from "@/ui/account/account-menu";
import { LanguageSwitcher } from "./language-switcher";
import { ColorSchemeToggle } from "./color-scheme-toggle";
import { MobileNav } from "./mobile-nav";
import { navItems } from "./navigation";
import { hasFeature } from "@/lib/features";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Group } from "@/ui/shared/plain";

/** What the header shows of the signed-in person: their name and the customers they act for. */
export interface HeaderSession {
  person: { name: string };
  activeCustomer: AccountCustomer | null;
  customers: AccountCustomer[];
  /** Staff roles on the site (customer_service, site_admin). */
  roles?: readonly string[];
}

/** The inbox link of the header, with the number of unread messages (0: no badge). */
function InboxLink({ href, count, label }: { href: string; count: number; label: string }) {
  return (
    <Anchor
      href={href}
      aria-label={label}
      data-testid="header-inbox"
      data-count={count}
      style={{ position: "relative", display: "inline-flex", alignItems: "center", justifyContent: "center", width: 34, height: 34, color: "var(--portal-header-text)" }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M22 12h-6l-2 3h-4l-2-3H2" />
        <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
      </svg>
      {count > 0 ? (
        <Badge
          size="xs"
          circle={count < 10}
          variant="filled"
          color="red.9"
          aria-hidden="true"
          data-testid="header-inbox-badge"
          style={{ position: "absolute", top: -2, right: -6, pointerEvents: "none" }}
        >
          {count > 99 ? "99+" : count}
        </Badge>
      ) : null}
    </Anchor>
  );
}

export async function Header({
  site,
  locale,
  session,
  localeOptions,
  inboxUnread,
}: {
  site: SiteView;
  locale: string;
  session: HeaderSession | null;
  localeOptions: string[];
  /** Unread inbox messages of the active customer; undefined: no inbox link. */
  inboxUnread?: number;
}) {
  const t = await getTranslations("nav");
  const tn = await getTranslations("notifications");
  const href = (path: string) => localePath(site, locale, path);
  // The customer-service desk is linked for the site's customer-service staff only.
  const deskLink = session?.roles?.includes("customer_service") && hasFeature(site, "support") ? { href: href("/desk"), label: t("desk") } : undefined;
  // The administration area is linked for the site's administrators only.
  const adminLink = session?.roles?.includes("site_admin") ? { href: href("/admin"), label: t("admin") } : undefined;
  const items = session ? navItems(site).map((a) => ({ href: href(a.path), label: t(a.key as never) })) : [];
  return (
    <header style={{ height: "var(--portal-header-height)", background: "var(--portal-header-bg)", color: "var(--portal-header-text)", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" wrap="nowrap" style={{ height: "100%", paddingInline: "var(--mantine-spacing-md)", maxWidth: "calc(80rem * var(--mantine-scale))", marginInline: "auto" }}>
        <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
          <MobileNav items={session ? [...items, { href: href("/settings"), label: t("settings") }] : items} />
          <Link href={href("/")} aria-label={t("home-of", { company: site.companyName })} style={{ display: "flex", minWidth: 0, color: "var(--portal-header-text)", textDecoration: "none" }}>
            <BrandMark themeId={site.themeId} companyName={site.companyName} />
          </Link>
          <Group component="nav" aria-label={t("main")} gap="md" className="mantine-visible-from-md">
            {items.map((item) => (
              <Anchor key={item.href} href={item.href} fw={500} style={{ color: "var(--portal-header-text)" }}>
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <LanguageSwitcher current={locale} defaultLocale={site.defaultLocaleId} locales={localeOptions.map((id) => ({ id, prefix: localePrefix(id), name: LOCALE_NAMES[id as AnyLocale] ?? id }))} />
          {session && inboxUnread !== undefined ? <InboxLink href={href("/inbox")} count={inboxUnread} label={tn("header-inbox", { count: inboxUnread })} /> : null}
          {hasFeature(site, "dark-theme") ? <ColorSchemeToggle saveForPerson={session !== null} /> : null}
          {session ? (
            <AccountMenu
              personName={session.person.name}
              active={session.activeCustomer}
              customers={session.customers}
              signOutHref={href("/auth/signout")}
              settingsHref={href("/settings")}
              desk={deskLink}
              admin={adminLink}
            />
          ) : null}
        </Group>
      </Group>
    </header>
  );
}
