"use client";

import { ActionIcon, Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OutageAddress, OutageContact, OutageContactKind, OutageContactList, OutageContactsUpdate } from "@/api/schemas/outages";
import { api } from "@/ui/api";
import { EmptyState } from "@/ui/shared/empty-state";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { useFieldErrors } from "@/ui/settings/use-field-errors";

const KINDS: OutageContactKind[] = ["Email", "Phone", "Gsm", "Post"];
const MAX_CONTACTS = 10;

interface Row {
  kind: OutageContactKind;
  value: string;
  name: string;
}
type Values = { contacts: Row[] } & Record<string, unknown>;

const rowsOf = (contacts: OutageContact[]): Row[] => contacts.map((c) => ({ kind: c.kind, value: c.value, name: c.name ?? "" }));
const addressText = (a: OutageAddress) => `${a.street}, ${a.postalCode} ${a.city}`;

/**
 * Outage contacts (settings tab `outage-contacts`, spec §3, §7): per address, that is per
 * electricity contract, who is told of outages there and how (e-mail, phone, mobile, post).
 */
export function OutageContactsPanel({ customerId, addresses, contacts }: { customerId: string; addresses: OutageAddress[]; contacts: Record<string, OutageContact[]> }) {
  const t = useTranslations("outages-pages.contacts");
  const [contractId, setContractId] = useState(addresses[0]?.contractId ?? "");
  if (!addresses.length) return <EmptyState titleOrder={3} title={t("title")} description={t("noAddresses")} data-testid="outage-addresses-empty" />;
  const address = addresses.find((a) => a.contractId === contractId) ?? addresses[0];
  return (
    <Stack gap="lg" data-testid="outage-contacts">
      <Text size="sm">{t("intro")}</Text>
      {addresses.length > 1 ? (
        <NativeSelect
          label={t("address")}
          value={address.contractId}
          onChange={(e) => setContractId(e.currentTarget.value)}
          data={addresses.map((a) => ({ value: a.contractId, label: `${addressText(a)} (${a.gsrn})` }))}
          maw={520}
          data-testid="outage-address"
        />
      ) : null}
      <ContactsEditor key={address.contractId} customerId={customerId} address={address} initial={contacts[address.contractId] ?? []} />
    </Stack>
  );
}

function ContactsEditor({ customerId, address, initial }: { customerId: string; address: OutageAddress; initial: OutageContact[] }) {
  const t = useTranslations("outages-pages.contacts");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[]>([]);
  const form = useForm<Values>({ initialValues: { contacts: rowsOf(initial) } });
  const draft = useFormDraft(`outage-contacts:${customerId}:${address.contractId}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const rows = form.getValues().contacts;
  const headingId = `outage-address-${address.contractId}`;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setFormError([]);
    const body: OutageContactsUpdate = {
      contractId: address.contractId,
      contacts: values.contacts.map((c) => ({ kind: c.kind, value: c.value, name: c.name.trim() || null })),
    };
    try {
      const saved = await api<OutageContactList>("/api/me/outage-contacts", { method: "PUT", body });
      guard.release();
      draft.clear();
      form.setInitialValues({ contacts: rowsOf(saved.contacts) });
      form.setValues({ contacts: rowsOf(saved.contacts) });
      notifications.show({ id: "settings-saved", color: "green", message: t("saved") });
      // Spec §4: an outage contact update refreshes the outage contacts.
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (!errors) return;
      const own = Object.fromEntries(Object.entries(errors).filter(([path]) => /^contacts\.\d+\.(kind|value|name)$/.test(path)));
      form.setErrors(own);
      setFormError(
        Object.entries(errors)
          .filter(([path]) => !(path in own))
          .map(([, message]) => message),
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate data-testid="outage-contacts-form" data-interactive={interactive || undefined}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3} fz="md" id={headingId} translate="no">
              {addressText(address)}
            </Title>
            <Text size="sm" c="dimmed" translate="no">
              {address.gsrn} · {address.productName}
            </Text>
          </Stack>
          {rows.length ? null : (
            <Text size="sm" c="dimmed" data-testid="outage-contacts-none">
              {t("empty")}
            </Text>
          )}
          {rows.map((row, i) => (
            <Paper key={i} withBorder p="sm" component="fieldset" data-testid="outage-contact-row" style={{ margin: 0 }}>
              <Text component="legend" size="sm" fw={600} px={4}>
                {t("contactN", { n: i + 1 })}
              </Text>
              <Group align="flex-start" gap="sm" wrap="wrap">
                <NativeSelect
                  label={t("kind")}
                  data={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                  w={{ base: "100%", sm: 200 }}
                  data-testid="outage-contact-kind"
                  {...form.getInputProps(`contacts.${i}.kind`)}
                />
                <TextInput
                  label={t("value")}
                  description={t(`hints.${row.kind}`)}
                  required
                  autoComplete="off"
                  style={{ flex: "1 1 14rem" }}
                  data-testid="outage-contact-value"
                  {...form.getInputProps(`contacts.${i}.value`)}
                />
                <TextInput label={t("name")} autoComplete="off" style={{ flex: "1 1 10rem" }} data-testid="outage-contact-name" {...form.getInputProps(`contacts.${i}.name`)} />
                <ActionIcon variant="default" size="lg" mt={{ base: 0, sm: 26 }} aria-label={t("remove", { n: i + 1 })} onClick={() => form.removeListItem("contacts", i)}>
                  <span aria-hidden>×</span>
                </ActionIcon>
              </Group>
            </Paper>
          ))}
          {formError.length ? (
            <Alert color="red" variant="outline" role="alert">
              {formError.join(" ")}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button variant="default" disabled={rows.length >= MAX_CONTACTS} onClick={() => form.insertListItem("contacts", { kind: "Gsm", value: "", name: "" })} data-testid="outage-contact-add">
              {t("add")}
            </Button>
            <Button type="submit" loading={busy} data-testid="outage-contacts-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
