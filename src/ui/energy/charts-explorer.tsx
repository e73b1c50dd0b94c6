"use client";

import { ActionIcon, Alert, Grid, Group, Paper, Skeleton, Stack, Title } from "@mantine/core";
import { usePathname, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo } from "react";
import { addDays, isoWeek } from "@/lib/calendar";
import { canShift, changeChartState, chartStateQuery, energyKindOf, readChartState, shiftPeriod, type ChartOptions, type ChartState } from "./chart-state";
import { buildChartModel } from "./chart-data";
import { useChartBundle, type ChartBundle } from "./chart-bundle";
import { ChartControls, type PointInfo } from "./chart-controls";
import { ChartResults } from "./chart-results";
import { formatter } from "@/i18n/format";
import { useHydrated } from "@/ui/shared/use-hydrated";

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

/**
 * The charts page: the settings, and the panel of the chosen period with its figures. The state
 * lives in the URL, so a reload or a shared link shows the same chart.
 */
export function ChartsExplorer(props: { options: ChartOptions; points: PointInfo[]; initialState: ChartState; initial: ChartBundle | null }) {
  const t = useTranslations("charts");
  const locale = useLocale();
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const { options } = props;
  // The explorer's code loads after the page's first scripts: its controls act once this is true.
  const interactive = useHydrated();
  const state = useMemo(() => readChartState(searchParams, options), [searchParams, options]);

  // The URL always holds the whole (valid) state, so a reload shows the same chart.
  useEffect(() => {
    const canonical = chartStateQuery(state);
    if (searchParams.toString() !== canonical) window.history.replaceState(window.history.state, "", `${pathname}?${canonical}`);
  }, [state, searchParams, pathname]);

  const { key, display, busy, failed } = useChartBundle(state, options, props.initialState, props.initial);

  const update = useCallback(
    (change: Partial<ChartState>) => {
      const next = changeChartState(state, change, options);
      window.history.pushState(null, "", `${pathname}?${chartStateQuery(next)}`);
    },
    [state, options, pathname],
  );

  const kind = energyKindOf(state, options) ?? "electricity";
  const title = periodTitle(state, locale, t);
  const displayed = display?.bundle;
  const model = displayed ? buildChartModel(displayed.main, displayed.overlays) : null;
  const shownKind = display ? (props.points.find((p) => p.gsrn === display.bundle.main.meteringPoints[0])?.energyKind ?? kind) : kind;
  const currency = display?.bundle.main.currency ?? "EUR";

  return (
    // The chart first, its settings after it: below it on a phone, beside it on a wide screen, in
    // the same order for the eye, the keyboard and a screen reader.
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="chart-period"
          data-testid="chart-panel"
          data-query={chartStateQuery(state)}
          data-want={key}
          data-shown={display?.key ?? ""}
          data-interactive={interactive || undefined}
        >
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
              <ActionIcon variant="default" size="lg" aria-label={t("controls.next")} disabled={!canShift(state, 1, options)} onClick={() => update(shiftPeriod(state, 1))} data-testid="next-period">
                <span aria-hidden>›</span>
              </ActionIcon>
            </Group>

            {model ? (
              <ChartResults
                model={model}
                kind={shownKind}
                currency={currency}
                period={title.text}
                busy={busy}
                csvName={`${display!.bundle.main.measurement}_${state.from}_${addDays(state.to, -1)}.csv`}
              />
            ) : failed ? (
              <Alert color="red" variant="light" title={t("failed-title")}>
                {t("failed")}
              </Alert>
            ) : (
              <Skeleton h={340} />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <ChartControls state={state} options={options} points={props.points} kind={kind} currency={currency} update={update} />
      </Grid.Col>
    </Grid>
  );
}
