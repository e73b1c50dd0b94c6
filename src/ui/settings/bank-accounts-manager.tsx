"use client";

import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { BankAccount, BankAccountList } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { EmptyState } from "@/ui/shared/empty-state";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { formatter } from "@/i18n/format";
import { useFieldErrors } from "./use-field-errors";
import classes from "./settings.module.css";

/** The add form (with the IBAN checks) is loaded when it is asked for, not with the page. */
const loadForm = () => import("./bank-account-form").then((m) => m.AddBankAccountForm);
const AddBankAccountForm = dynamic(loadForm, { ssr: false });

/**
 * The customer's bank accounts (spec §3): the IBAN with the bank's name and BIC, what the account
 * is for, adding one by IBAN and deleting one after a confirmation. An account an active direct
 * debit uses says why it cannot be deleted. Changes refresh the bank accounts (spec §4).
 */
export function BankAccountsManager({ customerId, accounts, canEdit, holderName, country }: { customerId: string; accounts: BankAccount[]; canEdit: boolean; holderName: string; country: string }) {
  const t = useTranslations("settings-pages.bank-accounts");
  const tf = useTranslations("settings-pages.form");
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [local, setLocal] = useState<{ source: BankAccount[]; list: BankAccount[] } | null>(null);
  const list = local && local.source === accounts ? local.list : accounts;
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const f = formatter(locale);

  const apply = (next: BankAccount[]) => {
    setLocal({ source: accounts, list: next });
    // Spec §4: creating or deleting a bank account refreshes the bank accounts.
    router.refresh();
  };

  const reason = (account: BankAccount) => {
    const key = account.inUseReason;
    return key && tAll.has(key as never) ? tAll(key as never) : t("in-use");
  };

  const remove = (account: BankAccount) =>
    modals.openConfirmModal({
      title: t("delete-title"),
      children: <Text size="sm">{t("delete-confirm", { iban: account.iban })}</Text>,
      labels: { confirm: t("delete"), cancel: tf("cancel") },
      confirmProps: { color: "red", "data-testid": "bank-account-delete-confirm" } as never,
      onConfirm: async () => {
        setBusy(account.id);
        try {
          const answer = await api<BankAccountList>(`/api/me/bank-accounts/${encodeURIComponent(account.id)}`, { method: "DELETE" });
          apply(answer.bankAccounts);
          notifications.show({ id: "settings-saved", color: "green", title: tf("saved-title"), message: t("deleted", { iban: account.iban }) });
        } catch (err) {
          const errors = fieldErrors(err);
          if (errors) notifications.show({ id: "api-error", color: "yellow", message: Object.values(errors).join(" ") });
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Stack gap="lg" data-testid="bank-accounts" data-interactive={interactive || undefined}>
      {list.length ? (
        <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("list-label")}>
          {list.map((a) => (
            <li key={a.id} data-testid="bank-account" data-iban={a.iban.replace(/\s/g, "")}>
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={700} className={classes.mono} translate="no" data-testid="bank-account-iban-shown">
                      {a.iban}
                    </Text>
                    <Group gap={6}>
                      {a.purposes.map((p) => (
                        <Badge key={p} variant="default">
                          {t(`purpose.${p}`)}
                        </Badge>
                      ))}
                    </Group>
                  </Group>
                  <KeyValueTable
                    withDivider={false}
                    rows={[
                      {
                        key: "bank",
                        label: t("bank"),
                        value: a.bankName ? (
                          <span data-testid="bank-account-bank" translate="no">
                            {a.bankName}
                          </span>
                        ) : (
                          t("bank-unknown")
                        ),
                      },
                      {
                        key: "bic",
                        label: t("bic"),
                        value: (
                          <span className={classes.mono} translate="no">
                            {a.bic ?? "–"}
                          </span>
                        ),
                      },
                      { key: "holder", label: t("holder"), value: <span translate="no">{a.holder}</span> },
                      ...(a.directDebitSince ? [{ key: "since", label: t("direct-debit-since"), value: f.date(a.directDebitSince) }] : []),
                    ]}
                  />
                  {a.inUse ? (
                    <Text size="sm" data-testid="bank-account-in-use">
                      {reason(a)}
                    </Text>
                  ) : canEdit ? (
                    <Group>
                      <Button size="xs" variant="default" loading={busy === a.id} onClick={() => remove(a)} aria-label={t("delete-of", { iban: a.iban })} data-testid="bank-account-delete">
                        {t("delete")}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              </Paper>
            </li>
          ))}
        </Stack>
      ) : (
        <EmptyState titleOrder={3} title={t("empty-title")} description={t("empty")} data-testid="bank-accounts-empty" />
      )}
      {canEdit ? (
        adding ? (
          <AddBankAccountForm
            customerId={customerId}
            holderName={holderName}
            country={country}
            onAdded={(next) => {
              setAdding(false);
              apply(next);
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Group>
            <Button onClick={() => setAdding(true)} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} data-testid="bank-account-add">
              {t("add-account")}
            </Button>
          </Group>
        )
      ) : (
        <Alert variant="default" classNames={{ message: classes.plainMessage }}>
          {t("read-only")}
        </Alert>
      )}
    </Stack>
  );
}
