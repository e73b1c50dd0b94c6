import { DataList, Paper, Stack, Text, Title, DataListItem, DataListItemLabel, DataListItemValue } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { InvoiceDetail } from "@/api/schemas/invoices";
import { CopyValue } from "./copy-value";
import { formatIban, formatter } from "@/i18n/format";

/**
 * How to pay by bank transfer: recipient, account, reference, amount and due date (copyable).
 * Only for an invoice the customer can pay now: a paid, cancelled or collected one, or a credit
 * note, gets no payment instructions.
 */
export async function PaymentDetails({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  if (!invoice.canPay) return null;
  const t = await getTranslations("invoice-pages.details");
  const p = invoice.paymentInstructions;
  const f = formatter(locale);
  const amount = (p.amountCents / 100).toFixed(2);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="payment-details-title" data-testid="payment-details">
      <Stack gap="md">
        <Title order={2} size="h3" id="payment-details-title">
          {t("title")}
        </Title>
        <Text size="sm">{t("intro")}</Text>
        <DataList labelWidth="9rem" withDivider>
          <DataListItem>
            <DataListItemLabel>{t("recipient")}</DataListItemLabel>
            <DataListItemValue>{p.recipient}</DataListItemValue>
          </DataListItem>
          {p.iban ? (
            <DataListItem>
              <DataListItemLabel>{t("iban")}</DataListItemLabel>
              <DataListItemValue>
                <CopyValue value={p.iban} display={formatIban(p.iban)} label={t("iban")} />
              </DataListItemValue>
            </DataListItem>
          ) : null}
          {p.bic ? (
            <DataListItem>
              <DataListItemLabel>{t("bic")}</DataListItemLabel>
              <DataListItemValue>
                {p.bic}
                {p.bankName ? ` (${p.bankName})` : ""}
              </DataListItemValue>
            </DataListItem>
          ) : null}
          <DataListItem>
            <DataListItemLabel>{t("reference")}</DataListItemLabel>
            <DataListItemValue data-testid="reference-number">
              <CopyValue value={p.reference} display={p.referenceFormatted} label={t("reference")} />
            </DataListItemValue>
          </DataListItem>
          {p.rfReference ? (
            <DataListItem>
              <DataListItemLabel>{t("rf-reference")}</DataListItemLabel>
              <DataListItemValue>
                <CopyValue value={p.rfReference} label={t("rf-reference")} />
              </DataListItemValue>
            </DataListItem>
          ) : null}
          <DataListItem>
            <DataListItemLabel>{t("amount")}</DataListItemLabel>
            <DataListItemValue>
              <CopyValue value={amount} display={f.money(p.amountCents, p.currency)} label={t("amount")} />
            </DataListItemValue>
          </DataListItem>
          <DataListItem>
            <DataListItemLabel>{t("due-date")}</DataListItemLabel>
            <DataListItemValue>{f.date(p.dueDate)}</DataListItemValue>
          </DataListItem>
          {p.virtualBarcode && invoice.status !== "paid" ? (
            <DataListItem>
              <DataListItemLabel>{t("virtual-barcode")}</DataListItemLabel>
              <DataListItemValue>
                <CopyValue value={p.virtualBarcode} label={t("virtual-barcode")} mono />
              </DataListItemValue>
            </DataListItem>
          ) : null}
        </DataList>
        <Text size="xs" c="dimmed">
          {t("reference-note")}
        </Text>
      </Stack>
    </Paper>
  );
}
