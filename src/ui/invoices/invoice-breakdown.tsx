import { Box, DataList, Group, Paper, Stack, Text, Title, DataListItem, DataListItemLabel, DataListItemValue } from "@mantine/core";
import tableClasses from "@/ui/shared/table.module.css";
import { getTranslations } from "next-intl/server";
import type { InvoiceDetail, InvoiceLine } from "@/api/schemas/invoices";
import { formatter } from "@/i18n/format";
import classes from "./invoices.module.css";

/** What the invoice is for: metering points and their consumption, lines with unit prices, VAT and totals. */
export async function InvoiceBreakdown({ invoice, locale }: { invoice: InvoiceDetail; locale: string }) {
  const t = await getTranslations("invoice-pages.breakdown");
  const tInv = await getTranslations("invoices");
  const f = formatter(locale);
  const money = (cents: number) => f.money(cents, invoice.currency);
  const kwh = (wh: number) => t("kwh", { value: f.kwh(wh) });
  const percent = (rate: number) => f.percent(rate);
  const quantity = (l: InvoiceLine) => t("quantity", { value: f.number(l.quantity, "quantity"), unit: tInv(`units.${l.unit}`) });
  const unitPrice = (l: InvoiceLine) =>
    l.unit === "kWh"
      ? t("price-c-kwh", { value: f.number(l.unitPriceCents, "unitPrice") })
      : t("price-per-unit", { price: f.money(l.unitPriceCents, invoice.currency), unit: tInv(`units.${l.unit}`) });
  const description = (l: InvoiceLine) => tInv(`components.${l.component}`);
  const multiPoint = invoice.meteringPoints.length > 1;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="breakdown-title" data-testid="invoice-breakdown">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="breakdown-title">
            {t("title")}
          </Title>
          <Text size="sm">{t("period", { from: f.date(invoice.periodStart), to: f.date(invoice.periodEnd), days: invoice.comparison.days })}</Text>
        </Stack>

        {invoice.meteringPoints.length ? (
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t("metering-points")}
            </Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {invoice.meteringPoints.map((mp) => (
                <Box component="li" key={mp.id} p="sm" style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-default)" }} data-testid="metering-point">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0}>
                      <Text fw={600}>{tInv(`energyKinds.${mp.energyKind}`)}</Text>
                      <Text size="sm">{mp.address}</Text>
                      <Text size="sm" c="dimmed">
                        {t("gsrn", { gsrn: mp.gsrn })}
                      </Text>
                    </Stack>
                    <Stack gap={0} align="flex-end">
                      <Text fw={700} className={classes.amount}>
                        {kwh(mp.consumptionWh)}
                      </Text>
                      {mp.previousYearConsumptionWh !== null ? (
                        <Text size="sm" c="dimmed">
                          {t("year-earlier", { value: kwh(mp.previousYearConsumptionWh) })}
                        </Text>
                      ) : null}
                    </Stack>
                  </Group>
                </Box>
              ))}
            </Stack>
          </Stack>
        ) : null}

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t("lines")}
          </Title>
          <Box visibleFrom="md">
            <table className={tableClasses.table} data-spacing="xs" data-testid="invoice-lines">
              <caption>{t("prices-note")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("col-description")}</th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-quantity")}
                  </th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-unit-price")}
                  </th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-net")}
                  </th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-vat-rate")}
                  </th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-vat")}
                  </th>
                  <th scope="col" className={classes.numeric}>
                    {t("col-total")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((l) => (
                  <tr key={l.id} data-testid="invoice-line">
                    <th scope="row" style={{ fontWeight: 500 }}>
                      {description(l)}
                      {l.productName || (multiPoint && l.gsrn) ? (
                        <Text size="xs" c="dimmed" component="span" display="block">
                          {[l.productName, multiPoint && l.gsrn ? t("gsrn", { gsrn: l.gsrn }) : null].filter(Boolean).join(" · ")}
                        </Text>
                      ) : null}
                    </th>
                    <td className={classes.numeric}>{quantity(l)}</td>
                    <td className={classes.numeric}>{unitPrice(l)}</td>
                    <td className={classes.numeric}>{money(l.netCents)}</td>
                    <td className={classes.numeric}>{percent(l.vatRate)}</td>
                    <td className={classes.numeric}>{money(l.vatCents)}</td>
                    <td className={classes.numeric} data-testid="line-total">
                      {money(l.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t("total")}
                  </th>
                  <td className={classes.numeric} style={{ fontWeight: 700 }}>
                    {money(invoice.netCents)}
                  </td>
                  <td />
                  <td className={classes.numeric} style={{ fontWeight: 700 }}>
                    {money(invoice.vatCents)}
                  </td>
                  <td className={classes.numeric} style={{ fontWeight: 700 }}>
                    {money(invoice.totalCents)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </Box>
          <Stack hiddenFrom="md" gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("lines")}>
            {invoice.lines.map((l) => (
              <Box component="li" key={l.id} py="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0}>
                    <Text fw={600}>{description(l)}</Text>
                    {l.productName ? (
                      <Text size="xs" c="dimmed">
                        {l.productName}
                      </Text>
                    ) : null}
                    <Text size="sm">{t("quantity-times-price", { quantity: quantity(l), price: unitPrice(l) })}</Text>
                    <Text size="xs" c="dimmed">
                      {t("line-vat", { rate: percent(l.vatRate), vat: money(l.vatCents), net: money(l.netCents) })}
                    </Text>
                  </Stack>
                  <Text fw={700} className={classes.amount}>
                    {money(l.totalCents)}
                  </Text>
                </Group>
              </Box>
            ))}
          </Stack>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h4">
            {t("vat-title")}
          </Title>
          <DataList labelWidth="12rem" withDivider data-testid="invoice-totals">
            {invoice.vatBreakdown.map((g) => (
              <DataListItem key={g.vatRateBasisPoints}>
                <DataListItemLabel>{t("vat-group", { rate: percent(g.vatRate), net: money(g.netCents) })}</DataListItemLabel>
                <DataListItemValue className={classes.amount}>{money(g.vatCents)}</DataListItemValue>
              </DataListItem>
            ))}
            <DataListItem>
              <DataListItemLabel>{t("total-net")}</DataListItemLabel>
              <DataListItemValue className={classes.amount}>{money(invoice.netCents)}</DataListItemValue>
            </DataListItem>
            <DataListItem>
              <DataListItemLabel>{t("total-vat")}</DataListItemLabel>
              <DataListItemValue className={classes.amount}>{money(invoice.vatCents)}</DataListItemValue>
            </DataListItem>
            <DataListItem>
              <DataListItemLabel>
                <Text span fw={700} inherit>
                  {t("total-gross")}
                </Text>
              </DataListItemLabel>
              <DataListItemValue className={classes.amount}>
                <Text span fw={700} inherit data-testid="breakdown-total">
                  {money(invoice.totalCents)}
                </Text>
              </DataListItemValue>
            </DataListItem>
          </DataList>
        </Stack>
      </Stack>
    </Paper>
  );
}
