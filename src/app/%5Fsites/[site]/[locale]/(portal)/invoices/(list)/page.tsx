import { Group, Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";
import { LinkButton } from "@/ui/shared/link-button";
import { getTranslations } from "next-intl/server";
import { listInvoices } from "@/server/invoices/invoices";
import { amountToPay } from "@/server/invoices/summary";
import { InvoiceFilters } from "@/ui/invoices/invoice-filters";
import { InvoiceList } from "@/ui/invoices/invoice-list";
import { InvoiceEmptyState } from "@/ui/invoices/empty";
import { NoCustomerNotice } from "@/ui/invoices/no-customer";
import { formatter } from "@/i18n/format";
import classes from "@/ui/invoices/invoices.module.css";
import { firstParam, invoicePageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("invoice-pages.list");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function InvoicesPage({ params, searchParams }: { params: RouteParams; searchParams: Search }) {
  const ctx = await invoicePageContext(params);
  const t = await getTranslations("invoice-pages.list");
  const q = await searchParams;
  const rawStatus = firstParam(q.status);
  const rawType = firstParam(q.type);
  const status = rawStatus === "paid" || rawStatus === "unpaid" ? rawStatus : undefined;
  const type = rawType === "Regular" || rawType === "E-Invoice" ? rawType : undefined;

  if (!ctx.customerId) {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <NoCustomerNotice homeHref={ctx.href("/")} />
      </Stack>
    );
  }

  const [invoices, toPay] = await Promise.all([listInvoices({ site: ctx.site, customerId: ctx.customerId, status, type }), amountToPay(ctx.site, ctx.customerId)]);
  const filtered = !!(status || type);

  return (
    <Stack gap="lg">
      <Heading order={1}>{t("title")}</Heading>
      {toPay.count ? (
        <div className={panels.panel} data-testid="invoice-summary">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t("summary-to-pay")}
              </Text>
              <Text fz="xl" fw={700} className={classes.amount}>
                {formatter(ctx.locale).money(toPay.totalCents, toPay.currency)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <Text size="sm">{t("summary-unpaid", { count: toPay.count })}</Text>
              {toPay.overdue ? (
                <Text size="sm" fw={700} className={classes.warningText}>
                  {t("summary-overdue", { count: toPay.overdue })}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </div>
      ) : null}
      <InvoiceFilters status={status ?? "all"} type={type ?? "all"}>
        {invoices.length ? (
          <InvoiceList invoices={invoices} locale={ctx.locale} href={(n) => ctx.href(`/invoices/${encodeURIComponent(n)}`)} />
        ) : filtered ? (
          <InvoiceEmptyState
            title={t("empty-filtered-title")}
            description={t("empty-filtered")}
            action={
              <LinkButton href={ctx.href("/invoices")} variant="default">
                {t("clear-filters")}
              </LinkButton>
            }
          />
        ) : (
          <InvoiceEmptyState title={t("empty-title")} description={t("empty")} />
        )}
      </InvoiceFilters>
    </Stack>
  );
}
