import { Paper, Stack, Title } from "@mantine/core";
import tableClasses from "@/ui/shared/table.module.css";
import { getTranslations } from "next-intl/server";
import type { InvoiceDetail } from "@/api/schemas/invoices";
import { formatter } from "@/i18n/format";
import classes from "./invoices.module.css";

/** The online payments of the invoice, newest first. */
export async function PaymentHistory({ payments, currency, locale, timeZone }: { payments: InvoiceDetail["payments"]; currency: string; locale: string; timeZone: string }) {
  if (!payments.length) return null;
  const t = await getTranslations("invoice-pages.history");
  const tInv = await getTranslations("invoices");
  const f = formatter(locale, timeZone);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="history-title" data-testid="payment-history">
      <Stack gap="sm">
        <Title order={2} size="h3" id="history-title">
          {t("title")}
        </Title>
        <table className={tableClasses.table} data-spacing="xs">
          <caption style={{ textAlign: "left" }}>{t("caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("col-time")}</th>
              <th scope="col">{t("col-method")}</th>
              <th scope="col">{t("col-status")}</th>
              <th scope="col" className={classes.numeric}>
                {t("col-amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} data-testid="payment-row" data-status={p.status}>
                <td>{f.dateTime(p.createdAt)}</td>
                <td>{t(`method-${p.method}`)}</td>
                <td>{tInv(`paymentStatus.${p.status}`)}</td>
                <td className={classes.numeric}>{f.money(p.amountCents, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Stack>
    </Paper>
  );
}
