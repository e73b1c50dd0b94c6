import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { AppError } from "@/server/errors";
import { profileFor } from "@/server/customers/profile";
import { permissionsFor, type SettingsActor } from "@/server/settings/actor";
import { listContacts } from "@/server/settings/contacts";
import { listAddresses } from "@/server/settings/addresses";
import { listBankAccounts } from "@/server/settings/bank-accounts";
import { getMembership } from "@/server/settings/membership";
import { hasFeature } from "@/lib/features";
import { formatPhoneInternational } from "@/lib/settings/phone";
import { LOCALE_NAMES, localePath, localePrefix, PSEUDO_LOCALE, type AnyLocale } from "@/lib/locales";
import type { Profile } from "@/api/schemas/session";
import { chosenSettingsTab, visibleSettingsTabs, type SettingsTabId } from "@/ui/settings/tabs";
import { SettingsLayout } from "@/ui/settings/settings-layout";
import { ProfilePanel } from "@/ui/settings/profile-panel";
import { AddressesPanel } from "@/ui/settings/addresses-panel";
import { MembershipPanel } from "@/ui/settings/membership-panel";
import { AppearanceSettings, BankAccountsManager, ContactsManager } from "@/ui/settings/panels";
import { EmptyState } from "@/ui/shared/empty-state";
import { apiAccessOf } from "@/server/tokens/page-data";
import { ApiAccessPanel } from "@/ui/tokens/api-access-panel";
import { notificationTabData } from "@/server/notifications/page-data";
import { NotificationsTab, PushTab } from "@/ui/notifications/notifications-tab";
import { listOutageAddresses, listOutageContacts } from "@/server/outages/contacts";
import { OutageContactsPanel } from "@/ui/outages/lazy";
import { todayIn } from "@/lib/invoices/dates";
import { Heading } from "@/ui/shared/heading";
import { rem, Stack, Text } from "@/ui/shared/plain";

type Params = Promise<{ site: string; locale: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations("settings-pages");
  return { title: t("title") };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The membership of the customer, or null when they are not a member (or the site has no membership). */
async function membershipOf(actor: SettingsActor | null, locale: string) {
  if (!actor || !hasFeature(actor.site, "membership")) return null;
  try {
    return await getMembership(actor.site, actor.customerId, locale);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/**
 * Settings (spec §2): one page whose `?tab=` chooses the panel. Only the tabs the site's features
 * and the person's situation allow are shown; an unknown tab falls back to the first (profile).
 * Each panel's data is read by the same services the API uses, for the customer acted for.
 */
export default async function SettingsPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, session, query] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale), searchParams]);
  const t = await getTranslations("settings-pages");
  const customer = session.activeCustomer;
  const actor: SettingsActor | null = customer ? { site, customerId: customer.id, personId: session.person.id, role: customer.role, requestId: null } : null;
  const membership = await membershipOf(actor, locale);
  const tabs = visibleSettingsTabs({ features: site.features, hasCustomer: !!actor, isMember: !!membership });
  const tab = chosenSettingsTab(query.tab, tabs);
  const href = (id: SettingsTabId) => `${localePath(site, locale, "/settings")}?tab=${id}`;
  const languages = site.locales.map((id) => ({ id, prefix: localePrefix(id), name: LOCALE_NAMES[id as AnyLocale] ?? id }));

  const panel = async () => {
    if (tab === "appearance" || !actor) {
      const options = locale === PSEUDO_LOCALE ? [...languages, { id: PSEUDO_LOCALE, prefix: localePrefix(PSEUDO_LOCALE), name: LOCALE_NAMES[PSEUDO_LOCALE] }] : languages;
      return (
        <Stack gap="lg">
          {actor ? null : <EmptyState titleOrder={3} title={t("no-customer-title")} description={t("no-customer")} data-testid="settings-no-customer" />}
          <AppearanceSettings darkAllowed={hasFeature(site, "dark-theme")} locale={locale} defaultLocale={site.defaultLocaleId} languages={options} siteLocales={site.locales} />
        </Stack>
      );
    }
    const permissions = permissionsFor(actor, customer!.kind);
    switch (tab) {
      case "contacts": {
        const contacts = (await listContacts(site, actor.customerId)).map((c) => ({ ...c, shown: c.type === "Email" ? c.value : formatPhoneInternational(c.value) }));
        const verified = first(query.verified);
        const notice = verified && contacts.some((c) => c.id === verified && c.verified) ? "verified" : first(query.verification) === "failed" ? "failed" : null;
        return (
          <ContactsManager
            customerId={actor.customerId}
            contacts={contacts}
            canEdit={permissions.contacts}
            phonesAllowed={!hasFeature(site, "settings.phone-number-disabled")}
            country={site.country}
            notice={notice}
          />
        );
      }
      case "addresses": {
        const activeOnly = hasFeature(site, "addresses.active-contracts-only");
        const addresses = await listAddresses(actor, { activeOnly });
        return <AddressesPanel customerId={actor.customerId} addresses={addresses} canEdit={permissions.addresses} activeOnly={activeOnly} locale={locale} />;
      }
      case "outage-contacts": {
        const addresses = await listOutageAddresses(site.id, actor.customerId, todayIn(site.timezone));
        const lists = await Promise.all(addresses.map(async (a) => [a.contractId, await listOutageContacts(site.id, actor.customerId, a.contractId)] as const));
        return <OutageContactsPanel customerId={actor.customerId} addresses={addresses} contacts={Object.fromEntries(lists)} />;
      }
      case "push-notifications":
        return <PushTab />;
      case "notifications":
        return <NotificationsTab customerId={actor.customerId} timeZone={site.timezone} {...await notificationTabData(actor)} />;
      case "bank-accounts": {
        const accounts = await listBankAccounts(site.id, actor.customerId);
        return <BankAccountsManager customerId={actor.customerId} accounts={accounts} canEdit={permissions.bankAccounts} holderName={customer!.name} country={site.country} />;
      }
      case "api-access":
        return (
          <ApiAccessPanel
            customerId={actor.customerId}
            access={session.customerService ? null : await apiAccessOf(site.id, session.person.id, actor.customerId)}
            timeZone={site.timezone}
            docsHref={localePath(site, locale, "/api-access")}
          />
        );
      case "membership":
        return membership ? <MembershipPanel membership={membership} locale={locale} timeZone={site.timezone} /> : null;
      default: {
        const profile: Profile = await profileFor(actor);
        return (
          <ProfilePanel
            profile={profile}
            options={{
              businessInfo: hasFeature(site, "business-customer-info"),
              membershipNumber: hasFeature(site, "membership-number"),
              marketing: !hasFeature(site, "settings.marketing-channels-disabled"),
              country: site.country,
              locales: languages.map(({ id, name }) => ({ id, name })),
            }}
          />
        );
      }
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Heading order={1}>{t("title")}</Heading>
        {customer ? (
          <Text c="dimmed" style={{ marginTop: rem(4) }} data-testid="settings-customer">
            {t("acting-for", { name: customer.name, code: customer.clientCode })}
          </Text>
        ) : null}
      </div>
      <SettingsLayout
        label={t("tabs-label")}
        active={tab}
        items={tabs.map((id) => ({ id, href: href(id), label: t(`tabs.${id}` as never) }))}
        title={t(`tabs.${tab}` as never)}
        intro={t(`intros.${tab}` as never)}
      >
        {await panel()}
      </SettingsLayout>
    </Stack>
  );
}
