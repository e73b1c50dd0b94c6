"use client";

import { Alert, Box, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Profile, ProfileUpdate } from "@/api/schemas/session";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { formExamples } from "./examples";
import { pickFieldErrors, useFieldErrors } from "./use-field-errors";
import classes from "./settings.module.css";

/** What of the profile the site shows (spec §6 features). */
export interface ProfileOptions {
  businessInfo: boolean;
  membershipNumber: boolean;
  marketing: boolean;
  /** The site's country (the examples in hints). */
  country: string;
  /** The site's languages for letters and e-mails: id and the language's own name. */
  locales: { id: string; name: string }[];
}

interface Values extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  name: string;
  vatNumber: string;
  contactPerson: string;
  membershipNumber: string;
  locale: string;
  /** The channels consented to: "email", "phone" (none: empty). */
  marketing: string[];
}

const FIELDS = ["firstName", "lastName", "name", "vatNumber", "contactPerson", "membershipNumber", "locale", "marketing"] as const;

function valuesOf(p: Profile, fallbackLocale: string): Values {
  return {
    firstName: p.firstName ?? "",
    lastName: p.lastName ?? "",
    name: p.name,
    vatNumber: p.vatNumber ?? "",
    contactPerson: p.contactPerson ?? "",
    membershipNumber: p.membershipNumber ?? "",
    locale: p.locale ?? fallbackLocale,
    marketing: [p.marketing.email ? "email" : null, p.marketing.phone ? "phone" : null].filter((v): v is string => v !== null),
  };
}

/**
 * The customer's details that the caller may change (Profile.permissions): the name, business
 * information, membership number, the language of letters and e-mails, and marketing consent per
 * channel. Saving refreshes the page's server data, so the header shows a changed name (spec §4).
 */
export function ProfileForm({ profile, options, onDone }: { profile: Profile; options: ProfileOptions; onDone: () => void }) {
  const t = useTranslations("settings-pages.profile");
  const tf = useTranslations("settings-pages.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const p = profile.permissions;
  const legal = profile.kind === "legal";
  const show = {
    name: p.name,
    business: legal && options.businessInfo && p.business,
    membershipNumber: options.membershipNumber && p.membershipNumber,
    locale: p.locale && options.locales.length > 0,
    marketing: options.marketing && p.marketing,
  };

  const required = (value: string) => (value.trim() ? null : tf("required"));
  const form = useForm<Values>({
    initialValues: valuesOf(profile, options.locales[0]?.id ?? ""),
    validate: {
      firstName: (v) => (show.name && !legal ? required(v) : null),
      lastName: (v) => (show.name && !legal ? required(v) : null),
      name: (v) => (show.name && legal ? required(v) : null),
    },
  });
  const draft = useFormDraft(`settings-profile:${profile.id}`, form);
  const guard = useLeaveGuard(form.isDirty());

  if (!Object.values(show).some(Boolean)) return null;

  const close = () => {
    guard.release();
    draft.clear();
    onDone();
  };

  const submit = form.onSubmit(async (values) => {
    const body: ProfileUpdate = {};
    const changed = (field: string) => form.isDirty(field);
    if (show.name && !legal && (changed("firstName") || changed("lastName"))) Object.assign(body, { firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    if (show.name && legal && changed("name")) body.name = values.name.trim();
    if (show.business && changed("vatNumber")) body.vatNumber = values.vatNumber.trim() || null;
    if (show.business && changed("contactPerson")) body.contactPerson = values.contactPerson.trim() || null;
    if (show.membershipNumber && changed("membershipNumber")) body.membershipNumber = values.membershipNumber.trim() || null;
    if (show.locale && changed("locale")) body.locale = values.locale;
    if (show.marketing && changed("marketing")) body.marketing = { email: values.marketing.includes("email"), phone: values.marketing.includes("phone") };
    setFormError([]);
    if (!Object.keys(body).length) {
      notifications.show({ id: "settings-saved", color: "blue", message: tf("nothing-changed") });
      close();
      return;
    }
    setBusy(true);
    try {
      await api<Profile>("/api/me", { method: "PUT", body });
      close();
      notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t("saved") });
      // Spec §4: a change of the customer's data refreshes the customer (the header shows the name).
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const { own, rest } = pickFieldErrors(errors, FIELDS);
      form.setErrors(own);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box component="section" aria-labelledby="settings-profile-edit" pt="md" mt="xs" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
      <form onSubmit={submit} noValidate data-testid="profile-form" data-interactive={interactive || undefined}>
        <Stack gap="md">
          <Title order={3} id="settings-profile-edit">
            {legal ? t("edit-legal") : t("edit-private")}
          </Title>
          {show.name && !legal ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t("first-name")} autoComplete="given-name" required {...form.getInputProps("firstName")} />
              <TextInput label={t("last-name")} autoComplete="family-name" required {...form.getInputProps("lastName")} />
            </SimpleGrid>
          ) : null}
          {show.name && legal ? <TextInput label={t("legal-name")} autoComplete="organization" required {...form.getInputProps("name")} /> : null}
          {show.business ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t("vat-number")} description={t("vat-number-help", { example: formExamples(options.country).vat })} {...form.getInputProps("vatNumber")} />
              <TextInput label={t("contact-person")} autoComplete="name" {...form.getInputProps("contactPerson")} />
            </SimpleGrid>
          ) : null}
          {show.membershipNumber ? <TextInput label={t("membership-number")} description={t("membership-number-help")} maw={320} {...form.getInputProps("membershipNumber")} /> : null}
          {show.locale ? (
            <NativeSelect
              label={t("letters-language")}
              description={t("letters-language-help")}
              data={options.locales.map((l) => ({ value: l.id, label: l.name }))}
              maw={320}
              {...form.getInputProps("locale")}
            />
          ) : null}
          {show.marketing ? (
            <Checkbox.Group label={t("marketing")} description={t("marketing-help")} {...form.getInputProps("marketing")}>
              <Stack gap={6} mt={6}>
                <Checkbox value="email" label={t("marketing-email")} />
                <Checkbox value="phone" label={t("marketing-phone")} />
              </Stack>
            </Checkbox.Group>
          ) : null}
          {formError.length ? (
            <Alert color="red" variant="outline" classNames={{ message: classes.plainMessage }} role="alert">
              {formError.join(" ")}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={busy} data-testid="profile-save">
              {tf("save")}
            </Button>
            <Button variant="default" onClick={close}>
              {tf("cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
