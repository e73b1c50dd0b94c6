import panels from "@/ui/shared/panels.module.css";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import tableClasses from "@/ui/shared/table.module.css";
import { getTranslations } from "next-intl/server";
import type { InvoiceSummary } from "@/api/schemas/invoices";
import { formatter } from "@/i18n/format";
import { AlertIcon } from "@/ui/shared/line-icons";
import { InvoiceStatusBadge } from "./status-badge";
import classes from "./invoices.module.css";

/** The invoices as a table on wider screens and as cards on phones. */
export async function InvoiceList({ invoices, locale, href }: { invoices: InvoiceSummary[]; locale: string; href: (invoiceNumber: string) => string }) {
  const t = await getTranslations("invoice-pages");
  const tInv = await getTranslations("invoices");
  const f = formatter(locale);
  const stateLabel = (i: InvoiceSummary) => tInv(`states.${i.state}`);
  const due = (i: InvoiceSummary) =>
    i.overdue ? (
      <Group gap={4} wrap="nowrap" className={classes.warningText}>
        <AlertIcon size={14} />
        <span style={{ fontWeight: 700 }}>{t("list.due-overdue", { date: f.date(i.dueDate) })}</span>
      </Group>
    ) : (
      f.date(i.dueDate)
    );
  return (
    <>
      <div className="mantine-visible-from-sm" data-testid="invoice-table">
        <table className={tableClasses.table} data-striped data-hover data-spacing="sm" data-caption="top">
          <caption>
            <span className="portal-visually-hidden">{t("list.caption", { count: invoices.length })}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("list.col-number")}</th>
              <th scope="col">{t("list.col-period")}</th>
              <th scope="col">{t("list.col-type")}</th>
              <th scope="col">{t("list.col-due")}</th>
              <th scope="col" style={{ textAlign: "right" }}>
                {t("list.col-amount")}
              </th>
              <th scope="col">{t("list.col-status")}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id} data-testid="invoice-row" data-invoice={i.invoiceNumber} data-state={i.state}>
                <td>
                  <Anchor href={href(i.invoiceNumber)} fw={600}>
                    {i.invoiceNumber}
                  </Anchor>
                </td>
                <td>{f.period(i.periodStart, i.periodEnd)}</td>
                <td>{tInv(`types.${i.type}`)}</td>
                <td>{due(i)}</td>
                <td className={classes.numeric} style={{ fontWeight: 600 }}>
                  {f.money(i.totalCents, i.currency)}
                </td>
                <td>
                  <InvoiceStatusBadge state={i.state} label={stateLabel(i)} size="sm" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Stack
        component="ul"
        gap="sm"
        className="mantine-hidden-from-sm"
        style={{ padding: 0, margin: 0, listStyle: "none" }}
        aria-label={t("list.caption", { count: invoices.length })}
        data-testid="invoice-cards"
      >
        {invoices.map((i) => (
          <li key={i.id} className={panels.panel} data-testid="invoice-card" data-invoice={i.invoiceNumber} data-state={i.state}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Anchor href={href(i.invoiceNumber)} fw={700}>
                  {t("list.card-title", { number: i.invoiceNumber })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {f.period(i.periodStart, i.periodEnd)} · {tInv(`types.${i.type}`)}
                </Text>
              </Stack>
              <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                {f.money(i.totalCents, i.currency)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="wrap" gap="xs" style={{ marginTop: "var(--mantine-spacing-sm)" }}>
              <Text size="sm" component="div">
                {i.overdue ? due(i) : t("list.due-on", { date: f.date(i.dueDate) })}
              </Text>
              <InvoiceStatusBadge state={i.state} label={stateLabel(i)} size="sm" />
            </Group>
          </li>
        ))}
      </Stack>
    </>
  );
}
