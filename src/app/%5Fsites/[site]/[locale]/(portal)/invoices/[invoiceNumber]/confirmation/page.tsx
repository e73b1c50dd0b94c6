import { DataList, Group, Text, DataListItem, DataListItemLabel, DataListItemValue } from "@mantine/core";
import { LinkButton } from "@/ui/shared/link-button";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listBanks } from "@/server/reference/reference";
import { PaymentStateCard } from "@/ui/invoices/payment-state-card";
import { CheckIcon } from "@/ui/shared/line-icons";
import { formatter } from "@/i18n/format";
import { InvoiceStatusBadge } from "@/ui/invoices/status-badge";
import { firstParam, invoicePageContext, loadInvoice, loadPayment, localized, type InvoiceRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.confirmation");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Payment state "confirmation": the provider confirmed the payment; what was paid. */
export default async function PaymentConfirmationPage({ params, searchParams }: { params: InvoiceRouteParams; searchParams: Search }) {
  const ctx = await invoicePageContext(params);
  const { invoiceNumber } = await params;
  let invoice = await loadInvoice(ctx, invoiceNumber);
  const t = await getTranslations("invoice-pages.confirmation");
  const tInv = await getTranslations("invoices");
  const invoiceHref = ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`);
  const payment = await loadPayment(ctx, invoice, firstParam((await searchParams).payment));
  if (!payment) redirect(invoiceHref);
  if (payment.status !== "succeeded") redirect(localized(ctx, payment.nextPath));
  // The payment may have been confirmed just now, while this page read it.
  if (invoice.status !== "paid") invoice = await loadInvoice(ctx, invoiceNumber);
  const f = formatter(ctx.locale, ctx.site.timezone);
  const bankName = payment.bankBic ? (await listBanks(ctx.site.country, "BANK_LINK")).find((b) => b.bic === payment.bankBic)?.name : null;

  return (
    <PaymentStateCard icon={<CheckIcon size={28} />} color="#1e6b34" title={t("title")} testId="payment-confirmation">
      <Text ta="center" role="status">
        {t("thanks", { amount: f.money(payment.amountCents, payment.currency), number: invoice.invoiceNumber })}
      </Text>
      <DataList labelWidth="10rem" withDivider>
        <DataListItem>
          <DataListItemLabel>{t("invoice")}</DataListItemLabel>
          <DataListItemValue>{invoice.invoiceNumber}</DataListItemValue>
        </DataListItem>
        <DataListItem>
          <DataListItemLabel>{t("amount")}</DataListItemLabel>
          <DataListItemValue data-testid="paid-amount">{f.money(payment.amountCents, payment.currency)}</DataListItemValue>
        </DataListItem>
        <DataListItem>
          <DataListItemLabel>{t("method")}</DataListItemLabel>
          <DataListItemValue>{payment.method === "card" ? t("method-card") : bankName ? t("method-bank-named", { bank: bankName }) : t("method-bank")}</DataListItemValue>
        </DataListItem>
        <DataListItem>
          <DataListItemLabel>{t("time")}</DataListItemLabel>
          <DataListItemValue>{f.dateTime(payment.finishedAt ?? payment.updatedAt)}</DataListItemValue>
        </DataListItem>
        <DataListItem>
          <DataListItemLabel>{t("period")}</DataListItemLabel>
          <DataListItemValue>{f.period(invoice.periodStart, invoice.periodEnd)}</DataListItemValue>
        </DataListItem>
        <DataListItem>
          <DataListItemLabel>{t("invoice-status")}</DataListItemLabel>
          <DataListItemValue data-testid="confirmation-invoice-state">
            <InvoiceStatusBadge state={invoice.state} label={tInv(`states.${invoice.state}`)} size="sm" />
          </DataListItemValue>
        </DataListItem>
      </DataList>
      {invoice.status !== "paid" ? (
        <Text size="sm" c="dimmed" ta="center">
          {t("already-settled")}
        </Text>
      ) : null}
      <Group justify="center" gap="sm">
        <LinkButton href={invoiceHref}>{t("to-invoice")}</LinkButton>
        <LinkButton href={ctx.href("/invoices")} variant="default">
          {t("to-list")}
        </LinkButton>
      </Group>
    </PaymentStateCard>
  );
}
