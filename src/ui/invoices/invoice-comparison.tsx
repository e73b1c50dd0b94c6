import { Anchor, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import type { InvoiceDetail } from "@/api/schemas/invoices";
import { formatter } from "@/i18n/format";
import classes from "./invoices.module.css";

/** Consumption compared with the same period a year earlier (EU Directive 2019/944, Annex I). */
export async function InvoiceComparison({ invoice, locale, href }: { invoice: InvoiceDetail; locale: string; href: (path: string) => string }) {
  const t = await getTranslations("invoice-pages.comparison");
  const c = invoice.comparison;
  if (!invoice.meteringPoints.length) return null;
  const kind = invoice.meteringPoints[0]?.energyKind ?? "electricity";
  const utility = kind === "gas" || kind === "heating" ? kind : "electricity";
  const f = formatter(locale);
  const kwh = (wh: number) => t("kwh", { value: f.kwh(wh) });
  const max = Math.max(c.consumptionWh, c.previousConsumptionWh ?? 0, 1);
  const width = (wh: number) => `${Math.max(2, Math.round((wh / max) * 100))}%`;
  const change = c.changePercent;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="comparison-title" data-testid="invoice-comparison">
      <Stack gap="md">
        <Title order={2} size="h3" id="comparison-title">
          {t("title")}
        </Title>
        <Stack gap="sm">
          <Box>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {t("this-period", { period: f.period(c.periodStart, c.periodEnd) })}
              </Text>
              <Text size="sm" fw={700} className={classes.amount} data-testid="comparison-current">
                {kwh(c.consumptionWh)}
              </Text>
            </Group>
            <Box className={classes.bar} mt={4} w={width(c.consumptionWh)} bg={`var(--portal-chart-${utility}-consumption)`} aria-hidden="true" />
          </Box>
          <Box>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {t("year-earlier", { period: f.period(c.previousPeriodStart, c.previousPeriodEnd) })}
              </Text>
              <Text size="sm" fw={700} className={classes.amount} data-testid="comparison-previous">
                {c.previousConsumptionWh !== null ? kwh(c.previousConsumptionWh) : t("no-data-short")}
              </Text>
            </Group>
            {c.previousConsumptionWh !== null ? <Box className={classes.bar} mt={4} w={width(c.previousConsumptionWh)} bg="var(--mantine-color-gray-5)" aria-hidden="true" /> : null}
          </Box>
        </Stack>
        {c.previousConsumptionWh === null ? (
          <Text size="sm">{t("no-data")}</Text>
        ) : (
          <Text size="sm" data-testid="comparison-text">
            {change === null ? t("no-change-data") : change === 0 ? t("same") : t(change > 0 ? "more" : "less", { percent: f.number(Math.abs(change), "percentNumber") })}{" "}
            {t("daily", {
              current: kwh(c.averageDailyWh),
              previous: c.previousAverageDailyWh !== null ? kwh(c.previousAverageDailyWh) : "–",
            })}
          </Text>
        )}
        {c.previousInvoice ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t("previous-invoice", { amount: f.money(c.previousInvoice.totalCents, c.previousInvoice.currency) })}</Text>
            <Anchor component={Link} href={href(`/invoices/${encodeURIComponent(c.previousInvoice.invoiceNumber)}`)} size="sm">
              {t("open-previous", { number: c.previousInvoice.invoiceNumber })}
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
