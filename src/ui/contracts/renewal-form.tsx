"use client";

import { Button, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

export interface OfferChoice {
  offerId: string;
  title: string;
  /** Prices and term, already formatted by the page. */
  lines: string[];
  /** The additional product the customer may opt into with this offer (the checkbox label with its price), if any. */
  additional?: { name: string; label: string } | null;
}

interface Values extends Record<string, unknown> {
  offerId: string;
  additionalProduct: boolean;
}

/** Choosing one of the renewal offers; accepting goes to the confirmation page. */
export function RenewalForm({ contractId, offers, confirmationHref, cancelHref }: { contractId: string; offers: OfferChoice[]; confirmationHref: string; cancelHref: string }) {
  const t = useTranslations("contracts-pages.offer");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: { offerId: "", additionalProduct: false }, validate: { offerId: (v) => (v ? null : t("required")) } });
  const draft = useFormDraft(`contract-renewal:${contractId}`, form);
  useLeaveGuard(form.isDirty() && !busy);
  const selected = offers.find((o) => o.offerId === form.values.offerId);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      const chosen = offers.find((o) => o.offerId === v.offerId);
      const body = chosen?.additional && v.additionalProduct ? { offerId: v.offerId, additionalProduct: true } : { offerId: v.offerId };
      await api(`/api/contracts/${contractId}/renew`, { method: "POST", body });
      draft.clear();
      form.resetDirty();
      router.push(confirmationHref);
      // Spec §4: a renewal refreshes the contract and billing info.
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors(errors);
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="renewal-form" data-interactive={interactive || undefined}>
      <Stack gap="md" maw={640}>
        <Radio.Group label={t("choose")} required {...form.getInputProps("offerId")}>
          <Stack gap="sm" mt="xs">
            {offers.map((o) => (
              <Radio.Card key={o.offerId} value={o.offerId} p="md" radius="md" withBorder data-testid="renewal-offer" aria-label={o.title}>
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <Stack gap={2}>
                    <Text fw={700}>{o.title}</Text>
                    {o.lines.map((l) => (
                      <Text key={l} size="sm">
                        {l}
                      </Text>
                    ))}
                    {o.additional ? (
                      <Text size="sm" c="dimmed">
                        {t("additional-note", { name: o.additional.name })}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {selected?.additional ? (
          <Checkbox label={selected.additional.label} description={t("additional-help")} data-testid="renewal-additional-product" {...form.getInputProps("additionalProduct", { type: "checkbox" })} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" component="a" href={cancelHref}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="renewal-submit">
            {t("submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
