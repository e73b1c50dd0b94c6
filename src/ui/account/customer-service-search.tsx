"use client";

import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { announceSessionChange } from "@/ui/shell/portal-session";

/** Customer-service staff open a customer's account by client code; the server audits it. */
export function CustomerServiceSearch() {
  const t = useTranslations("account");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const [clientCode, setClientCode] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api("/api/customer-service/open", { method: "POST", body: { clientCode } });
      router.refresh();
      announceSessionChange();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" maw={560}>
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h4">
            {t("customer-service-title")}
          </Title>
          <TextInput label={t("client-code")} value={clientCode} onChange={(e) => setClientCode(e.currentTarget.value)} required />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("customer-service-open")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
