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
import { Group, rem } from "@/ui/shared/plain";
import { InboxLink } from "./inbox-link";
import { ShellAccount } from "@/ui/on-demand";

/** What the header shows of the signed-in person: their name and the customers they act for. */
export interface HeaderSession {
  person: { name: string };
  activeCustomer: AccountCustomer | null;
  customers: AccountCustomer[];
  /** Staff roles on the site (customer_service, site_admin). */
  roles?: readonly string[];
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
  /** "client": a shared document's frame, whose person the browser reads from the API (ShellAccount). */
  session: HeaderSession | "client" | null;
  localeOptions: string[];
  /** Unread inbox messages of the active customer; undefined: no inbox link. */
  inboxUnread?: number;
}) {
  const t = await getTranslations("nav");
  const ts = await getTranslations("shell");
  const href = (path: string) => localePath(site, locale, path);
  // The customer-service desk is linked for the site's customer-service staff only.
  const deskFor = (roles: readonly string[] | undefined) => (roles?.includes("customer_service") && hasFeature(site, "support") ? { href: href("/desk"), label: t("desk") } : undefined);
  // The administration area is linked for the site's administrators only.
  const adminFor = (roles: readonly string[] | undefined) => (roles?.includes("site_admin") ? { href: href("/admin"), label: t("admin") } : undefined);
  const personal = session === "client" ? null : session;
  const items = session ? navItems(site).map((a) => ({ href: href(a.path), label: t(a.key as never) })) : [];
  return (
    <header style={{ height: "var(--portal-header-height)", background: "var(--portal-header-bg)", color: "var(--portal-header-text)", borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" wrap="nowrap" style={{ height: "100%", paddingInline: "var(--mantine-spacing-md)", maxWidth: rem(1280), marginInline: "auto" }}>
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
          {personal && inboxUnread !== undefined ? <InboxLink href={href("/inbox")} count={inboxUnread} label={ts("header-inbox", { count: inboxUnread })} /> : null}
          {hasFeature(site, "dark-theme") ? <ColorSchemeToggle saveForPerson={session !== null} /> : null}
          {session === "client" ? (
            <ShellAccount
              inboxHref={hasFeature(site, "inbox") ? href("/inbox") : undefined}
              signOutHref={href("/auth/signout")}
              settingsHref={href("/settings")}
              desk={deskFor(["customer_service"])}
              admin={adminFor(["site_admin"])}
            />
          ) : personal ? (
            <AccountMenu
              personName={personal.person.name}
              active={personal.activeCustomer}
              customers={personal.customers}
              signOutHref={href("/auth/signout")}
              settingsHref={href("/settings")}
              desk={deskFor(personal.roles)}
              admin={adminFor(personal.roles)}
            />
          ) : null}
        </Group>
      </Group>
    </header>
  );
}
