import { Text } from "@mantine/core";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PaymentStateCard } from "@/ui/invoices/payment-state-card";
import { PaymentWaiting } from "@/ui/invoices/payment-waiting";
import { ClockIcon } from "@/ui/shared/line-icons";
import { formatter } from "@/i18n/format";
import { firstParam, invoicePageContext, loadInvoice, loadPayment, localized, type InvoiceRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.waiting");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Payment state "waiting-confirmation": back from the provider, waiting for it to confirm. */
export default async function WaitingConfirmationPage({ params, searchParams }: { params: InvoiceRouteParams; searchParams: Search }) {
  const ctx = await invoicePageContext(params);
  const invoice = await loadInvoice(ctx, (await params).invoiceNumber);
  const t = await getTranslations("invoice-pages.waiting");
  const invoiceHref = ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`);
  const payment = await loadPayment(ctx, invoice, firstParam((await searchParams).payment));
  if (!payment) redirect(invoiceHref);
  if (payment.status !== "created" && payment.status !== "pending") redirect(localized(ctx, payment.nextPath));

  return (
    <PaymentStateCard icon={<ClockIcon size={28} />} color="primary" title={t("title")} testId="payment-waiting">
      <Text ta="center" fw={600}>
        {t("paying", { number: invoice.invoiceNumber, amount: formatter(ctx.locale).money(payment.amountCents, payment.currency) })}
      </Text>
      <PaymentWaiting paymentId={payment.id} initialStatus={payment.status} initialRedirectUrl={payment.redirectUrl} prefix={ctx.prefix} invoiceHref={invoiceHref} />
    </PaymentStateCard>
  );
}
