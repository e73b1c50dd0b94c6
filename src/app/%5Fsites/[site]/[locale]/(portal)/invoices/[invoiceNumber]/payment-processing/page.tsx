import { Group, Text } from "@mantine/core";
import { LinkButton } from "@/ui/shared/link-button";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PaymentStateCard } from "@/ui/invoices/payment-state-card";
import { StartPayment } from "@/ui/invoices/start-payment";
import { BankIcon, CardIcon, CheckIcon } from "@/ui/shared/line-icons";
import { formatter } from "@/i18n/format";
import { firstParam, invoicePageContext, loadInvoice, loadPayment, localized, type InvoiceRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.processing");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Payment state "payment-processing": the payment is being started and the browser sent to the provider. */
export default async function PaymentProcessingPage({ params, searchParams }: { params: InvoiceRouteParams; searchParams: Search }) {
  const ctx = await invoicePageContext(params);
  const invoice = await loadInvoice(ctx, (await params).invoiceNumber);
  const t = await getTranslations("invoice-pages.processing");
  const q = await searchParams;
  const invoiceHref = ctx.href(`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`);

  const paymentParam = firstParam(q.payment);
  if (paymentParam) {
    const payment = await loadPayment(ctx, invoice, paymentParam);
    if (payment && payment.status !== "created") redirect(localized(ctx, payment.nextPath));
    if (payment?.redirectUrl) {
      return (
        <PaymentStateCard icon={payment.method === "card" ? <CardIcon size={28} /> : <BankIcon size={28} />} color="primary" title={t("title")} testId="payment-processing">
          <StartPayment
            invoiceNumber={invoice.invoiceNumber}
            method={payment.method}
            bankBic={payment.bankBic}
            attempt={null}
            resumeUrl={payment.redirectUrl}
            prefix={ctx.prefix}
            invoiceHref={invoiceHref}
          />
        </PaymentStateCard>
      );
    }
  }

  if (!invoice.canPay) {
    return (
      <PaymentStateCard icon={<CheckIcon size={28} />} color="gray.7" title={t("not-payable-title")} testId="payment-processing">
        <Text ta="center">{invoice.status === "paid" ? t("already-paid") : t("not-payable")}</Text>
        <Group justify="center">
          <LinkButton href={invoiceHref} variant="default">
            {t("back")}
          </LinkButton>
        </Group>
      </PaymentStateCard>
    );
  }

  const methodParam = firstParam(q.method);
  const method = methodParam === "card" ? "card" : "bank";
  const bankParam = firstParam(q.bank)?.toUpperCase();
  const bankBic = method === "bank" && bankParam && /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(bankParam) ? bankParam : null;
  const attemptParam = firstParam(q.attempt);
  const attempt = attemptParam && /^[A-Za-z0-9._:-]{8,100}$/.test(attemptParam) ? attemptParam : null;

  return (
    <PaymentStateCard icon={method === "card" ? <CardIcon size={28} /> : <BankIcon size={28} />} color="primary" title={t("title")} testId="payment-processing">
      <Text ta="center" fw={600}>
        {t("paying", { number: invoice.invoiceNumber, amount: formatter(ctx.locale).money(invoice.totalCents, invoice.currency) })}
      </Text>
      <StartPayment invoiceNumber={invoice.invoiceNumber} method={method} bankBic={bankBic} attempt={attempt} prefix={ctx.prefix} invoiceHref={invoiceHref} />
    </PaymentStateCard>
  );
}
