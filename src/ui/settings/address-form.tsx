"use client";

import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Address, AddressUpdate } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { pickFieldErrors, useFieldErrors } from "./use-field-errors";
import classes from "./settings.module.css";

const FIELDS = ["street", "postalCode", "city", "country"] as const;

type Values = Record<(typeof FIELDS)[number], string>;

/** Changing the postal or billing address; keeps a draft and asks before unsaved changes are lost. */
export function AddressForm({ customerId, address, countries, onDone }: { customerId: string; address: Address; countries: { code: string; name: string }[]; onDone: (saved: boolean) => void }) {
  const t = useTranslations("settings-pages.addresses");
  const tf = useTranslations("settings-pages.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const required = (v: string) => (v.trim() ? null : tf("required"));
  const form = useForm<Values>({
    initialValues: { street: address.street ?? "", postalCode: address.postalCode ?? "", city: address.city ?? "", country: address.country || countries[0]?.code || "" },
    validate: { street: required, postalCode: required, city: required, country: required },
  });
  const draft = useFormDraft(`settings-address:${customerId}:${address.type}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const headingId = `address-form-${address.type}`;

  const close = (saved: boolean) => {
    guard.release();
    draft.clear();
    onDone(saved);
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFormError([]);
    const body: AddressUpdate = { street: values.street.trim(), postalCode: values.postalCode.trim(), city: values.city.trim(), country: values.country };
    try {
      await api(`/api/me/addresses/${address.type}`, { method: "PUT", body });
      notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t(`saved.${address.type as "postal" | "billing"}`) });
      close(true);
      // Spec §4: a change of the customer's data refreshes the customer.
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
    <form onSubmit={submit} noValidate data-testid={`address-form-${address.type}`} data-interactive={interactive || undefined} aria-labelledby={headingId}>
      <Stack gap="md">
        <Text fw={600} id={headingId}>
          {t(`change-title.${address.type as "postal" | "billing"}`)}
        </Text>
        <TextInput label={t("street")} autoComplete="street-address" required {...form.getInputProps("street")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t("postal-code")} autoComplete="postal-code" required {...form.getInputProps("postalCode")} />
          <TextInput label={t("city")} autoComplete="address-level2" required {...form.getInputProps("city")} />
        </SimpleGrid>
        <NativeSelect label={t("country")} data={countries.map((c) => ({ value: c.code, label: c.name }))} required maw={320} {...form.getInputProps("country")} />
        {formError.length ? (
          <Alert color="red" variant="outline" classNames={{ message: classes.plainMessage }} role="alert">
            {formError.join(" ")}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={busy} data-testid="address-save">
            {tf("save")}
          </Button>
          <Button variant="default" onClick={() => close(false)}>
            {tf("cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
