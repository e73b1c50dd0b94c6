"use client";

import { Button, Stack, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";

export function EmailSignInForm({ callbackUrl, confirmHref }: { callbackUrl: string; confirmHref: string }) {
  const t = useTranslations("auth");
  const onError = useApiErrorHandler();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api("/api/sign-in/email", { method: "POST", body: { email, callbackUrl } });
      router.push(`${confirmHref}?email=${encodeURIComponent(email)}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setError(t("signin.email-invalid"));
      else onError(err);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <TextInput type="email" label={t("signin.email")} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} required autoComplete="email" />
        <Button type="submit" variant="light" loading={busy} fullWidth>
          {t("signin.email-submit")}
        </Button>
      </Stack>
    </form>
  );
}
