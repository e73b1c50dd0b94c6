import { getTranslations } from "next-intl/server";
import type { Profile } from "@/api/schemas/session";
import { KeyValueTable, type KeyValueRow } from "@/ui/shared/key-value-table";
import { Stack, Text } from "@/ui/shared/plain";
import type { ProfileOptions } from "./profile-form";
import { MyDataDownload, ProfileEditor } from "./panels";
import classes from "./settings.module.css";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";

/**
 * The profile tab: who the customer is (read-only facts), the details the caller may change, and
 * the download of everything the portal holds about the customer (GDPR right of access).
 */
export async function ProfilePanel({ profile, options }: { profile: Profile; options: ProfileOptions }) {
  const t = await getTranslations("settings-pages.profile");
  const tm = await getTranslations("settings-pages.my-data");
  const p = profile.permissions;
  const legal = profile.kind === "legal";
  const languageName = (id: string | null) => options.locales.find((l) => l.id === id)?.name ?? null;
  const rows: KeyValueRow[] = [
    {
      key: "client-code",
      label: t("client-code"),
      value: (
        <span className={classes.numeric} translate="no">
          {profile.clientCode}
        </span>
      ),
    },
    { key: "kind", label: t("kind"), value: legal ? t("kind-legal") : t("kind-private") },
  ];
  rows.push({
    key: "name",
    label: legal ? t("legal-name") : t("name"),
    value: (
      <span translate="no" data-testid="profile-name">
        {profile.name}
      </span>
    ),
  });
  const given = (value: string | null) => (value ? <span translate="no">{value}</span> : t("not-given"));
  if (legal && profile.registryCode)
    rows.push({
      key: "registry-code",
      label: t("registry-code"),
      value: (
        <span className={classes.numeric} translate="no">
          {profile.registryCode}
        </span>
      ),
    });
  if (legal && options.businessInfo) {
    rows.push({ key: "vat", label: t("vat-number"), value: given(profile.vatNumber) });
    rows.push({ key: "contact-person", label: t("contact-person"), value: given(profile.contactPerson) });
  }
  if (options.membershipNumber) rows.push({ key: "membership", label: t("membership-number"), value: given(profile.membershipNumber) });
  const language = languageName(profile.locale);
  rows.push({
    key: "locale",
    label: t("letters-language"),
    value: language ? (
      <span lang={profile.locale ?? undefined} translate="no">
        {language}
      </span>
    ) : (
      t("not-given")
    ),
  });
  if (options.marketing) {
    const channels = [profile.marketing.email ? t("marketing-email") : null, profile.marketing.phone ? t("marketing-phone") : null].filter(Boolean);
    rows.push({ key: "marketing", label: t("marketing"), value: channels.length ? channels.join(", ") : t("marketing-none") });
  }
  if (profile.representativeCode)
    rows.push({
      key: "representative-code",
      label: t("representative-code"),
      value: (
        <span className={classes.mono} translate="no">
          {profile.representativeCode}
        </span>
      ),
    });
  const canChangeAny = p.name || p.locale || (options.marketing && p.marketing) || (legal && options.businessInfo && p.business) || (options.membershipNumber && p.membershipNumber);

  return (
    <Stack gap="lg">
      <section className={`${panels.panel} ${panels.roomy}`} aria-labelledby="settings-profile-facts" data-testid="profile-facts">
        <Stack gap="sm">
          <Heading order={3} id="settings-profile-facts">
            {t("facts")}
          </Heading>
          <KeyValueTable rows={rows} />
          {profile.representativeCode ? (
            <Text size="sm" c="dimmed">
              {t("representative-code-help")}
            </Text>
          ) : null}
          {canChangeAny ? (
            <ProfileEditor profile={profile} options={options} />
          ) : (
            <Text size="sm" c="dimmed">
              {t("read-only")}
            </Text>
          )}
        </Stack>
      </section>
      {p.export ? (
        <section className={`${panels.panel} ${panels.roomy}`} aria-labelledby="settings-my-data" data-testid="my-data">
          <Stack gap="sm" align="flex-start">
            <Heading order={3} id="settings-my-data">
              {tm("title")}
            </Heading>
            <Text size="sm">{tm("description")}</Text>
            <MyDataDownload />
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}
