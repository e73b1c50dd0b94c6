"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { CostEstimate, DashboardExpenses, DashboardOverview, DashboardPeriod, Location, SpotStatistics } from "@/api/schemas/energy";
import { formatter, type Format } from "@/i18n/format";
import type { FrameSeries } from "@/ui/energy/chart-frame";
import type { SpotDayView } from "@/ui/energy/spot-price-chart";
import { ChartFrame, SpotPriceChart } from "@/ui/energy/lazy";
// In this chunk, not one of its own: the tables come with the figures they show.
import { DataTable } from "@/ui/energy/data-table";
import { Heading } from "@/ui/shared/heading";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Badge, Group, Stack, Text } from "@/ui/shared/plain";
import panels from "@/ui/shared/panels.module.css";
import classes from "@/ui/energy/energy.module.css";

/*
 * The dashboard's five cards, drawn from the parts of one overview (GET /api/dashboard/overview).
 * They keep the plain elements of the server's cards (decision 0029), so the markup, the test ids
 * and the headings' outline are the same whichever side draws them.
 */

type PeriodFigure = DashboardPeriod["kinds"][number]["consumption"];
type SpotRanking = NonNullable<DashboardOverview["spotRanking"]["today"]>;

function Card({ title, id, children, testId, action }: { title: string; id: string; children: ReactNode; testId: string; action?: ReactNode }) {
  return (
    <section className={`${panels.panel} ${classes.card}`} aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Heading order={2} size="h4" id={id}>
            {title}
          </Heading>
          {action}
        </Group>
        {children}
      </Stack>
    </section>
  );
}

/** What every card formats with: the charts' texts, their unit labels (kWh, c/kWh, °C) and the formatter of the site's clock. */
function useCardFormat(locale: string, timeZone: string) {
  const tc = useTranslations("charts");
  const labels = { kWh: tc("units.kwh"), "c/kWh": tc("units.c-kwh"), "°C": tc("units.celsius") };
  return { tc, labels, f: formatter(locale, timeZone) };
}

function Change({ previous, change, label, f }: { previous: number | null; change: number | null; label: string; f: Format }) {
  if (previous === null || change === null) return null;
  return (
    <Text fz="sm" c="dimmed">
      {label}: {f.number(previous, "headline")}{" "}
      <Text component="span" fz="sm" fw={600} c="var(--mantine-color-text)">
        ({f.change(change)})
      </Text>
    </Text>
  );
}

type ChartRow = { date: string } & Record<string, string | number | null>;

const numberOrNull = (value: string | number | null) => (typeof value === "number" ? value : null);

/** A card's small chart of days or months, and the same numbers in a table below it (test ids `<name>-chart`, `<name>-table`). */
function CardChart({
  rows,
  series,
  resolution,
  currency,
  unitLabels,
  caption,
  unit,
  name,
}: {
  rows: ChartRow[];
  series: FrameSeries[];
  resolution: "day" | "month";
  currency: string | null;
  unitLabels: Record<string, string>;
  caption: string;
  /** The unit in the table's column headers. */
  unit: string;
  name: string;
}) {
  const tc = useTranslations("charts");
  return (
    <>
      <ChartFrame
        rows={rows}
        series={series}
        dateFormat={resolution === "day" ? "DD.MM" : "MM.YYYY"}
        resolution={resolution}
        currency={currency}
        unitLabels={unitLabels}
        label={caption}
        xAxisLabel={tc(`x-axis.${resolution}`)}
        size="small"
        testId={`${name}-chart`}
      />
      <DataTable
        caption={caption}
        headers={series.map((s) => tc("column", { name: s.label, unit }))}
        units={series.map((s) => s.unit)}
        rows={rows.map((r) => ({ date: r.date, values: series.map((s) => numberOrNull(r[s.key])) }))}
        resolution={resolution}
        testId={`${name}-table`}
      />
    </>
  );
}

// ---------------------------------------------------------------- consumption and production this month

export function PeriodCard({ period: data, locale, timeZone, chartsHref }: { period: DashboardPeriod; locale: string; timeZone: string; chartsHref: string }) {
  const t = useTranslations("dashboard.period");
  const { tc, labels, f } = useCardFormat(locale, timeZone);
  const main = data.kinds[0];
  const period = f.period(data.from, data.until);
  const stat = (label: string, value: PeriodFigure, testId: string) => (
    <div data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text className={classes.bigNumber}>{value.total === null ? t("no-readings") : tc("value", { value: f.number(value.total, "headline"), unit: labels.kWh })}</Text>
      <Change previous={value.lastMonthTotal} change={value.changeFromLastMonth} label={t("vs-last-month")} f={f} />
      <Change previous={value.lastYearTotal} change={value.changeFromLastYear} label={t("vs-last-year")} f={f} />
    </div>
  );
  let chart: ReactNode = null;
  if (main && data.days.length) {
    const rows = data.days.map((d) => ({ date: d.date, consumption: d.consumption, production: d.production }));
    const color = (s: string) => `var(--portal-chart-${main.kind}-${s})`;
    const series: FrameSeries[] = [{ key: "consumption", label: tc("series.consumption"), color: color("consumption"), unit: "kWh", type: "bar", axis: "left" }];
    if (main.production) series.push({ key: "production", label: tc("series.production"), color: color("production"), unit: "kWh", type: "bar", axis: "left" });
    const caption = t("chart-label", { kind: tc(`energy-kind.${main.kind}`), period });
    chart = <CardChart rows={rows} series={series} resolution="day" currency={null} unitLabels={labels} caption={caption} unit={labels.kWh} name="period" />;
  }
  return (
    <Card
      title={t("title")}
      id="card-period"
      testId="card-period"
      action={
        <Text fz="sm" c="dimmed">
          {period}
        </Text>
      }
    >
      {data.kinds.map((k) => (
        <Stack key={k.kind} gap="xs">
          {data.kinds.length > 1 ? (
            <Heading order={3} size="h5">
              {tc(`energy-kind.${k.kind}`)}
            </Heading>
          ) : null}
          <div className={classes.figures} data-cols={k.production ? 2 : 1}>
            {stat(t("consumption"), k.consumption, `consumption-${k.kind}`)}
            {k.production ? stat(t("production"), k.production, "production-electricity") : null}
          </div>
        </Stack>
      ))}
      {chart}
      <Anchor href={chartsHref} fz="sm">
        {t("to-charts")}
      </Anchor>
    </Card>
  );
}

// ---------------------------------------------------------------- spot price

const NO_RANKING: SpotRanking = { cheapest: [], dearest: [] };

export function SpotCard({ spot, ranking, locale, timeZone }: { spot: SpotStatistics; ranking: DashboardOverview["spotRanking"]; locale: string; timeZone: string }) {
  const t = useTranslations("dashboard.spot");
  const { tc, labels, f } = useCardFormat(locale, timeZone);
  const price = (v: number) => tc("value", { value: f.number(v, "c/kWh"), unit: labels["c/kWh"] });
  const pad = (hour: number) => String(hour % 24).padStart(2, "0");
  const day = (d: NonNullable<SpotStatistics["today"]>, which: "today" | "tomorrow"): SpotDayView => {
    const hours = ranking[which] ?? NO_RANKING;
    const item = (h: { hour: number; price: number }) => ({ hours: `${pad(h.hour)}–${pad(h.hour + 1)}`, price: price(h.price) });
    return {
      which,
      date: d.date,
      label: t(which === "today" ? "today" : "tomorrow"),
      rows: d.prices.map((p) => ({ date: p.start, price: p.centsPerKwhWithVat })),
      summary: [
        { label: t("average"), value: price(d.averageCentsPerKwhWithVat) },
        { label: t("lowest"), value: price(d.minCentsPerKwhWithVat) },
        { label: t("highest"), value: price(d.maxCentsPerKwhWithVat) },
      ],
      ranking: { cheapest: hours.cheapest.map(item), dearest: hours.dearest.map(item) },
    };
  };
  const days = [spot.today ? day(spot.today, "today") : null, spot.tomorrow ? day(spot.tomorrow, "tomorrow") : null].filter((d): d is SpotDayView => !!d);
  return (
    <Card title={t("title")} id="card-spot" testId="card-spot">
      {spot.now ? (
        <div data-testid="spot-now">
          <Text fz="sm" c="dimmed">
            {t("now", { from: f.time(spot.now.start), to: f.time(spot.now.end) })}
          </Text>
          <Text className={classes.bigNumber}>{price(spot.now.centsPerKwhWithVat)}</Text>
          <Text fz="xs" c="dimmed">
            {t("vat", { rate: f.percent(spot.vatRate) })}
          </Text>
        </div>
      ) : (
        <Text c="dimmed">{t("no-price-now")}</Text>
      )}
      {days.length ? (
        <SpotPriceChart
          days={days}
          nowStart={spot.now?.start ?? null}
          unitLabels={labels}
          texts={{
            day: t("day"),
            nowMark: t("now-mark"),
            cheapest: t("cheapest"),
            dearest: t("dearest"),
            chartLabel: t("chart-label"),
            xAxis: tc("x-axis.time"),
            column: tc("column", { name: tc("series.price"), unit: labels["c/kWh"] }),
            series: tc("series.price"),
            current: t("current-interval"),
          }}
        />
      ) : null}
      {spot.tomorrow ? null : (
        <Text fz="sm" c="dimmed" data-testid="spot-tomorrow-pending">
          {t("tomorrow-pending")}
        </Text>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- real-time cost estimate

export function EstimateCard({ estimate, locale, timeZone }: { estimate: CostEstimate; locale: string; timeZone: string }) {
  const t = useTranslations("dashboard.estimate");
  const { tc, labels, f } = useCardFormat(locale, timeZone);
  const kwh = (value: number) => tc("value", { value: f.number(value, "headline"), unit: labels.kWh });
  return (
    <Card title={t("title")} id="card-estimate" testId="card-estimate">
      <div>
        <Text fz="sm" c="dimmed">
          {t("so-far", { time: f.time(estimate.until) })}
        </Text>
        <Text className={classes.bigNumber} data-testid="estimate-total">
          {f.money(estimate.totalCents, estimate.currency)}
        </Text>
      </div>
      {estimate.estimates.length > 1 ? (
        <Stack gap={4}>
          {estimate.estimates.map((e) => (
            <Text key={e.gsrn} fz="sm">
              {tc(`energy-kind.${e.energyKind}`)} <span translate="no">{e.gsrn}</span>: {f.money(e.totalCents, estimate.currency)} · {kwh(e.kwh)}
            </Text>
          ))}
        </Stack>
      ) : estimate.estimates[0] ? (
        <Text fz="sm">{t("energy", { kwh: kwh(estimate.estimates[0].kwh) })}</Text>
      ) : null}
      <Text fz="xs" c="dimmed">
        {t("note", { rate: f.percent(estimate.vatRate) })}
      </Text>
    </Card>
  );
}

// ---------------------------------------------------------------- expenses per month

export function ExpensesCard({ expenses, locale, timeZone }: { expenses: DashboardExpenses; locale: string; timeZone: string }) {
  const t = useTranslations("dashboard.expenses");
  const { tc, labels, f } = useCardFormat(locale, timeZone);
  // The chart and the table draw amounts in euros.
  const rows: ChartRow[] = expenses.months.map((m) => ({
    date: m.date,
    ...Object.fromEntries(expenses.kinds.map((k) => [k, m.cents[k] == null ? null : m.cents[k] / 100])),
  }));
  const series: FrameSeries[] = expenses.kinds.map((kind) => ({
    key: kind,
    label: tc(`energy-kind.${kind}`),
    color: `var(--portal-utility-${kind})`,
    unit: "money",
    type: "bar",
    axis: "left",
    stack: "cost",
  }));
  const period = f.period(expenses.from, expenses.until);
  const caption = t("chart-label", { period });
  const symbol = f.currencySymbol(expenses.currency);
  return (
    <Card title={t("title")} id="card-expenses" testId="card-expenses">
      {rows.length ? (
        <>
          <div>
            <Text fz="sm" c="dimmed">
              {t("total", { period })}
            </Text>
            <Text className={classes.bigNumber} data-testid="expenses-total">
              {f.money(expenses.totalCents, expenses.currency)}
            </Text>
          </div>
          <CardChart rows={rows} series={series} resolution="month" currency={expenses.currency} unitLabels={labels} caption={caption} unit={symbol} name="expenses" />
          <Text fz="xs" c="dimmed">
            {t("note")}
          </Text>
        </>
      ) : (
        <Text c="dimmed">{t("empty")}</Text>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------- locations and metering points

export function LocationsCard({ locations, chartsHref }: { locations: Location[]; chartsHref: string }) {
  const t = useTranslations("dashboard.locations");
  const tc = useTranslations("charts");
  return (
    <Card title={t("title")} id="card-locations" testId="card-locations">
      {locations.length ? (
        <Stack gap="md">
          {locations.map((l) => (
            <Stack key={l.id} gap="xs" data-testid="location">
              <Heading order={3} size="h5" translate="no">
                {l.address.street}, {l.address.postalCode} {l.address.city}
              </Heading>
              {l.meteringPoints.map((p) => (
                <div key={p.id} className={`${panels.panel} ${classes.pointCard}`} data-testid="metering-point">
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Badge
                          variant="light"
                          color="gray"
                          uppercase
                          leftSection={<span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: `var(--portal-utility-${p.energyKind})`, display: "inline-block" }} />}
                        >
                          {tc(`energy-kind.${p.energyKind}`)}
                        </Badge>
                        <Badge variant="default" uppercase>
                          {tc(`usage-point-kind.${p.usagePointKind}`)}
                        </Badge>
                        {p.hasProduction ? (
                          <Badge variant="default" uppercase>
                            {t("has-production")}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text fz="sm">
                        {t("gsrn")}: <span translate="no">{p.gsrn}</span>
                      </Text>
                      {p.meterNumber ? (
                        <Text fz="sm" c="dimmed">
                          {t("meter", { interval: p.intervalMinutes })}: <span translate="no">{p.meterNumber}</span>
                        </Text>
                      ) : null}
                      {p.contract ? (
                        <Text fz="sm" c="dimmed">
                          {t("contract")}: <span translate="no">{p.contract.productName}</span>
                        </Text>
                      ) : (
                        <Text fz="sm" c="dimmed">
                          {t("no-contract")}
                        </Text>
                      )}
                    </Stack>
                    <Anchor href={`${chartsHref}?gsrn=${p.gsrn}`} fz="sm" aria-label={`${t("to-charts")} ${p.gsrn}`}>
                      {t("to-charts")}
                    </Anchor>
                  </Group>
                </div>
              ))}
            </Stack>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed">{t("empty")}</Text>
      )}
    </Card>
  );
}
