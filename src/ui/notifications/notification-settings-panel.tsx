"use client";

import { Button, Checkbox, Group, MultiSelect, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { NotificationChannel, NotificationSetting, NotificationSettingCreate, NotificationSettingUpdate, NotificationTiming, SpotPriceAlert, SubjectInfo } from "@/api/schemas/notifications";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { SpotPriceAlertForm } from "./spot-price-alert-form";

export interface ContactOption {
  id: string;
  type: "Email" | "Phone" | "Gsm";
  display: string;
  verified: boolean;
}

interface Values extends Record<string, unknown> {
  channels: string[];
  contactsIds: string[];
  timing: NotificationTiming;
}

const TIMINGS: NotificationTiming[] = ["Always", "NoNightHours", "SendAfterNightHours"];

/**
 * The notification settings tab (spec §2 `notifications`, §3): per subject, the channels (none
 * ticked is Off), which of the customer's contacts receive it and when. Each subject is saved on
 * its own (POST the first time, PUT after); spec §4: the settings are refreshed after a change.
 */
export function NotificationSettingsPanel({
  customerId,
  subjects,
  settings,
  contacts,
  timeZone,
  spotAlert,
}: {
  customerId: string;
  subjects: SubjectInfo[];
  settings: NotificationSetting[];
  contacts: ContactOption[];
  timeZone: string;
  /** The spot-price alert, on sites with settings.spot-price. */
  spotAlert: SpotPriceAlert | null;
}) {
  const t = useTranslations("notifications-pages.settings");
  const usable = contacts.filter((c) => (c.type === "Email" && c.verified) || c.type === "Gsm");
  return (
    <Stack gap="md" data-testid="notification-settings">
      <Text size="sm">{t("inbox-note")}</Text>
      <Text size="sm" c="dimmed">
        {t("night-note", { timeZone })}
      </Text>
      {usable.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("no-contacts")}
        </Text>
      ) : null}
      {spotAlert ? <SpotPriceAlertForm customerId={customerId} alert={spotAlert} contacts={usable} /> : null}
      <Stack gap="md" component="ul" aria-label={t("list-label")} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {subjects.map((s) => (
          <li key={s.id}>
            <SubjectForm customerId={customerId} subject={s} setting={settings.find((x) => x.subject === s.id) ?? null} contacts={usable} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function SubjectForm({ customerId, subject, setting, contacts }: { customerId: string; subject: SubjectInfo; setting: NotificationSetting | null; contacts: ContactOption[] }) {
  const t = useTranslations("notifications-pages.settings");
  const ts = useTranslations("notifications.subjects");
  const tc = useTranslations("notifications.channels");
  const tn = useTranslations("notifications-pages");
  const tt = useTranslations("notifications.timings");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState(setting);
  const initial = (s: NotificationSetting | null): Values => ({
    channels: (s?.channels ?? subject.defaultChannels).filter((c) => c !== "None"),
    contactsIds: s?.contactsIds ?? [],
    timing: s?.timing ?? "Always",
  });
  const form = useForm<Values>({ initialValues: initial(setting) });
  const draft = useFormDraft(`notification-setting:${customerId}:${subject.id}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const id = `notification-${subject.id}`;
  const label = ts(`${subject.id}.label` as never);

  const chosenTypes = new Set(form.values.channels);
  const contactOptions = contacts.filter((c) => chosenTypes.has(c.type)).map((c) => ({ value: c.id, label: tn("contact-option", { type: tc(c.type as never), value: c.display }) }));

  const submit = form.onSubmit(async (values) => {
    const channels = (values.channels.length ? values.channels : ["None"]) as NotificationChannel[];
    const contactsIds = values.contactsIds.filter((cid) => contactOptions.some((o) => o.value === cid));
    setBusy(true);
    try {
      const saved = current
        ? await api<NotificationSetting>(`/api/me/notification-settings/${current.id}`, { method: "PUT", body: { channels, contactsIds, timing: values.timing } satisfies NotificationSettingUpdate })
        : await api<NotificationSetting>("/api/me/notification-settings", {
            method: "POST",
            body: { subject: subject.id, channels, contactsIds, timing: values.timing } satisfies NotificationSettingCreate,
          });
      setCurrent(saved);
      guard.release();
      draft.clear();
      form.setInitialValues(initial(saved));
      form.setValues(initial(saved));
      notifications.show({ id: "notification-saved", color: "green", message: t("saved", { subject: label }) });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors(Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.split(".")[0], message])));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p="md" role="group" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} noValidate data-testid={`notification-form-${subject.id}`} data-interactive={interactive || undefined}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4" id={`${id}-title`}>
              {label}
            </Title>
            <Text size="sm" c="dimmed">
              {ts(`${subject.id}.description` as never)}
            </Text>
            {!current ? (
              <Text size="xs" c="dimmed" mt={4} data-testid={`notification-default-${subject.id}`}>
                {t("default", { channels: subject.defaultChannels.map((c) => tc(c as never)).join(", ") })}
              </Text>
            ) : null}
          </div>
          <Checkbox.Group label={t("channels")} {...form.getInputProps("channels")} error={form.errors.channels as string | undefined}>
            <Group gap="md" mt={4}>
              {subject.channels.map((c) => (
                <Checkbox key={c} value={c} label={tc(c as never)} data-testid={`channel-${subject.id}-${c}`} />
              ))}
            </Group>
          </Checkbox.Group>
          {contactOptions.length ? (
            <MultiSelect
              label={t("contacts")}
              description={t("contacts-hint")}
              data={contactOptions}
              {...form.getInputProps("contactsIds")}
              error={form.errors.contactsIds as string | undefined}
              comboboxProps={{ withinPortal: true }}
              clearable
            />
          ) : null}
          <NativeSelect label={t("timing")} data={TIMINGS.map((v) => ({ value: v, label: tt(v as never) }))} {...form.getInputProps("timing")} data-testid={`timing-${subject.id}`} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!interactive || !form.isDirty()} data-testid={`save-${subject.id}`}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
