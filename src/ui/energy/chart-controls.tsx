"use client";

import { Checkbox, Group, NativeSelect, Paper, Skeleton, Stack, Title } from "@mantine/core";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { addDays } from "@/lib/calendar";
import {
  availableMeasurements,
  availableOverlays,
  availableResolutions,
  EARLIEST_DATE,
  isEnergy,
  lastDay,
  MAX_COMPARE_YEARS,
  RANGE_KINDS,
  type ChartOptions,
  type ChartState,
  type EnergyKind,
} from "./chart-state";
import { ControlGroup } from "./control-group";
import classes from "./energy.module.css";
import { Segmented } from "@/ui/shared/segmented";
import { formatter } from "@/i18n/format";

export interface PointInfo {
  gsrn: string;
  energyKind: EnergyKind;
  address: string;
}

const CustomRangePicker = dynamic(() => import("./custom-range-picker"), { ssr: false, loading: () => <Skeleton h={36} w={230} mt={24} /> });

/**
 * The chart's settings: metering points, series, overlays, unit, range, resolution, comparison
 * and a custom range. Every change goes through `update` (the URL holds the state).
 */
export function ChartControls(props: {
  state: ChartState;
  options: ChartOptions;
  points: PointInfo[];
  /** The energy kind of the chosen points. */
  kind: EnergyKind;
  currency: string;
  update: (change: Partial<ChartState>) => void;
}) {
  const t = useTranslations("charts");
  const locale = useLocale();
  const format = formatter(locale);
  const { state, options, kind, currency, update } = props;
  const measurements = availableMeasurements(state.gsrn, options);
  const overlayOptions = availableOverlays(state.measurement, state.gsrn, options);
  const resolutions = availableResolutions(state, options);

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

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="chart-settings">
      <Title order={2} size="h4" id="chart-settings" mb="sm">
        {t("controls.heading")}
      </Title>
      <Stack gap="sm">
        {props.points.length ? (
          <Checkbox.Group label={t("controls.points")} description={t("controls.points-hint")} value={state.gsrn} onChange={onPoints} data-testid="point-picker">
            <Stack gap={6} mt={6}>
              {pointData.map(({ group, items }) => (
                <fieldset key={group} className={classes.pointGroup}>
                  <legend className={classes.pointAddress} translate="no">
                    {group}
                  </legend>
                  <Group gap="md">
                    {items.map((item) => (
                      <Checkbox key={item.value} value={item.value} label={item.label} />
                    ))}
                  </Group>
                </fieldset>
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t("controls.series")}
            data={measurements.map((m) => ({ value: m, label: t(`series.${m}`) }))}
            value={state.measurement}
            onChange={(e) => update({ measurement: e.currentTarget.value as ChartState["measurement"] })}
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
          <Segmented value={state.range} onChange={(v) => update({ range: v })} data={RANGE_KINDS.map((r) => ({ value: r, label: t(`range.${r}`) }))} fullWidth maw={520} data-testid="range-control" />
        </ControlGroup>
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t("controls.resolution")}
            data={resolutions.map((r) => ({ value: r, label: t(`resolution.${r}`) }))}
            value={state.resolution}
            onChange={(e) => update({ resolution: e.currentTarget.value as ChartState["resolution"] })}
            w={{ base: "100%", xs: 160 }}
            data-testid="resolution-select"
          />
          <NativeSelect
            label={t("controls.compare")}
            data={[
              { value: "0", label: t("controls.compare-none") },
              ...Array.from({ length: MAX_COMPARE_YEARS }, (_, i) => ({ value: String(i + 1), label: t("controls.compare-years", { years: i + 1 }) })),
            ]}
            value={String(state.compare)}
            onChange={(e) => update({ compare: Number(e.currentTarget.value) })}
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
  );
}
