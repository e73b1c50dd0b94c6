import { Paper, Stack, Table, TableCaption, TableTbody, TableTd, TableTh, TableThead, TableTr, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { InvoiceDetail } from "@/server/invoices/invoices";
import { formatDateTime, formatMoney } from "./format";
import classes from "./invoices.module.css";

/** The online payments of the invoice, newest first. */
export async function PaymentHistory({ payments, currency, locale, timeZone }: { payments: InvoiceDetail["payments"]; currency: string; locale: string; timeZone: string }) {
  if (!payments.length) return null;
  const t = await getTranslations("invoice-pages.history");
  const tInv = await getTranslations("invoices");
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="history-title" data-testid="payment-history">
      <Stack gap="sm">
        <Title order={2} size="h3" id="history-title">
          {t("title")}
        </Title>
        <Table verticalSpacing="xs">
          <TableCaption style={{ textAlign: "left" }}>{t("caption")}</TableCaption>
          <TableThead>
            <TableTr>
              <TableTh scope="col">{t("col-time")}</TableTh>
              <TableTh scope="col">{t("col-method")}</TableTh>
              <TableTh scope="col">{t("col-status")}</TableTh>
              <TableTh scope="col" className={classes.numeric}>
                {t("col-amount")}
              </TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {payments.map((p) => (
              <TableTr key={p.id} data-testid="payment-row" data-status={p.status}>
                <TableTd>{formatDateTime(p.createdAt, timeZone)}</TableTd>
                <TableTd>{t(`method-${p.method}`)}</TableTd>
                <TableTd>{tInv(`paymentStatus.${p.status}`)}</TableTd>
                <TableTd className={classes.numeric}>{formatMoney(p.amountCents, currency, locale)}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </Stack>
    </Paper>
  );
}
