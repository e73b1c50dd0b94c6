"use client";

import { ActionIcon, Alert, Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AdminSite, SitePatchRequest } from "@/api/schemas/admin";
import { getTheme } from "@/themes/registry";
import { api } from "@/ui/api";
import { pickFieldErrors, useFieldErrors } from "@/ui/settings/use-field-errors";
import { HomeMockup } from "@/ui/shared/theme-preview/mockups";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

interface MetaRow {
  name: string;
  content: string;
  /** "" stands for every locale. */
  locale: string;
}
interface LinkRow {
  label: string;
  link: string;
  type: string;
  locale: string;
}
interface Values extends Record<string, unknown> {
  companyName: string;
  timezone: string;
  themeId: string;
  gaMeasurementId: string;
  metaFields: MetaRow[];
  contactLinks: LinkRow[];
  linkItems: LinkRow[];
}

const FIELDS = ["companyName", "timezone", "themeId", "gaMeasurementId", "metaFields", "contactLinks", "linkItems"] as const;

function valuesOf(site: AdminSite): Values {
  const links = (l: AdminSite["contactLinks"]) => l.map((x) => ({ label: x.label, link: x.link, type: x.type ?? "", locale: x.locale ?? "" }));
  return {
    companyName: site.companyName,
    timezone: site.timezone,
    themeId: site.themeId,
    gaMeasurementId: site.gaMeasurementId ?? "",
    metaFields: site.metaFields.map((m) => ({ name: m.name, content: m.content, locale: m.locale_id ?? "" })),
    contactLinks: links(site.contactLinks),
    linkItems: links(site.linkItems),
  };
}

function bodyOf(v: Values): SitePatchRequest {
  const links = (rows: LinkRow[]) => rows.map((r) => ({ label: r.label.trim(), link: r.link.trim(), ...(r.type.trim() ? { type: r.type.trim() } : {}), locale: (r.locale || null) as never }));
  return {
    companyName: v.companyName.trim(),
    timezone: v.timezone,
    themeId: v.themeId,
    gaMeasurementId: v.gaMeasurementId.trim() || null,
    metaFields: v.metaFields.map((m) => ({ name: m.name.trim(), content: m.content, locale_id: (m.locale || null) as never })),
    contactLinks: links(v.contactLinks),
    linkItems: links(v.linkItems),
  };
}

/**
 * The site's settings: company name, timezone, theme (with a light and a dark preview of the
 * chosen one before saving), the analytics id, meta fields per locale and the footer's links.
 */
export function SiteSettingsForm({ site, timezones, themes, locales }: { site: AdminSite; timezones: string[]; themes: { id: string; name: string }[]; locales: { id: string; name: string }[] }) {
  const t = useTranslations("admin.site");
  const tf = useTranslations("admin.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: valuesOf(site),
    validate: {
      companyName: (v) => (v.trim() ? null : tf("required")),
    },
  });
  const draft = useFormDraft(`admin-site:${site.id}`, form);
  useLeaveGuard(form.isDirty());
  const theme = getTheme(form.values.themeId);
  const localeOptions = [{ value: "", label: t("all-locales") }, ...locales.map((l) => ({ value: l.id, label: l.name }))];

  const submit = form.onSubmit(async (values) => {
    setFormError([]);
    setBusy(true);
    try {
      const saved = await api<AdminSite>(`/api/admin/site/${encodeURIComponent(site.id)}`, { method: "PATCH", body: bodyOf(values) });
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      draft.clear();
      notifications.show({ id: "admin-saved", color: "green", title: tf("saved-title"), message: t("saved") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const { own, rest } = pickFieldErrors(errors, FIELDS);
      // Row errors keep their full path (metaFields.0.name) so the row's input shows it.
      const rows = Object.fromEntries(Object.entries(errors).filter(([p]) => /\.\d+\./.test(p)));
      form.setErrors({ ...own, ...rows });
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  });

  const linkEditor = (field: "contactLinks" | "linkItems", withType: boolean) => (
    <Fieldset legend={t(`${field}.legend`)}>
      <Stack gap="sm">
        {form.values[field].length === 0 ? <Text c="dimmed">{t(`${field}.empty`)}</Text> : null}
        {form.values[field].map((_, i) => (
          <Group key={form.key(`${field}.${i}`)} align="flex-end" wrap="wrap" gap="xs">
            <TextInput style={{ flex: "1 1 10rem" }} label={t("links.label")} required {...form.getInputProps(`${field}.${i}.label`)} />
            <TextInput style={{ flex: "2 1 14rem" }} label={t("links.link")} description={t("links.link-help")} required {...form.getInputProps(`${field}.${i}.link`)} />
            {withType ? <TextInput style={{ flex: "1 1 8rem" }} label={t("links.type")} {...form.getInputProps(`${field}.${i}.type`)} /> : null}
            <Select style={{ flex: "1 1 8rem" }} label={t("links.locale")} data={localeOptions} allowDeselect={false} {...form.getInputProps(`${field}.${i}.locale`)} />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("links.remove", { n: i + 1 })} onClick={() => form.removeListItem(field, i)}>
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => form.insertListItem(field, { label: "", link: "", type: "", locale: "" })}>
            {t(`${field}.add`)}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="admin-site-form" data-interactive={interactive || undefined}>
      <Stack gap="lg">
        {formError.length ? (
          <Alert color="red" role="alert">
            {formError.join(" ")}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t("company-name")} required autoComplete="organization" {...form.getInputProps("companyName")} />
          <Select
            label={t("timezone")}
            description={t("timezone-help")}
            data={timezones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t("nothing-found")}
            data-testid="admin-timezone"
            {...form.getInputProps("timezone")}
          />
          <TextInput label={t("ga-id")} description={t("ga-id-help")} placeholder="G-XXXXXXXXXX" {...form.getInputProps("gaMeasurementId")} />
        </SimpleGrid>

        <Fieldset legend={t("theme.legend")}>
          <Stack gap="sm">
            <Select label={t("theme.label")} data={themes.map((x) => ({ value: x.id, label: x.name }))} allowDeselect={false} data-testid="admin-theme" {...form.getInputProps("themeId")} />
            <Text size="sm" c="dimmed">
              {t("theme.preview-help")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="admin-theme-preview" data-theme={theme.id}>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("theme.light")}
                </Text>
                <HomeMockup theme={theme} scheme="light" label={t("theme.preview-label", { scheme: t("theme.light") })} />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t("theme.dark")}
                </Text>
                <HomeMockup theme={theme} scheme="dark" label={t("theme.preview-label", { scheme: t("theme.dark") })} />
              </Stack>
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("meta.legend")}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("meta.help")}
            </Text>
            {form.values.metaFields.map((_, i) => (
              <Group key={form.key(`metaFields.${i}`)} align="flex-end" wrap="wrap" gap="xs">
                <TextInput style={{ flex: "1 1 9rem" }} label={t("meta.name")} required {...form.getInputProps(`metaFields.${i}.name`)} />
                <TextInput style={{ flex: "3 1 16rem" }} label={t("meta.content")} {...form.getInputProps(`metaFields.${i}.content`)} />
                <Select style={{ flex: "1 1 8rem" }} label={t("links.locale")} data={localeOptions} allowDeselect={false} {...form.getInputProps(`metaFields.${i}.locale`)} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("meta.remove", { n: i + 1 })} onClick={() => form.removeListItem("metaFields", i)}>
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" onClick={() => form.insertListItem("metaFields", { name: "", content: "", locale: "" })}>
                {t("meta.add")}
              </Button>
            </Group>
          </Stack>
        </Fieldset>

        {linkEditor("contactLinks", false)}
        {linkEditor("linkItems", true)}

        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty() || busy} onClick={() => form.reset()}>
            {tf("reset")}
          </Button>
          <Button type="submit" loading={busy} data-testid="admin-site-save">
            {tf("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
