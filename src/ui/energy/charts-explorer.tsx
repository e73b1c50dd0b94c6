"use client";

import { ActionIcon, Alert, Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import dynamic from "next/dynamic";
import { usePathname, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { addDays, isoWeek } from "@/lib/calendar";
import {
  availableMeasurements,
  availableOverlays,
  availableResolutions,
  canShift,
  changeChartState,
  chartStateQuery,
  EARLIEST_DATE,
  energyKindOf,
  isEnergy,
  lastDay,
  MAX_COMPARE_YEARS,
  overlayResolution,
  RANGE_KINDS,
  readChartState,
  readingsQuery,
  shiftPeriod,
  type ChartOptions,
  type ChartState,
  type EnergyKind,
  type Overlay,
} from "./chart-state";
import { buildChartModel, chartCsv, chartRows, summarise, type ChartModel, type ChartReadings } from "./chart-data";
import { ChartFrame, type FrameSeries } from "./chart-frame";
import { ControlGroup } from "./control-group";
import { DataTable } from "./data-table";
import { Segmented } from "@/ui/shared/segmented";
import { formatter, type DisplayUnit } from "@/i18n/format";

export interface ChartBundle {
  main: ChartReadings;
  overlays: { overlay: Overlay; readings: ChartReadings }[];
}

export interface PointInfo {
  gsrn: string;
  energyKind: EnergyKind;
  address: string;
}

const CustomRangePicker = dynamic(() => import("./custom-range-picker"), { ssr: false, loading: () => <Skeleton h={36} w={230} mt={24} /> });

// ------------------------------------------------------------------ data

/** Fetched charts are kept a minute (spec §9: unused data kept 60 seconds), so stepping back and forth is instant. */
const KEEP_MS = 60_000;
const cache = new Map<string, { at: number; promise: Promise<ChartBundle>; value?: ChartBundle }>();

export function bundleKey(state: ChartState): string {
  return [readingsQuery(state), ...state.overlays.map((o) => readingsQuery(state, o, overlayResolution(o, state.resolution), false))].join("|");
}

function cached(key: string): ChartBundle | undefined {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at > KEEP_MS) {
    cache.delete(key);
    return undefined;
  }
  return hit?.value;
}

function remember(key: string, value: ChartBundle) {
  cache.set(key, { at: Date.now(), promise: Promise.resolve(value), value });
}

function loadBundle(state: ChartState): Promise<ChartBundle> {
  const key = bundleKey(state);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at <= KEEP_MS) return hit.promise;
  const get = (q: string) => api<ChartReadings>(`/api/charts/readings?${q}`);
  const promise = Promise.all([
    get(readingsQuery(state)),
    ...state.overlays.map((o) => get(readingsQuery(state, o, overlayResolution(o, state.resolution), false))),
  ]).then(([main, ...rest]) => {
    const bundle = { main, overlays: rest.map((readings, i) => ({ overlay: state.overlays[i], readings })) };
    const entry = cache.get(key);
    if (entry) entry.value = bundle;
    return bundle;
  });
  cache.set(key, { at: Date.now(), promise });
  promise.catch(() => cache.delete(key));
  while (cache.size > 40) cache.delete(cache.keys().next().value!);
  return promise;
}

// ------------------------------------------------------------------ view helpers

function periodTitle(state: ChartState, locale: string, t: (key: "period.week", values: { week: number; from: string; to: string }) => string): { text: string; dateTime?: string } {
  const last = addDays(state.to, -1);
  const f = formatter(locale);
  switch (state.range) {
    case "day":
      return { text: `${f.weekday(state.from)} ${f.date(state.from)}`, dateTime: state.from };
    case "week":
      return { text: t("period.week", { week: isoWeek(state.from).week, from: f.date(state.from), to: f.date(last) }) };
    case "month":
      return { text: f.monthYear(state.from), dateTime: state.from.slice(0, 7) };
    case "year":
      return { text: state.from.slice(0, 4), dateTime: state.from.slice(0, 4) };
    case "custom":
      return { text: f.period(state.from, last) };
  }
}

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
  // A byte order mark, so spreadsheet programs read the file as UTF-8 (€, °C).
  const blob = new Blob([`\uFEFF${csv}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ------------------------------------------------------------------ component

export function ChartsExplorer(props: { options: ChartOptions; points: PointInfo[]; initialState: ChartState; initial: ChartBundle | null }) {
  const t = useTranslations("charts");
  const locale = useLocale();
  const format = formatter(locale);
  const onError = useApiErrorHandler();
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const { options } = props;
  const state = useMemo(() => readChartState(searchParams, options), [searchParams, options]);
  const key = bundleKey(state);

  const [shown, setShown] = useState<{ key: string; bundle: ChartBundle } | null>(() => {
    if (!props.initial) return null;
    const initialKey = bundleKey(props.initialState);
    remember(initialKey, props.initial);
    return { key: initialKey, bundle: props.initial };
  });
  const [failed, setFailed] = useState<string | null>(null);

  // The URL always holds the whole (valid) state, so a reload shows the same chart.
  useEffect(() => {
    const canonical = chartStateQuery(state);
    if (searchParams.toString() !== canonical) window.history.replaceState(window.history.state, "", `${pathname}?${canonical}`);
  }, [state, searchParams, pathname]);

  useEffect(() => {
    let live = true;
    loadBundle(state).then(
      (bundle) => {
        if (!live) return;
        setShown({ key, bundle });
        setFailed(null);
        // The neighbouring periods are fetched ahead, so the previous/next buttons answer at once.
        for (const direction of [-1, 1] as const) {
          if (canShift(state, direction, options)) void loadBundle({ ...state, ...shiftPeriod(state, direction) }).catch(() => {});
        }
      },
      (error) => {
        if (!live) return;
        setFailed(key);
        onError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [key, state, options, onError]);

  const update = useCallback(
    (change: Partial<ChartState>) => {
      const next = changeChartState(state, change, options);
      window.history.pushState(null, "", `${pathname}?${chartStateQuery(next)}`);
    },
    [state, options, pathname],
  );

  const kind = energyKindOf(state, options) ?? "electricity";
  const measurements = availableMeasurements(state.gsrn, options);
  const overlayOptions = availableOverlays(state.measurement, state.gsrn, options);
  const resolutions = availableResolutions(state, options);
  const title = periodTitle(state, locale, t);
  // A chart fetched before (a neighbour fetched ahead, or one seen a moment ago) shows at once.
  const ready = cached(key);
  const display = ready ? { key, bundle: ready } : shown;
  const busy = !!display && display.key !== key && failed !== key;

  const displayed = display?.bundle;
  const model = displayed ? buildChartModel(displayed.main, displayed.overlays) : null;
  const shownKind = display ? (props.points.find((p) => p.gsrn === display.bundle.main.meteringPoints[0])?.energyKind ?? kind) : kind;
  const currency = display?.bundle.main.currency ?? "EUR";
  const unitLabels: Record<string, string> = { kWh: t("units.kwh"), "c/kWh": t("units.c-kwh"), "°C": t("units.celsius") };
  const unitText = (unit: DisplayUnit) => (unit === "money" ? format.currencySymbol(currency) : unitLabels[unit]);
  const columnName = (i: number) => {
    const c = model!.columns[i];
    const name = c.unit === "money" && isEnergy(c.series) ? t(`money-series.${c.series as "consumption" | "production" | "netted"}`) : t(`series.${c.series}`);
    return c.role === "comparison" ? t("comparison", { series: name, years: c.yearOffset ?? 1 }) : name;
  };
  const headers = model ? model.columns.map((c, i) => t("column", { name: columnName(i), unit: unitText(c.unit) })) : [];
  const summaries = model ? summarise(model) : [];
  // Money for production (and the sales part of netted) is revenue without VAT.
  const sales = !!model && model.columns.some((c) => c.unit === "money" && (c.series === "production" || c.series === "netted"));
  const noData = !!model && model.rows.every((r) => r.values.every((v) => v === null));
  const chartLabel = model ? t("chart-label", { series: model.columns.map((_, i) => columnName(i)).join(", "), period: title.text }) : "";
  const xAxisLabel = model ? t(`x-axis.${model.dateFormat === "MM.YYYY" ? "month" : model.dateFormat === "DD.MM" ? "day" : "time"}`) : "";

  const pointData = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const p of props.points) {
      const items = groups.get(p.address) ?? [];
      items.push({ value: p.gsrn, label: t("point-option", { kind: t(`energy-kind.${p.energyKind}`), gsrn: p.gsrn }) });
      groups.set(p.address, items);
    }
    return [...groups.entries()].map(([group, items]) => ({ group, items }));
  }, [props.points, t]);

  const onPoints = (values: string[]) => {
    if (!values.length) return;
    const added = values.find((v) => !state.gsrn.includes(v));
    const addedKind = added ? options.points.find((p) => p.gsrn === added)?.energyKind : undefined;
    const gsrn = addedKind && addedKind !== kind ? values.filter((v) => options.points.find((p) => p.gsrn === v)?.energyKind === addedKind) : values;
    update({ gsrn });
  };

  const onDownload = () => {
    if (!model) return;
    const csv = chartCsv(model, [t("csv.time"), ...headers]);
    downloadCsv(`${display!.bundle.main.measurement}_${state.from}_${addDays(state.to, -1)}.csv`, csv);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="chart-settings">
        <Title order={2} size="h4" id="chart-settings" mb="sm">
          {t("controls.heading")}
        </Title>
        <Stack gap="sm">
          {props.points.length ? (
            <MultiSelect
              label={t("controls.points")}
              description={t("controls.points-hint")}
              data={pointData}
              value={state.gsrn}
              onChange={onPoints}
              clearable={false}
              checkIconPosition="right"
              data-testid="point-picker"
            />
          ) : null}
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={t("controls.series")}
              data={measurements.map((m) => ({ value: m, label: t(`series.${m}`) }))}
              value={state.measurement}
              onChange={(v) => v && update({ measurement: v as ChartState["measurement"] })}
              allowDeselect={false}
              w={{ base: "100%", xs: 200 }}
              data-testid="series-select"
            />
            {overlayOptions.length ? (
              <ControlGroup legend={t("controls.overlays")}>
                <Group gap="md" mih={36}>
                  {overlayOptions.map((o) => (
                    <Checkbox
                      key={o}
                      label={t(`series.${o}`)}
                      checked={state.overlays.includes(o)}
                      onChange={(e) => update({ overlays: e.currentTarget.checked ? [...state.overlays, o] : state.overlays.filter((x) => x !== o) })}
                    />
                  ))}
                </Group>
              </ControlGroup>
            ) : null}
            {isEnergy(state.measurement) ? (
              <ControlGroup legend={t("controls.unit")}>
                <Segmented
                  value={state.unit}
                  onChange={(v) => update({ unit: v })}
                  data={[
                    { value: "kwh", label: t("units.kwh") },
                    { value: "money", label: t("controls.money", { currency: format.currencySymbol(currency) }) },
                  ]}
                  data-testid="unit-toggle"
                />
              </ControlGroup>
            ) : null}
          </Group>
          <ControlGroup legend={t("controls.range")}>
            <Segmented
              value={state.range}
              onChange={(v) => update({ range: v })}
              data={RANGE_KINDS.map((r) => ({ value: r, label: t(`range.${r}`) }))}
              fullWidth
              maw={520}
              data-testid="range-control"
            />
          </ControlGroup>
          <Group gap="md" align="flex-end" wrap="wrap">
            <Select
              label={t("controls.resolution")}
              data={resolutions.map((r) => ({ value: r, label: t(`resolution.${r}`) }))}
              value={state.resolution}
              onChange={(v) => v && update({ resolution: v as ChartState["resolution"] })}
              allowDeselect={false}
              w={{ base: "100%", xs: 160 }}
              data-testid="resolution-select"
            />
            <Select
              label={t("controls.compare")}
              data={[{ value: "0", label: t("controls.compare-none") }, ...Array.from({ length: MAX_COMPARE_YEARS }, (_, i) => ({ value: String(i + 1), label: t("controls.compare-years", { years: i + 1 }) }))]}
              value={String(state.compare)}
              onChange={(v) => v !== null && update({ compare: Number(v) })}
              allowDeselect={false}
              w={{ base: "100%", xs: 280 }}
              data-testid="compare-select"
            />
            {state.range === "custom" ? (
              <CustomRangePicker
                key={`${state.from}|${state.to}`}
                locale={locale}
                label={t("controls.custom-range")}
                from={state.from}
                to={addDays(state.to, -1)}
                minDate={EARLIEST_DATE}
                maxDate={lastDay(state, options)}
                onChange={(from, to) => update({ from, to: addDays(to, 1) })}
              />
            ) : null}
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="chart-period" data-testid="chart-panel" data-query={chartStateQuery(state)} data-want={key} data-shown={display?.key ?? ""}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("controls.previous")}
              disabled={!canShift(state, -1, options)}
              onClick={() => update(shiftPeriod(state, -1))}
              data-testid="previous-period"
            >
              <span aria-hidden>‹</span>
            </ActionIcon>
            <Title order={2} size="h4" id="chart-period" ta="center" data-testid="period-title">
              {title.dateTime ? <time dateTime={title.dateTime}>{title.text}</time> : title.text}
            </Title>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t("controls.next")}
              disabled={!canShift(state, 1, options)}
              onClick={() => update(shiftPeriod(state, 1))}
              data-testid="next-period"
            >
              <span aria-hidden>›</span>
            </ActionIcon>
          </Group>

          {model ? (
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
              {noData ? (
                <Alert variant="light" color="gray" title={t("no-data-title")} data-testid="chart-no-data">
                  {t("no-data")}
                </Alert>
              ) : null}
              <ChartFrame
                rows={chartRows(model)}
                series={frameSeries(model, shownKind, columnName)}
                dateFormat={model.dateFormat}
                resolution={model.resolution}
                currency={model.currency}
                unitLabels={unitLabels}
                label={chartLabel}
                xAxisLabel={xAxisLabel}
                busy={busy}
                busyLabel={t("loading")}
                testId="energy-chart"
              />
              {model.vatIncluded || sales ? (
                <Text fz="xs" c="dimmed">
                  {[model.vatIncluded ? t("vat-included") : null, sales ? t("sales-without-vat") : null].filter(Boolean).join(" ")}
                </Text>
              ) : null}
              <DataTable
                caption={t("table.caption", { series: model.columns.map((_, i) => columnName(i)).join(", "), period: title.text })}
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
          ) : failed ? (
            <Alert color="red" variant="light" title={t("failed-title")}>
              {t("failed")}
            </Alert>
          ) : (
            <Skeleton h={340} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

