"use client";

import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { ReturnToMerchant } from "@/ui/shared/return-to-merchant";
import { luhnValid } from "./card";
import classes from "@/ui/invoices/invoices.module.css";

export interface SandboxDecisionState {
  /** Translation key under invoice-pages.sandbox.errors. */
  error: "invalid" | "decided" | "expired" | "not-found" | null;
  /** Where the browser goes next, as the provider says. */
  redirectTo?: string;
}

export const TEST_CARD = "4242 4242 4242 4242";

/** The provider's form: pick a bank (or enter a test card), then approve, decline or leave pending. */
export function SandboxPaymentForm({
  decide,
  token,
  method,
  banks,
  bankBic,
}: {
  /** The server action that records the customer's choice (passed in by the page). */
  decide: (prev: SandboxDecisionState, form: FormData) => Promise<SandboxDecisionState>;
  token: string;
  method: "bank" | "card";
  banks: { bic: string; name: string }[];
  bankBic: string | null;
}) {
  const t = useTranslations("invoice-pages.sandbox");
  const [state, action, pending] = useActionState<SandboxDecisionState, FormData>(decide, { error: null });
  const [bank, setBank] = useState(bankBic ?? "");
  const [card, setCard] = useState({ number: TEST_CARD, expiry: "12/30", cvc: "123", name: "" });
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const leaving = !!state.redirectTo;

  const validateForApproval = (): boolean => {
    const next: Record<string, string | null> = {};
    if (method === "bank" && banks.length && !bank) next.bank = t("errors.bank");
    if (method === "card") {
      if (!luhnValid(card.number.replace(/\s+/g, ""))) next.number = t("errors.card-number");
      const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry);
      const now = new Date();
      const valid = m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && (2000 + Number(m[2])) * 12 + Number(m[1]) >= now.getFullYear() * 12 + now.getMonth() + 1;
      if (!valid) next.expiry = t("errors.expiry");
      if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = t("errors.cvc");
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "approve" && !validateForApproval()) event.preventDefault();
  };

  return (
    <form action={action} onSubmit={onSubmit} noValidate>
      <ReturnToMerchant to={state.redirectTo} />
      <input type="hidden" name="token" value={token} />
      <Stack gap="md">
        {method === "bank" && banks.length ? (
          <Radio.Group label={t("choose-bank")} value={bank} onChange={setBank} name="bank" error={errors.bank}>
            <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
              {banks.map((b) => (
                <Radio.Card key={b.bic} value={b.bic} p="sm" radius="md" withBorder>
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator />
                    <Text fw={500}>{b.name}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        ) : null}
        {method === "card" ? (
          <Stack gap="sm">
            <Text size="sm">{t("test-card", { number: TEST_CARD })}</Text>
            <TextInput
              label={t("card-number")}
              value={card.number}
              onChange={(e) => setCard({ ...card, number: e.currentTarget.value })}
              error={errors.number}
              inputMode="numeric"
              autoComplete="off"
            />
            <Group grow align="flex-start">
              <TextInput
                label={t("expiry")}
                placeholder={t("expiry-placeholder")}
                value={card.expiry}
                onChange={(e) => setCard({ ...card, expiry: e.currentTarget.value })}
                error={errors.expiry}
                autoComplete="off"
              />
              <TextInput label={t("cvc")} value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.currentTarget.value })} error={errors.cvc} inputMode="numeric" autoComplete="off" />
            </Group>
            <TextInput label={t("card-holder")} value={card.name} onChange={(e) => setCard({ ...card, name: e.currentTarget.value })} autoComplete="off" />
          </Stack>
        ) : null}
        {state.error ? (
          <Alert color="red" variant="outline" classNames={{ title: classes.warningText }} role="alert">
            <Text size="sm">{t(`errors.${state.error}`)}</Text>
          </Alert>
        ) : null}
        <Stack gap="xs">
          <Button type="submit" name="decision" value="approve" size="md" color="teal.9" loading={pending || leaving} data-testid="sandbox-approve">
            {t("approve")}
          </Button>
          <Group grow gap="xs">
            <Button type="submit" name="decision" value="decline" variant="default" disabled={pending || leaving} data-testid="sandbox-decline">
              {t("decline")}
            </Button>
            <Button type="submit" name="decision" value="leave-pending" variant="default" disabled={pending || leaving} data-testid="sandbox-pending">
              {t("leave-pending")}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
