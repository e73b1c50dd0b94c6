"use client";

import { Button, Checkbox, Group, Radio, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import type { BillingChannel } from "@/api/schemas/contracts";
import type { SigningStarted } from "@/api/schemas/contract-signing";
import { api } from "@/ui/api";
import { formatter } from "@/i18n/format";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useHydrated } from "@/ui/shared/use-hydrated";

export interface SignFormProduct {
  id: string;
  name: string;
  termMonths: number | null;
  /** The product's card (name, term, prices, yearly estimate), rendered on the server. */
  card: ReactNode;
}

export interface SignFormProps {
  pointId: string;
  /** The Estonian variant: the point by its EIC code, the business's registry code. */
  estonia: { eicCode: string } | null;
  products: SignFormProduct[];
  additionalProducts: { id: string; name: string }[];
  campaignCode: string | null;
  window: { minDate: string; maxDate: string };
  channels: BillingChannel["type"][];
  operators: { code: string; name: string }[];
  banks: { bic: string; name: string }[];
  defaults: { email: string; street: string; postalCode: string; city: string };
  options: { additionalProduct: boolean; eInvoice: boolean; emailInvoice: boolean; ownGridProducts: boolean; termChanges: boolean; coOwner: boolean };
  legal: boolean;
  locale: string;
  cancelHref: string;
}

interface Values extends Record<string, unknown> {
  productId: string;
  startDate: string;
  type: BillingChannel["type"];
  email: string;
  street: string;
  postalCode: string;
  city: string;
  iban: string;
  ovt: string;
  operatorCode: string;
  bankBic: string;
  additionalProductId: string;
  eInvoice: boolean;
  emailInvoice: boolean;
  ownGridProducts: boolean;
  termMonths: string;
  coOwnerName: string;
  businessCode: string;
}

function channelOf(v: Values): BillingChannel {
  switch (v.type) {
    case "Email":
      return { type: "Email", email: v.email };
    case "Address":
      return { type: "Address", street: v.street, postalCode: v.postalCode, city: v.city };
    case "IBAN":
      return { type: "IBAN", iban: v.iban };
    case "OVT":
      return { type: "OVT", ovt: v.ovt, operatorCode: v.operatorCode };
    case "EInvoiceRequest":
      return { type: "EInvoiceRequest", bankBic: v.bankBic };
  }
}

/** Where the API's field paths show in this form. */
const FIELD_OF: Record<string, keyof Values> = {
  "billingChannel.email": "email",
  "billingChannel.iban": "iban",
  "billingChannel.ovt": "ovt",
  "billingChannel.operatorCode": "operatorCode",
  "billingChannel.bankBic": "bankBic",
  "billingChannel.type": "type",
  "options.additionalProductId": "additionalProductId",
  "options.eInvoice": "eInvoice",
  "options.emailInvoice": "emailInvoice",
  "options.ownGridProducts": "ownGridProducts",
  "options.termMonths": "termMonths",
  registryCode: "businessCode",
  eicCode: "productId",
  meteringPointId: "productId",
};

/**
 * The signing form: the product, the supply start, where invoices go, the options the site
 * allows and a business's code; then the contract is handed to the signing provider and the
 * browser goes to its page.
 */
export function SignForm(props: SignFormProps) {
  const t = useTranslations("contract-signing.form");
  const tc = useTranslations("contracts.channels");
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const f = formatter(props.locale);
  const form = useForm<Values>({
    initialValues: {
      productId: props.products.length === 1 ? props.products[0].id : "",
      startDate: props.window.minDate,
      type: props.channels[0] ?? "Email",
      email: props.defaults.email,
      street: props.defaults.street,
      postalCode: props.defaults.postalCode,
      city: props.defaults.city,
      iban: "",
      ovt: "",
      operatorCode: "",
      bankBic: "",
      additionalProductId: "",
      eInvoice: false,
      emailInvoice: false,
      ownGridProducts: false,
      termMonths: "",
      coOwnerName: "",
      businessCode: "",
    },
    validate: {
      productId: (v) => (v ? null : t("choose-product")),
      startDate: (v) => (v ? null : t("required")),
      businessCode: (v) => (props.legal && !v.trim() ? t("required") : null),
    },
  });
  const product = props.products.find((p) => p.id === form.values.productId);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    const options = {
      ...(props.options.additionalProduct && v.additionalProductId ? { additionalProductId: v.additionalProductId } : {}),
      ...(props.options.eInvoice && v.eInvoice ? { eInvoice: true } : {}),
      ...(props.options.emailInvoice && v.emailInvoice ? { emailInvoice: true } : {}),
      ...(props.options.ownGridProducts && v.ownGridProducts ? { ownGridProducts: true } : {}),
      ...(props.options.termChanges && v.termMonths ? { termMonths: Number(v.termMonths) } : {}),
    };
    const common = {
      productId: v.productId,
      ...(props.campaignCode ? { campaignCode: props.campaignCode } : {}),
      startDate: v.startDate,
      billingChannel: channelOf(v),
      ...(props.options.coOwner && v.coOwnerName.trim() ? { coOwnerName: v.coOwnerName.trim() } : {}),
      ...(Object.keys(options).length ? { options } : {}),
      locale: props.locale,
    };
    const body = props.estonia
      ? { ...common, eicCode: props.estonia.eicCode, ...(props.legal ? { registryCode: v.businessCode.trim() } : {}) }
      : { ...common, meteringPointId: props.pointId, ...(props.legal ? { businessCode: v.businessCode.trim() } : {}) };
    try {
      const started = await api<SigningStarted>(props.estonia ? "/api/contracts/create/estonia" : "/api/contracts/create", { method: "POST", body });
      // To the signing provider's page: it sends the customer back to the confirmation page.
      window.location.assign(started.signingUrl);
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors(Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message])));
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sign-form" data-interactive={interactive || undefined}>
      <Stack gap="lg">
        <Radio.Group
          label={
            <Title order={2} size="h3">
              {t("choose-product")}
            </Title>
          }
          {...form.getInputProps("productId")}
          data-testid="sign-products"
        >
          <Stack gap="sm" mt="sm">
            {props.products.map((p) => (
              <Radio.Card key={p.id} value={p.id} p="md" radius="md" withBorder data-testid="sign-product" aria-label={p.name}>
                <Group align="flex-start" wrap="nowrap" gap="sm">
                  <Radio.Indicator mt={4} />
                  <div style={{ minWidth: 0, flex: 1 }}>{p.card}</div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>

        <Stack gap="md" maw={560}>
          <Title order={2} size="h3">
            {t("channel")}
          </Title>
          <TextInput
            type="date"
            label={t("start-date")}
            description={t("start-date-help", { from: f.date(props.window.minDate), to: f.date(props.window.maxDate) })}
            min={props.window.minDate}
            max={props.window.maxDate}
            required
            {...form.getInputProps("startDate")}
            data-testid="sign-start-date"
          />
          <Select label={t("channel")} data={props.channels.map((c) => ({ value: c, label: tc(c) }))} allowDeselect={false} {...form.getInputProps("type")} data-testid="sign-channel" />
          {form.values.type === "Email" ? <TextInput type="email" label={t("email")} autoComplete="email" required {...form.getInputProps("email")} /> : null}
          {form.values.type === "Address" ? (
            <>
              <TextInput label={t("street")} autoComplete="street-address" required {...form.getInputProps("street")} />
              <Group grow wrap="wrap">
                <TextInput label={t("postal-code")} autoComplete="postal-code" required {...form.getInputProps("postalCode")} />
                <TextInput label={t("city")} autoComplete="address-level2" required {...form.getInputProps("city")} />
              </Group>
            </>
          ) : null}
          {form.values.type === "IBAN" ? <TextInput label={t("iban")} required {...form.getInputProps("iban")} /> : null}
          {form.values.type === "OVT" ? (
            <>
              <TextInput label={t("ovt")} required {...form.getInputProps("ovt")} />
              <Select label={t("operator")} data={props.operators.map((o) => ({ value: o.code, label: o.name }))} searchable required {...form.getInputProps("operatorCode")} />
            </>
          ) : null}
          {form.values.type === "EInvoiceRequest" ? <Select label={t("bank")} data={props.banks.map((b) => ({ value: b.bic, label: b.name }))} required {...form.getInputProps("bankBic")} /> : null}

          {Object.values(props.options).some(Boolean) ? (
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t("options")}
              </Title>
              {props.options.additionalProduct && props.additionalProducts.length ? (
                <Select
                  label={t("additional-product")}
                  data={[{ value: "", label: t("additional-none") }, ...props.additionalProducts.map((p) => ({ value: p.id, label: p.name }))]}
                  {...form.getInputProps("additionalProductId")}
                />
              ) : null}
              {props.options.termChanges && product?.termMonths ? (
                <Select
                  label={t("term")}
                  data={[{ value: "", label: t("term-product") }, ...[12, 24, 36].map((m) => ({ value: String(m), label: t("term-months", { months: m }) }))]}
                  {...form.getInputProps("termMonths")}
                />
              ) : null}
              {props.options.eInvoice ? <Checkbox label={t("e-invoice")} {...form.getInputProps("eInvoice", { type: "checkbox" })} /> : null}
              {props.options.emailInvoice ? <Checkbox label={t("email-invoice")} {...form.getInputProps("emailInvoice", { type: "checkbox" })} /> : null}
              {props.options.ownGridProducts ? <Checkbox label={t("own-grid-products")} {...form.getInputProps("ownGridProducts", { type: "checkbox" })} /> : null}
              {props.options.coOwner ? <TextInput label={t("co-owner")} autoComplete="off" {...form.getInputProps("coOwnerName")} /> : null}
            </Stack>
          ) : null}
          {props.legal ? <TextInput label={t("business-code")} description={t("business-code-help")} required {...form.getInputProps("businessCode")} data-testid="sign-business-code" /> : null}

          <Text size="sm" c="dimmed">
            {t("note")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" component="a" href={props.cancelHref}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={!props.products.length} data-testid="sign-submit">
              {t("submit")}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
