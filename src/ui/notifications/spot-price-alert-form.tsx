"use client";

import { Button, Group, MultiSelect, NumberInput, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { SpotPriceAlert, SpotPriceAlertUpdate } from "@/api/schemas/notifications";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import type { ContactOption } from "./notification-settings-panel";

interface Values extends Record<string, unknown> {
  enabled: boolean;
  lower: number | string;
  upper: number | string;
  contactsIds: string[];
}

const valuesOf = (a: SpotPriceAlert): Values => ({ enabled: a.enabled, lower: a.threshold.lower ?? "", upper: a.threshold.upper ?? "", contactsIds: a.contactsIds });
const limit = (v: number | string) => (v === "" || v === null ? null : Number(v));

/** The spot-price alert (settings.spot-price): on or off, the limits in c/kWh with VAT and who receives it (PUT /api/me/notifications). */
export function SpotPriceAlertForm({ customerId, alert, contacts }: { customerId: string; alert: SpotPriceAlert; contacts: ContactOption[] }) {
  const t = useTranslations("notifications-pages.spot");
  const tc = useTranslations("notifications.channels");
  const tn = useTranslations("notifications-pages");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: valuesOf(alert) });
  const draft = useFormDraft(`spot-price-alert:${customerId}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const options = contacts.map((c) => ({ value: c.id, label: tn("contact-option", { type: tc(c.type as never), value: c.display }) }));

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const body: SpotPriceAlertUpdate = { enabled: values.enabled, threshold: { lower: limit(values.lower), upper: limit(values.upper) }, contactsIds: values.contactsIds };
      const saved = await api<SpotPriceAlert>("/api/me/notifications", { method: "PUT", body });
      guard.release();
      draft.clear();
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({ id: "spot-alert-saved", color: "green", message: t("saved") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(errors)) {
        const key = path === "threshold.lower" ? "lower" : path === "threshold.upper" || path === "threshold" ? "upper" : path.startsWith("contactsIds") ? "contactsIds" : "enabled";
        mapped[key] = mapped[key] ?? message;
      }
      form.setErrors(mapped);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p="md" role="group" aria-labelledby="spot-alert-title">
      <form onSubmit={submit} noValidate data-testid="spot-alert-form" data-interactive={interactive || undefined}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4" id="spot-alert-title">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("intro")}
            </Text>
          </div>
          <Switch label={t("enabled")} {...form.getInputProps("enabled", { type: "checkbox" })} data-testid="spot-alert-enabled" />
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput label={t("lower")} decimalScale={3} min={-100} max={1000} {...form.getInputProps("lower")} data-testid="spot-alert-lower" miw={140} />
            <NumberInput label={t("upper")} decimalScale={3} min={-100} max={1000} {...form.getInputProps("upper")} data-testid="spot-alert-upper" miw={140} />
          </Group>
          {options.length ? (
            <MultiSelect label={t("contacts")} description={t("contacts-hint")} data={options} {...form.getInputProps("contactsIds")} comboboxProps={{ withinPortal: true }} clearable />
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!interactive || !form.isDirty()} data-testid="spot-alert-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
