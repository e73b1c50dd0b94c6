"use client";

import { Alert, Button, SimpleGrid, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { isEnergy, type EnergyKind } from "./chart-state";
import { chartCsv, chartRows, summarise, type ChartModel } from "./chart-data";
import { ChartFrame, type FrameSeries } from "./chart-frame";
import { DataTable } from "./data-table";
import { formatter, type DisplayUnit } from "@/i18n/format";

function seriesColor(kind: EnergyKind, series: string): string {
  // Prices are electricity prices whatever the chart's energy kind.
  return `var(--portal-chart-${series === "price" ? "electricity" : kind}-${series})`;
}

function frameSeries(model: ChartModel, kind: EnergyKind, label: (i: number) => string): FrameSeries[] {
  const many = model.rows.length > 120;
  const interval = model.resolution !== "day" && model.resolution !== "month";
  const hasPriceOverlay = model.columns.some((c) => c.role === "overlay" && c.series === "price");
  return model.columns.map((c, i) => {
    const base = { key: c.key, label: label(i), color: seriesColor(kind, c.series), unit: c.unit };
    if (c.role === "overlay") {
      const axis = c.series === "temperature" && hasPriceOverlay ? "right2" : "right";
      return { ...base, type: "line", axis, curve: c.series === "price" && interval ? "stepAfter" : "monotone", connectNulls: true };
    }
    const comparison = c.role === "comparison";
    if (isEnergy(c.series)) {
      if (!many) return { ...base, type: "bar", axis: "left", opacity: comparison ? 0.45 : 1 };
      return comparison ? { ...base, type: "line", axis: "left", dashed: true, curve: "stepAfter" } : { ...base, type: "area", axis: "left" };
    }
    return { ...base, type: "line", axis: "left", dashed: comparison, curve: c.series === "price" && interval ? "stepAfter" : "monotone" };
  });
}

function downloadCsv(name: string, csv: string) {
  const blob = new Blob([csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A chart's figures: a total or average per series, the chart, a note on VAT and the table of its
 * values with a CSV download.
 */
export function ChartResults(props: {
  model: ChartModel;
  /** The energy kind of the points shown (colours). */
  kind: EnergyKind;
  currency: string;
  /** The period as the panel's title gives it. */
  period: string;
  /** Whether another chart is on its way. */
  busy: boolean;
  /** The name of the CSV file. */
  csvName: string;
}) {
  const t = useTranslations("charts");
  const locale = useLocale();
  const format = formatter(locale);
  const { model, currency } = props;
  const unitLabels: Record<string, string> = { kWh: t("units.kwh"), "c/kWh": t("units.c-kwh"), "°C": t("units.celsius") };
  const unitText = (unit: DisplayUnit) => (unit === "money" ? format.currencySymbol(currency) : unitLabels[unit]);
  const columnName = (i: number) => {
    const c = model.columns[i];
    const name = c.unit === "money" && isEnergy(c.series) ? t(`money-series.${c.series as "consumption" | "production" | "netted"}`) : t(`series.${c.series}`);
    return c.role === "comparison" ? t("comparison", { series: name, years: c.yearOffset ?? 1 }) : name;
  };
  const headers = model.columns.map((c, i) => t("column", { name: columnName(i), unit: unitText(c.unit) }));
  // The moment the page was drawn: buckets after it have not begun.
  const [now] = useState(() => Date.now());
  const summaries = summarise(model, now);
  // Money for production (and the sales part of netted) is revenue without VAT.
  const sales = model.columns.some((c) => c.unit === "money" && (c.series === "production" || c.series === "netted"));
  const noData = model.rows.every((r) => r.values.every((v) => v === null));
  const chartLabel = t("chart-label", { series: model.columns.map((_, i) => columnName(i)).join(", "), period: props.period });
  const xAxisLabel = t(`x-axis.${model.dateFormat === "MM.YYYY" ? "month" : model.dateFormat === "DD.MM" ? "day" : "time"}`);

  const onDownload = () => {
    const csv = chartCsv(model, [t("csv.time"), ...headers], locale);
    downloadCsv(props.csvName, csv);
  };

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: Math.min(3, model.columns.length) }} spacing="xs" data-testid="chart-summary">
        {model.columns.map((c, i) => (
          <div key={c.key}>
            <Text fz="xs" c="dimmed">
              {t(summaries[i].kind === "total" ? "summary.total" : "summary.average", { series: columnName(i) })}
            </Text>
            <Text fw={700} fz="lg">
              {summaries[i].value === null
                ? t("table.no-value")
                : c.unit === "money"
                  ? format.money(Math.round(summaries[i].value! * 100), currency)
                  : t("value", { value: format.number(summaries[i].value!, c.unit), unit: unitText(c.unit) })}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {summaries.map((s, i) =>
        s.upTo ? (
          <Text key={model.columns[i].key} fz="xs" c="dimmed" data-testid="chart-partial-comparison">
            {t("summary.partial", { date: format.bucket(s.upTo, model.resolution) })}
          </Text>
        ) : null,
      )}
      {noData ? (
        <Alert variant="light" color="gray" title={t("no-data-title")} data-testid="chart-no-data">
          {t("no-data")}
        </Alert>
      ) : null}
      <ChartFrame
        rows={chartRows(model)}
        series={frameSeries(model, props.kind, columnName)}
        dateFormat={model.dateFormat}
        resolution={model.resolution}
        currency={model.currency}
        unitLabels={unitLabels}
        label={chartLabel}
        xAxisLabel={xAxisLabel}
        busy={props.busy}
        busyLabel={t("loading")}
        testId="energy-chart"
      />
      {model.vatIncluded || sales ? (
        <Text fz="xs" c="dimmed">
          {[model.vatIncluded ? t("vat-included") : null, sales ? t("sales-without-vat") : null].filter(Boolean).join(" ")}
        </Text>
      ) : null}
      <DataTable
        caption={t("table.caption", { series: model.columns.map((_, i) => columnName(i)).join(", "), period: props.period })}
        headers={headers}
        units={model.columns.map((c) => c.unit)}
        rows={model.rows}
        resolution={model.resolution}
        testId="chart-table"
        actions={
          <Button variant="subtle" size="compact-sm" onClick={onDownload} data-testid="download-csv">
            {t("download")}
          </Button>
        }
      />
    </>
  );
}
