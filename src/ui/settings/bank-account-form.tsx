"use client";

import { Alert, Button, Checkbox, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BankAccount, BankAccountCreate, BankAccountList, BankAccountPurpose } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { normalizeIban } from "@/lib/settings/iban";
import { formExamples } from "./examples";
import { pickFieldErrors, useFieldErrors } from "./use-field-errors";
import classes from "./settings.module.css";

const PURPOSES: BankAccountPurpose[] = ["refund", "direct-debit"];

interface Values extends Record<string, unknown> {
  iban: string;
  holder: string;
  purposes: BankAccountPurpose[];
}

/** Adding a bank account by IBAN; keeps a draft and asks before unsaved changes are lost. */
export function AddBankAccountForm({
  customerId,
  holderName,
  country,
  onAdded,
  onCancel,
}: {
  customerId: string;
  holderName: string;
  country: string;
  onAdded: (list: BankAccount[]) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("settings-pages.bank-accounts");
  const tf = useTranslations("settings-pages.form");
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: { iban: "", holder: "", purposes: ["refund"] },
    validate: {
      iban: (v) => (!v.trim() ? tf("required") : normalizeIban(v) ? null : t("iban-invalid")),
      purposes: (v) => (v.length ? null : t("purpose-required")),
    },
  });
  const draft = useFormDraft(`settings-bank-account:${customerId}`, form);
  const guard = useLeaveGuard(form.isDirty());

  const close = () => {
    guard.release();
    draft.clear();
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFormError([]);
    const body: BankAccountCreate = {
      iban: normalizeIban(values.iban) ?? values.iban.trim(),
      purposes: PURPOSES.filter((p) => values.purposes.includes(p)),
      ...(values.holder.trim() ? { holder: values.holder.trim() } : {}),
    };
    try {
      await api("/api/me/bank-accounts", { method: "POST", body });
      const list = await api<BankAccountList>("/api/me/bank-accounts");
      close();
      onAdded(list.bankAccounts);
      notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t("added") });
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const { own, rest } = pickFieldErrors(errors, ["iban", "holder", "purposes"]);
      form.setErrors(own);
      setFormError(rest);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="bank-account-add">
      <form onSubmit={submit} noValidate data-testid="bank-account-form" data-interactive={interactive || undefined}>
        <Stack gap="md">
          <Title order={3} id="bank-account-add">
            {t("add-title")}
          </Title>
          <TextInput
            label={t("iban")}
            description={t("iban-help", { example: formExamples(country).iban })}
            required
            autoComplete="off"
            spellCheck={false}
            maw={420}
            data-testid="bank-account-iban"
            {...form.getInputProps("iban")}
          />
          <TextInput label={t("holder")} description={t("holder-help", { name: holderName })} autoComplete="name" maw={420} {...form.getInputProps("holder")} />
          <Checkbox.Group label={t("purposes")} required {...form.getInputProps("purposes")}>
            <Stack gap={6} mt={6}>
              <Checkbox value="refund" label={t("purpose.refund")} />
              <Checkbox value="direct-debit" label={t("purpose.direct-debit")} description={t("direct-debit-help")} />
            </Stack>
          </Checkbox.Group>
          {formError.length ? (
            <Alert color="red" variant="outline" classNames={{ message: classes.plainMessage }} role="alert">
              {formError.join(" ")}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={busy} data-testid="bank-account-save">
              {t("add")}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                close();
                onCancel();
              }}
            >
              {tf("cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
