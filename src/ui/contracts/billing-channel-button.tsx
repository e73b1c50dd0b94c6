"use client";

import { Button, Group, Modal, Radio, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BillingChannel, Contract } from "@/api/schemas/contracts";
import { api } from "@/ui/api";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

export interface ChannelChoices {
  available: BillingChannel["type"][];
  operators: { code: string; name: string }[];
  banks: { bic: string; name: string }[];
}

interface Values extends Record<string, unknown> {
  type: BillingChannel["type"];
  email: string;
  street: string;
  postalCode: string;
  city: string;
  iban: string;
  ovt: string;
  operatorCode: string;
  bankBic: string;
}

const FIELDS: Record<BillingChannel["type"], (keyof Values)[]> = {
  Email: ["email"],
  Address: ["street", "postalCode", "city"],
  IBAN: ["iban"],
  OVT: ["ovt", "operatorCode"],
  EInvoiceRequest: ["bankBic"],
};

function initial(ch: BillingChannel): Values {
  const empty: Values = { type: ch.type, email: "", street: "", postalCode: "", city: "", iban: "", ovt: "", operatorCode: "", bankBic: "" };
  const { type: _type, ...rest } = ch;
  return { ...empty, ...rest };
}

function ChannelForm({ contract, choices, onDone }: { contract: Contract; choices: ChannelChoices; onDone: () => void }) {
  const t = useTranslations("contracts-pages.channel");
  const tc = useTranslations("contracts.channels");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({ initialValues: initial(contract.billingChannel) });
  const draft = useFormDraft(`contract-channel:${contract.id}`, form);
  useLeaveGuard(form.isDirty());
  const type = form.values.type;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const body = { type: values.type, ...Object.fromEntries(FIELDS[values.type].map((k) => [k, values[k]])) };
    try {
      await api(`/api/contracts/${contract.id}/change-billing-channels`, { method: "POST", body });
      draft.clear();
      form.resetDirty();
      notifications.show({ id: "contract-channel-changed", color: "green", title: t("done-title"), message: t("done", { channel: tc(values.type) }) });
      onDone();
      // Spec §4: a billing channel change refreshes the contract and billing info.
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors(errors);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="channel-form" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Radio.Group label={t("type")} required {...form.getInputProps("type")}>
          <Stack gap="xs" mt="xs">
            {choices.available.map((c) => (
              <Radio key={c} value={c} label={tc(c)} data-testid={`channel-${c}`} />
            ))}
          </Stack>
        </Radio.Group>
        {type === "Email" ? <TextInput label={t("email")} type="email" autoComplete="email" required {...form.getInputProps("email")} data-testid="channel-email" /> : null}
        {type === "Address" ? (
          <>
            <TextInput label={t("street")} autoComplete="street-address" required {...form.getInputProps("street")} />
            <Group grow wrap="wrap">
              <TextInput label={t("postal-code")} autoComplete="postal-code" required {...form.getInputProps("postalCode")} />
              <TextInput label={t("city")} autoComplete="address-level2" required {...form.getInputProps("city")} />
            </Group>
          </>
        ) : null}
        {type === "IBAN" ? <TextInput label={t("iban")} description={t("iban-help")} required {...form.getInputProps("iban")} data-testid="channel-iban" /> : null}
        {type === "OVT" ? (
          <>
            <TextInput label={t("ovt")} description={t("ovt-help")} required {...form.getInputProps("ovt")} data-testid="channel-ovt" />
            <Select
              label={t("operator")}
              required
              searchable
              data={choices.operators.map((o) => ({ value: o.code, label: `${o.name} (${o.code})` }))}
              {...form.getInputProps("operatorCode")}
              data-testid="channel-operator"
            />
          </>
        ) : null}
        {type === "EInvoiceRequest" ? (
          <>
            <Text size="sm">{t("e-invoice-request-help")}</Text>
            <Select label={t("bank")} required data={choices.banks.map((b) => ({ value: b.bic, label: b.name }))} {...form.getInputProps("bankBic")} data-testid="channel-bank" />
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="channel-submit">
            {t("submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the form that changes where the contract's invoices go. */
export function BillingChannelButton({ contract, choices }: { contract: Contract; choices: ChannelChoices }) {
  const t = useTranslations("contracts-pages.channel");
  const interactive = useHydrated();
  const phone = useMediaQuery("(max-width: 30em)");
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        onClick={() => setOpened(true)}
        data-testid="channel-open"
        data-interactive={interactive || undefined}
        aria-label={t("open-for", { number: contract.contractNumber })}
      >
        {t("open")}
      </Button>
      <Modal.Root opened={opened} onClose={() => setOpened(false)} fullScreen={!!phone} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header {...({ component: "div" } as object)}>
            <Modal.Title fw={700}>{t("title", { number: contract.contractNumber })}</Modal.Title>
            <Modal.CloseButton aria-label={t("cancel")} />
          </Modal.Header>
          <Modal.Body>{opened ? <ChannelForm contract={contract} choices={choices} onDone={() => setOpened(false)} /> : null}</Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
