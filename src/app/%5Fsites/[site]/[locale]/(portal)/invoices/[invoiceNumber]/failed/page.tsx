import { Group, Text } from "@mantine/core";
import { LinkButton } from "@/ui/shared/link-button";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PaymentStateCard } from "@/ui/invoices/payment-state-card";
import { CrossIcon } from "@/ui/shared/line-icons";
import { formatter } from "@/i18n/format";
import { firstParam, invoicePageContext, loadInvoice, loadPayment, localized, type InvoiceRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.failed");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Payment state "failed": declined, cancelled or expired at the provider; nothing was charged. */
export default async function PaymentFailedPage({ params, searchParams }: { params: InvoiceRouteParams; searchParams: Search }) {
  const ctx = await invoicePageContext(params);
  const invoice = await loadInvoice(ctx, (await params).invoiceNumber);
  const t = await getTranslations("invoice-pages.failed");
  const invoiceHref = ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`);
  const payment = await loadPayment(ctx, invoice, firstParam((await searchParams).payment));
  if (!payment) redirect(invoiceHref);
  if (payment.status === "succeeded" || payment.status === "created" || payment.status === "pending") redirect(localized(ctx, payment.nextPath));

  const f = formatter(ctx.locale, ctx.site.timezone);
  const retry = new URLSearchParams({ method: payment.method, attempt: crypto.randomUUID() });
  if (payment.bankBic) retry.set("bank", payment.bankBic);
  const reason = payment.status === "expired" ? "expired" : payment.status === "cancelled" ? "cancelled" : "declined";

  return (
    <PaymentStateCard icon={<CrossIcon size={28} />} color="red.9" title={t("title")} testId="payment-failed">
      <Text ta="center" role="alert" data-testid="failed-reason" data-status={payment.status}>
        {t(`reason-${reason}`)}
      </Text>
      <Text ta="center" size="sm">
        {invoice.canPay ? t("still-unpaid", { number: invoice.invoiceNumber, amount: f.money(invoice.totalCents, invoice.currency), date: f.date(invoice.dueDate) }) : t("no-charge")}
      </Text>
      <Group justify="center" gap="sm">
        {invoice.canPay ? (
          <LinkButton href={`${ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}/payment-processing`)}?${retry.toString()}`} data-testid="payment-retry">
            {t("retry")}
          </LinkButton>
        ) : null}
        <LinkButton href={`${invoiceHref}#pay`} variant="default">
          {invoice.canPay ? t("other-method") : t("to-invoice")}
        </LinkButton>
      </Group>
    </PaymentStateCard>
  );
}
