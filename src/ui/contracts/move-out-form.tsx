"use client";

import { Button, Group, NumberInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { formatter } from "@/i18n/format";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

interface Values extends Record<string, unknown> {
  endDate: string;
  address: "current" | "new";
  street: string;
  postalCode: string;
  city: string;
  reading: number | string;
}

/**
 * The move-out form: the last day of the contract within the supplier's limits, where the final
 * invoice goes, and an optional meter reading. On success it goes to the confirmation page.
 */
export function MoveOutForm({
  contractId,
  window,
  currentAddress,
  confirmationHref,
  cancelHref,
  locale,
}: {
  contractId: string;
  window: { minDate: string; maxDate: string };
  currentAddress: string;
  confirmationHref: string;
  cancelHref: string;
  locale: string;
}) {
  const t = useTranslations("contracts-pages.move-out");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { endDate: "", address: "current", street: "", postalCode: "", city: "", reading: "" },
    validate: { endDate: (v) => (v ? null : t("required")) },
  });
  const draft = useFormDraft(`contract-move-out:${contractId}`, form);
  useLeaveGuard(form.isDirty() && !busy);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    const body = {
      endDate: v.endDate,
      address: v.address,
      ...(v.address === "new" ? { newAddress: { street: v.street, postalCode: v.postalCode, city: v.city } } : {}),
      ...(v.reading === "" ? {} : { meterReadingKwh: Number(v.reading) }),
    };
    try {
      await api(`/api/contracts/${contractId}/move-out`, { method: "POST", body });
      draft.clear();
      form.resetDirty();
      router.push(confirmationHref);
      // Spec §4: a move-out refreshes the contract, the contract list and billing info.
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) {
        const { newAddress, ...rest } = errors;
        form.setErrors(newAddress ? { ...rest, street: newAddress } : rest);
      }
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="move-out-form" data-interactive={interactive || undefined}>
      <Stack gap="md" maw={560}>
        <TextInput
          type="date"
          label={t("end-date")}
          description={t("end-date-help", { from: formatter(locale).date(window.minDate), to: formatter(locale).date(window.maxDate) })}
          min={window.minDate}
          max={window.maxDate}
          required
          {...form.getInputProps("endDate")}
          data-testid="move-out-date"
        />
        <Radio.Group label={t("address")} required {...form.getInputProps("address")}>
          <Stack gap="xs" mt="xs">
            <Radio value="current" label={t("address-current", { address: currentAddress })} />
            <Radio value="new" label={t("address-new")} />
          </Stack>
        </Radio.Group>
        {form.values.address === "new" ? (
          <>
            <TextInput label={t("street")} autoComplete="street-address" required {...form.getInputProps("street")} />
            <Group grow wrap="wrap">
              <TextInput label={t("postal-code")} autoComplete="postal-code" required {...form.getInputProps("postalCode")} />
              <TextInput label={t("city")} autoComplete="address-level2" required {...form.getInputProps("city")} />
            </Group>
          </>
        ) : null}
        <NumberInput label={t("reading")} description={t("reading-help")} min={0} decimalScale={3} {...form.getInputProps("reading")} data-testid="move-out-reading" />
        <Text size="sm" c="dimmed">
          {t("note")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" component="a" href={cancelHref}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="move-out-submit">
            {t("submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
