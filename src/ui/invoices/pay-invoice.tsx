"use client";

import { Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { BankIcon, CardIcon } from "@/ui/shared/line-icons";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { newAttemptId } from "./payment-client";

export interface PayOptions {
  banks: { bic: string; name: string }[];
  bank: boolean;
  card: boolean;
}

/** Choose how to pay (a bank's bank link or a card), then continue to the payment-processing page. */
export function PayInvoice({ invoiceNumber, amount, options, processingPath }: { invoiceNumber: string; amount: string; options: PayOptions; processingPath: string }) {
  const t = useTranslations("invoice-pages.pay");
  const router = useRouter();
  const [method, setMethod] = useState<"bank" | "card">(options.bank ? "bank" : "card");
  const [bank, setBank] = useState<string>("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const interactive = useHydrated();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (method === "bank" && options.banks.length && !bank) {
      setError(t("choose-bank-error"));
      return;
    }
    setBusy(true);
    const q = new URLSearchParams({ method, attempt: newAttemptId() });
    if (method === "bank" && bank) q.set("bank", bank);
    router.push(`${processingPath}?${q.toString()}`);
  };

  return (
    <Paper withBorder p="lg" id="pay" component="section" aria-labelledby="pay-title" data-testid="pay-invoice" data-interactive={interactive || undefined}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="pay-title">
            {t("title")}
          </Title>
          <Text size="sm">{t("intro", { number: invoiceNumber })}</Text>
          {options.bank && options.card ? (
            <Radio.Group label={t("method")} value={method} onChange={(v) => setMethod(v as "bank" | "card")} name="method">
              <Group mt="xs" gap="lg">
                <Radio
                  value="bank"
                  label={
                    <Group gap={6} wrap="nowrap">
                      <BankIcon size={16} />
                      {t("method-bank")}
                    </Group>
                  }
                  data-testid="method-bank"
                />
                <Radio
                  value="card"
                  label={
                    <Group gap={6} wrap="nowrap">
                      <CardIcon size={16} />
                      {t("method-card")}
                    </Group>
                  }
                  data-testid="method-card"
                />
              </Group>
            </Radio.Group>
          ) : null}
          {method === "bank" && options.banks.length ? (
            <Radio.Group
              label={t("bank")}
              value={bank}
              onChange={(v) => {
                setBank(v);
                setError(null);
              }}
              name="bank"
              error={error}
              required
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} mt="xs" spacing="xs">
                {options.banks.map((b) => (
                  <Radio.Card key={b.bic} value={b.bic} p="sm" radius="md" withBorder data-testid={`bank-${b.bic}`}>
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator />
                      <Text fw={500}>{b.name}</Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          ) : null}
          {method === "card" ? <Text size="sm">{t("card-note")}</Text> : null}
          <Group>
            <Button type="submit" size="md" loading={busy} data-testid="pay-continue">
              {t("continue", { amount })}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t("confirm-note")}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
