"use client";

import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import type { VerificationSent } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { formatter } from "@/i18n/format";
import { useFieldErrors } from "./use-field-errors";

/** Confirms an e-mail address with the code mailed to it, or asks for a new code. */
export function ContactVerify({ contactId, email, onVerified }: { contactId: string; email: string; onVerified: () => Promise<void> }) {
  const t = useTranslations("settings-pages.contacts");
  const tf = useTranslations("settings-pages.form");
  const locale = useLocale();
  const timeZone = useTimeZone();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"verify" | "resend" | null>(null);
  const base = `/api/me/contacts/${encodeURIComponent(contactId)}`;

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = code.replace(/\s/g, "");
    if (!/^[0-9]{6}$/.test(value)) {
      setError(t("code-invalid"));
      return;
    }
    setBusy("verify");
    setError(null);
    try {
      await api(`${base}/verify`, { method: "POST", body: { code: value } });
      setCode("");
      notifications.show({ id: "contact-verified", color: "green", title: tf("saved-title"), message: t("verified-done", { email }) });
      await onVerified();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) setError(Object.values(errors)[0] ?? t("code-invalid"));
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy("resend");
    try {
      const sent = await api<VerificationSent>(`${base}/resend`, { method: "POST" });
      notifications.show({ id: "contact-code-sent", color: "blue", message: t("code-sent", { email, time: formatter(locale, timeZone).dateTime(sent.expiresAt) }) });
    } catch (err) {
      fieldErrors(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form onSubmit={verify} noValidate data-testid="contact-verify" data-interactive={interactive || undefined}>
      <Stack gap="xs">
        <Text size="sm">{t("verify-help", { email })}</Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t("code")}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            w={180}
            data-testid="contact-code"
          />
          <Button type="submit" loading={busy === "verify"} mt={{ base: 0, xs: 25 }} data-testid="contact-verify-submit">
            {t("verify")}
          </Button>
          <Button variant="subtle" onClick={resend} loading={busy === "resend"} mt={{ base: 0, xs: 25 }}>
            {t("resend")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
