"use client";

import { Alert, Button, Group } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { ReturnToMerchant } from "@/ui/shared/return-to-merchant";

export interface SandboxSigningState {
  /** Translation key under contract-signing.sandbox.errors. */
  error: "invalid" | "decided" | "expired" | "not-found" | null;
  /** Where the browser goes next, as the provider says. */
  redirectTo?: string;
}

/** The sandbox signing provider's buttons: sign (after comparing the control code) or decline. */
export function SandboxSigningForm({ decide, token }: { decide: (prev: SandboxSigningState, form: FormData) => Promise<SandboxSigningState>; token: string }) {
  const t = useTranslations("contract-signing.sandbox");
  const [state, action, pending] = useActionState<SandboxSigningState, FormData>(decide, { error: null });
  const leaving = !!state.redirectTo;

  return (
    <form action={action}>
      <ReturnToMerchant to={state.redirectTo} />
      <input type="hidden" name="token" value={token} />
      {state.error ? (
        <Alert color="red" role="alert" mb="md">
          {t(`errors.${state.error}`)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button type="submit" name="decision" value="decline" variant="default" disabled={pending || leaving} data-testid="sandbox-signing-decline">
          {t("decline")}
        </Button>
        <Button type="submit" name="decision" value="sign" loading={pending || leaving} data-testid="sandbox-signing-sign">
          {t("sign")}
        </Button>
      </Group>
    </form>
  );
}
