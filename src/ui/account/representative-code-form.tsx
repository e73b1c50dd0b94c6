"use client";

import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { announceSessionChange } from "@/ui/shell/portal-session";

export function RepresentativeCodeForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const t = useTranslations("account");
  const router = useRouter();
  const onError = useApiErrorHandler();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFieldError(null);
    try {
      await api("/api/me/representatives", { method: "POST", body: { representativeCode: code } });
      setCode("");
      onDone?.();
      router.refresh();
      announceSessionChange();
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setFieldError("representative-code-invalid");
      else onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">{t("representative-code-help")}</Text>
        <TextInput
          label={t("representative-code")}
          name="representativeCode"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={fieldError ? t(`errors.${fieldError}`) : null}
          required
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t("cancel")}
            </Button>
          ) : null}
          <Button type="submit" loading={busy}>
            {t("add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
