import { Anchor, Box, Card, Group, Stack, Table, TableCaption, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, VisuallyHidden } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import type { InvoiceSummary } from "@/server/invoices/invoices";
import { formatDate, formatMoney, formatPeriod } from "./format";
import { AlertIcon } from "./icons";
import { InvoiceStatusBadge } from "./status-badge";
import classes from "./invoices.module.css";

/** The invoices as a table on wider screens and as cards on phones. */
export async function InvoiceList({ invoices, locale, href }: { invoices: InvoiceSummary[]; locale: string; href: (invoiceNumber: string) => string }) {
  const t = await getTranslations("invoice-pages");
  const tInv = await getTranslations("invoices");
  const stateLabel = (i: InvoiceSummary) => tInv(`states.${i.state}`);
  const due = (i: InvoiceSummary) =>
    i.overdue ? (
      <Group gap={4} wrap="nowrap" className={classes.warningText}>
        <AlertIcon size={14} />
        <Text span inherit fw={700}>
          {t("list.due-overdue", { date: formatDate(i.dueDate) })}
        </Text>
      </Group>
    ) : (
      formatDate(i.dueDate)
    );
  return (
    <>
      <Box visibleFrom="sm" data-testid="invoice-table">
        <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
          <TableCaption>
            <VisuallyHidden>{t("list.caption", { count: invoices.length })}</VisuallyHidden>
          </TableCaption>
          <TableThead>
            <TableTr>
              <TableTh scope="col">{t("list.col-number")}</TableTh>
              <TableTh scope="col">{t("list.col-period")}</TableTh>
              <TableTh scope="col">{t("list.col-type")}</TableTh>
              <TableTh scope="col">{t("list.col-due")}</TableTh>
              <TableTh scope="col" style={{ textAlign: "right" }}>
                {t("list.col-amount")}
              </TableTh>
              <TableTh scope="col">{t("list.col-status")}</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {invoices.map((i) => (
              <TableTr key={i.id} data-testid="invoice-row" data-invoice={i.invoiceNumber} data-state={i.state}>
                <TableTd>
                  <Anchor component={Link} href={href(i.invoiceNumber)} fw={600}>
                    {i.invoiceNumber}
                  </Anchor>
                </TableTd>
                <TableTd>{formatPeriod(i.periodStart, i.periodEnd)}</TableTd>
                <TableTd>{tInv(`types.${i.type}`)}</TableTd>
                <TableTd>{due(i)}</TableTd>
                <TableTd className={classes.numeric} fw={600}>
                  {formatMoney(i.totalCents, i.currency, locale)}
                </TableTd>
                <TableTd>
                  <InvoiceStatusBadge state={i.state} label={stateLabel(i)} size="sm" />
                </TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("list.caption", { count: invoices.length })} data-testid="invoice-cards">
        {invoices.map((i) => (
          <Card key={i.id} component="li" withBorder padding="md" data-testid="invoice-card" data-invoice={i.invoiceNumber} data-state={i.state}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Anchor component={Link} href={href(i.invoiceNumber)} fw={700}>
                  {t("list.card-title", { number: i.invoiceNumber })}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {formatPeriod(i.periodStart, i.periodEnd)} · {tInv(`types.${i.type}`)}
                </Text>
              </Stack>
              <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                {formatMoney(i.totalCents, i.currency, locale)}
              </Text>
            </Group>
            <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
              <Text size="sm" component="div">
                {i.overdue ? due(i) : t("list.due-on", { date: formatDate(i.dueDate) })}
              </Text>
              <InvoiceStatusBadge state={i.state} label={stateLabel(i)} size="sm" />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
