"use client";

import { Button, Checkbox, Group, Radio, Stack, Table, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { SiteLocales } from "@/api/schemas/admin";
import { api } from "@/ui/api";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

interface Values extends Record<string, unknown> {
  locales: string[];
  defaultLocaleId: string;
}

/**
 * Which of the product's locales the site offers, and its default. The default's box cannot be
 * cleared; the language switcher and the URL prefixes follow as soon as it is saved.
 */
export function LocalesForm({ siteId, all, current }: { siteId: string; all: { id: string; name: string }[]; current: { locales: string[]; defaultLocaleId: string } }) {
  const t = useTranslations("admin.locales");
  const tf = useTranslations("admin.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { locales: current.locales, defaultLocaleId: current.defaultLocaleId } });
  const draft = useFormDraft(`admin-locales:${siteId}`, form);
  useLeaveGuard(form.isDirty());

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...form.values.locales, id] : form.values.locales.filter((l) => l !== id);
    form.setFieldValue(
      "locales",
      all.map((l) => l.id).filter((l) => next.includes(l)),
    );
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setBusy(true);
    try {
      const saved = await api<SiteLocales>(`/api/admin/site/${encodeURIComponent(siteId)}/locales`, { method: "PUT", body: values });
      const next = { locales: saved.locales.map((l) => l.id), defaultLocaleId: saved.defaultLocaleId };
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      draft.clear();
      notifications.show({ id: "admin-saved", color: "green", title: tf("saved-title"), message: t("saved") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) setError(Object.values(errors).join(" "));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="admin-locales-form" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Radio.Group value={form.values.defaultLocaleId} onChange={(v) => form.setFieldValue("defaultLocaleId", v)} name="defaultLocaleId" label={t("default")} error={error}>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("language")}</Table.Th>
                  <Table.Th>{t("offered")}</Table.Th>
                  <Table.Th>{t("is-default")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {all.map((l) => {
                  const offered = form.values.locales.includes(l.id);
                  const isDefault = form.values.defaultLocaleId === l.id;
                  return (
                    <Table.Tr key={l.id} data-locale={l.id}>
                      <Table.Td>
                        <Text lang={l.id} translate="no">
                          {l.name}
                        </Text>
                        <Text size="xs" c="dimmed" translate="no">
                          {l.id}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Checkbox
                          aria-label={t("offer", { language: l.name })}
                          checked={offered}
                          disabled={isDefault}
                          onChange={(e) => toggle(l.id, e.currentTarget.checked)}
                          data-testid={`admin-locale-${l.id}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Radio value={l.id} aria-label={t("make-default", { language: l.name })} disabled={!offered} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          {t("default-help")}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="admin-locales-save">
            {tf("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
