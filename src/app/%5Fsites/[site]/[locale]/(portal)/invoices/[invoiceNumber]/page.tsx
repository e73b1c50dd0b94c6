import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import { InvoiceStatusBadge } from "@/ui/invoices/status-badge";
import { InvoiceDownloads } from "@/ui/invoices/invoice-downloads";
import { PostponeDueDate } from "@/ui/invoices/postpone-due-date";
import { PayInvoice } from "@/ui/invoices/pay-invoice";
import { InvoiceBreakdown } from "@/ui/invoices/invoice-breakdown";
import { InvoiceComparison } from "@/ui/invoices/invoice-comparison";
import { PaymentDetails } from "@/ui/invoices/payment-details";
import { PaymentHistory } from "@/ui/invoices/payment-history";
import { ArrowLeftIcon, AlertIcon } from "@/ui/shared/line-icons";
import { formatter } from "@/i18n/format";
import classes from "@/ui/invoices/invoices.module.css";
import { invoicePageContext, loadInvoice, type InvoiceRouteParams } from "../_lib/context";
import { paymentMethods } from "@/server/payments/methods";
import { hasFeature } from "@/lib/features";

export async function generateMetadata({ params }: { params: InvoiceRouteParams }) {
  const { invoiceNumber } = await params;
  const t = await getTranslations("invoice-pages.detail");
  return { title: t("title", { number: decodeURIComponent(invoiceNumber) }) };
}

export default async function InvoicePage({ params }: { params: InvoiceRouteParams }) {
  const ctx = await invoicePageContext(params);
  const invoice = await loadInvoice(ctx, (await params).invoiceNumber);
  const t = await getTranslations("invoice-pages");
  const tInv = await getTranslations("invoices");
  const options = invoice.canPay ? await paymentMethods(ctx.site) : null;
  const staff = ctx.session.activeCustomer?.role === "customer_service";
  const f = formatter(ctx.locale, ctx.site.timezone);
  const money = (cents: number) => f.money(cents, invoice.currency);
  const postponed = invoice.dueDate !== invoice.originalDueDate;
  const processingPath = ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}/payment-processing`);

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} href={ctx.href("/invoices")} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap" component="span">
            <ArrowLeftIcon size={14} />
            {t("detail.back")}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1}>{t("detail.title", { number: invoice.invoiceNumber })}</Title>
          <InvoiceStatusBadge state={invoice.state} label={tInv(`states.${invoice.state}`)} size="lg" />
        </Group>
        <Text c="dimmed">{t("detail.subtitle", { type: tInv(`types.${invoice.type}`), period: f.period(invoice.periodStart, invoice.periodEnd) })}</Text>
      </Stack>

      {invoice.overdue ? (
        <Alert color="red" variant="outline" classNames={{ title: classes.warningText }} icon={<AlertIcon />} title={t("detail.overdue-title")} data-testid="overdue-alert">
          <Text size="sm">{t("detail.overdue", { date: f.date(invoice.dueDate) })}</Text>
        </Alert>
      ) : null}
      {invoice.state === "outsourced" ? (
        <Alert color="grape" variant="outline" icon={<AlertIcon />} title={tInv("states.outsourced")}>
          <Text size="sm">{tInv("pdf.collectionNote")}</Text>
        </Alert>
      ) : null}

      <Paper withBorder p="lg" data-testid="invoice-summary">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {invoice.status === "paid" ? t("detail.total-paid") : t("detail.total")}
            </Text>
            <Text fz={26} fw={700} className={classes.amount} data-testid="invoice-total">
              {money(invoice.totalCents)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("detail.due-date")}
            </Text>
            <Text fz="lg" fw={700} data-testid="invoice-due-date" className={invoice.overdue ? classes.warningText : undefined}>
              {f.date(invoice.dueDate)}
            </Text>
            {postponed ? (
              <Text size="xs" c="dimmed" data-testid="invoice-original-due-date">
                {t("detail.original-due", { date: f.date(invoice.originalDueDate) })}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("detail.issue-date")}
            </Text>
            <Text fz="lg" fw={600}>
              {f.date(invoice.issueDate)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("detail.status")}
            </Text>
            <Text fz="lg" fw={600} data-testid="invoice-status">
              {invoice.paidAt ? t("detail.paid-on", { date: f.dateTime(invoice.paidAt) }) : tInv(`states.${invoice.state}`)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Group mt="lg" gap="sm" wrap="wrap">
          <InvoiceDownloads invoiceNumber={invoice.invoiceNumber} csv={hasFeature(ctx.site, "invoices.csv-download")} locale={ctx.locale} />
          <PostponeDueDate invoiceNumber={invoice.invoiceNumber} dueDate={invoice.dueDate} window={invoice.postpone} currency={invoice.currency} locale={ctx.locale} />
        </Group>
      </Paper>

      {/* Payment is offered only while the invoice can be paid: never for a paid one. */}
      {invoice.canPay && options && !staff && (options.bank || options.card) ? (
        <PayInvoice invoiceNumber={invoice.invoiceNumber} amount={money(invoice.totalCents)} options={options} processingPath={processingPath} />
      ) : null}
      {invoice.canPay && options && staff ? (
        <Alert color="gray" variant="outline" title={t("pay.title")}>
          <Text size="sm">{t("pay.staff")}</Text>
        </Alert>
      ) : null}

      {invoice.canPay ? <PaymentDetails invoice={invoice} locale={ctx.locale} /> : null}
      <InvoiceBreakdown invoice={invoice} locale={ctx.locale} />
      <InvoiceComparison invoice={invoice} locale={ctx.locale} href={ctx.href} />
      <PaymentHistory payments={invoice.payments} currency={invoice.currency} locale={ctx.locale} timeZone={ctx.site.timezone} />

      <Text size="xs" c="dimmed" component="div">
        {[
          invoice.supplier.name,
          invoice.supplier.registryCode ? t("detail.business-id", { id: invoice.supplier.registryCode }) : null,
          invoice.supplier.vatNumber ? t("detail.vat-number", { id: invoice.supplier.vatNumber }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Stack>
  );
}
