"use client";

import { Button, Group, Radio, Stack, Text } from "@mantine/core";
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
}

interface Values extends Record<string, unknown> {
  offerId: string;
}

/** Choosing one of the renewal offers; accepting goes to the confirmation page. */
export function RenewalForm({ contractId, offers, confirmationHref, cancelHref }: { contractId: string; offers: OfferChoice[]; confirmationHref: string; cancelHref: string }) {
  const t = useTranslations("contracts-pages.offer");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: { offerId: "" }, validate: { offerId: (v) => (v ? null : t("required")) } });
  const draft = useFormDraft(`contract-renewal:${contractId}`, form);
  useLeaveGuard(form.isDirty() && !busy);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    try {
      await api(`/api/contracts/${contractId}/renew`, { method: "POST", body: { offerId: v.offerId } });
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
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
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
