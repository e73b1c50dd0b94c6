"use client";

import { Button, Stack, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";

export function EmailSignInForm({ callbackUrl, confirmHref }: { callbackUrl: string; confirmHref: string }) {
  const t = useTranslations("auth");
  const onError = useApiErrorHandler();
  const router = useRouter();
  // True once the form runs in the browser (a submit before then would not reach the API).
  const interactive = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The field is left to the browser, so an address typed while the page loads is kept.
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
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
    <form onSubmit={submit} data-testid="email-sign-in" data-interactive={interactive || undefined}>
      <Stack gap="sm">
        <TextInput type="email" name="email" label={t("signin.email")} error={error} required autoComplete="email" />
        <Button type="submit" variant="light" loading={busy} fullWidth className="portal-wrap-button">
          {t("signin.email-submit")}
        </Button>
      </Stack>
    </form>
  );
}
