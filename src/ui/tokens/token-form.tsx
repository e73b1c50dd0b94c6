"use client";

import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ApiTokenCreated, ApiTokenInput, TokenExpiryDays, TokenScope } from "@/api/schemas/tokens";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { pickFieldErrors, useFieldErrors } from "@/ui/settings/use-field-errors";

export const SCOPES: TokenScope[] = ["read-consumption", "read-prices", "read-invoices"];
const EXPIRIES: TokenExpiryDays[] = [30, 90, 365];

interface Values extends Record<string, unknown> {
  name: string;
  scopes: TokenScope[];
  expiresInDays: string;
}

/** Creating a personal API token: a name, what it may read and how long it lives. Keeps a draft. */
export function TokenForm({ customerId, onCreated }: { customerId: string; onCreated: (created: ApiTokenCreated) => void }) {
  const t = useTranslations("tokens");
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: { name: "", scopes: ["read-consumption"], expiresInDays: "90" },
    validate: {
      name: (v) => (!v.trim() ? t("errors.name-required") : v.trim().length > 80 ? t("errors.name-too-long") : null),
      scopes: (v) => (v.length ? null : t("errors.scope-required")),
    },
  });
  const draft = useFormDraft(`api-token:${customerId}`, form);
  const guard = useLeaveGuard(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFormError([]);
    const body: ApiTokenInput = {
      name: values.name.trim(),
      scopes: SCOPES.filter((s) => values.scopes.includes(s)),
      expiresInDays: Number(values.expiresInDays) as TokenExpiryDays,
    };
    try {
      const created = await api<ApiTokenCreated>("/api/me/api-tokens", { method: "POST", body });
      guard.release();
      draft.clear();
      onCreated(created);
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const { own, rest } = pickFieldErrors(errors, ["name", "scopes", "expiresInDays"]);
      form.setErrors(own);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="api-token-new">
      <form onSubmit={submit} noValidate data-testid="api-token-form" data-interactive={interactive || undefined}>
        <Stack gap="md">
          <Title order={3} id="api-token-new">
            {t("new-title")}
          </Title>
          <TextInput label={t("name")} description={t("name-help")} required maw={420} autoComplete="off" data-testid="api-token-name" {...form.getInputProps("name")} />
          <Checkbox.Group label={t("scopes")} description={t("scopes-help")} required {...form.getInputProps("scopes")}>
            <Stack gap={6} mt={6}>
              {SCOPES.map((s) => (
                <Checkbox key={s} value={s} label={t(`scope.${s}`)} description={t(`scope-help.${s}`)} data-testid={`api-token-scope-${s}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group label={t("expiry")} required {...form.getInputProps("expiresInDays")}>
            <Group gap="md" mt={6}>
              {EXPIRIES.map((d) => (
                <Radio key={d} value={String(d)} label={t("expiry-days", { days: d })} data-testid={`api-token-expiry-${d}`} />
              ))}
            </Group>
          </Radio.Group>
          {formError.length ? (
            <Alert color="red" variant="outline" role="alert">
              {formError.join(" ")}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={busy} data-testid="api-token-create">
              {t("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
