"use client";

import { Alert, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Contact, ContactType } from "@/api/schemas/settings";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { parsePhone } from "@/lib/settings/phone";
import { formExamples } from "./examples";
import classes from "./settings.module.css";

interface Values extends Record<string, unknown> {
  type: ContactType;
  value: string;
  primary: boolean;
}

/** What the form hands over; the answer is null on success, or the errors of its fields and the form. */
export type ContactSubmit = (values: Values) => Promise<{ value?: string; form?: string[] } | null>;

/**
 * Adding a contact, or changing one's value. A phone number may be typed in local form: the form
 * shows the international form it will be saved in. The form keeps a draft and asks before
 * unsaved changes are lost.
 */
export function ContactForm({
  customerId,
  contact,
  types,
  country,
  onSubmit,
  onDone,
}: {
  customerId: string;
  /** The contact being changed; without it a new one is added. */
  contact?: Contact;
  types: ContactType[];
  country: string;
  onSubmit: ContactSubmit;
  onDone: () => void;
}) {
  const t = useTranslations("settings-pages.contacts");
  const tf = useTranslations("settings-pages.form");
  const interactive = useHydrated();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const headingId = `contact-form-${contact?.id ?? "new"}`;
  const form = useForm<Values>({
    initialValues: { type: contact?.type ?? types[0], value: contact?.value ?? "", primary: contact?.primary ?? false },
    validate: {
      value: (v, all) => {
        if (!v.trim()) return tf("required");
        if (all.type === "Email" && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim())) return t("email-invalid");
        return null;
      },
    },
  });
  const draft = useFormDraft(`settings-contact:${customerId}:${contact?.id ?? "new"}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const type = form.getValues().type;
  const phone = type !== "Email";
  const preview = phone && form.getValues().value.trim().length >= 5 ? (parsePhone(form.getValues().value, country)?.international ?? null) : null;

  const close = () => {
    guard.release();
    draft.clear();
    onDone();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFormError([]);
    try {
      const errors = await onSubmit({ ...values, value: values.value.trim() });
      if (!errors) {
        close();
        return;
      }
      if (errors.value) form.setFieldError("value", errors.value);
      setFormError(errors.form ?? []);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate data-testid="contact-form" data-interactive={interactive || undefined}>
        <Stack gap="md">
          <Title order={3} id={headingId}>
            {contact ? t("edit-title") : t("add-title")}
          </Title>
          {contact ? null : (
            <NativeSelect
              label={t("type")}
              data={types.map((value) => ({ value, label: t(`types.${value}`) }))}
              maw={320}
              {...form.getInputProps("type")}
              onChange={(e) => {
                form.setFieldValue("type", e.currentTarget.value as ContactType);
                form.clearFieldError("value");
              }}
            />
          )}
          <TextInput
            label={phone ? t("phone-label") : t("email-label")}
            description={phone ? t("phone-help", { example: formExamples(country).phone }) : t("email-help")}
            type={phone ? "tel" : "email"}
            inputMode={phone ? "tel" : "email"}
            autoComplete={phone ? "tel" : "email"}
            required
            maw={420}
            data-testid="contact-value"
            {...form.getInputProps("value")}
          />
          {preview ? (
            <Text size="sm" aria-live="polite" data-testid="phone-preview">
              {t("phone-preview", { number: preview })}
            </Text>
          ) : null}
          {contact?.primary ? null : <Checkbox label={t("make-primary-label")} {...form.getInputProps("primary", { type: "checkbox" })} />}
          {formError.length ? (
            <Alert color="red" variant="outline" classNames={{ message: classes.plainMessage }} role="alert">
              {formError.join(" ")}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={busy} data-testid="contact-save">
              {contact ? tf("save") : t("add")}
            </Button>
            <Button variant="default" onClick={close}>
              {tf("cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
