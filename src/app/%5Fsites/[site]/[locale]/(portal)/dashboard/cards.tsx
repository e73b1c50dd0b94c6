import { Badge } from "@mantine/core";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Site } from "@/server/sites/sites";
import type { MeteringPointRow, PointScope } from "@/server/metering/points";
import { costEstimation, spotStatistics } from "@/server/metering/statistics";
import { dashboardExpenses, dashboardLocations, dashboardPeriod, spotHourRanking, type PeriodFigure } from "@/server/metering/dashboard";
import { localePath } from "@/lib/locales";
import { formatter, type Format } from "@/i18n/format";
import type { FrameSeries } from "@/ui/energy/chart-frame";
import type { SpotDayView } from "@/ui/energy/spot-price-chart";
import { ChartFrame, DataTable, SpotPriceChart } from "@/ui/energy/lazy";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";
import classes from "@/ui/energy/energy.module.css";

export interface CardContext {
  site: Site;
  scope: PointScope;
  points: MeteringPointRow[];
  locale: string;
  now: number;
}

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

async function unitLabels() {
  const t = await getTranslations("charts");
  return { kWh: t("units.kwh"), "c/kWh": t("units.c-kwh"), "°C": t("units.celsius") };
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

// ---------------------------------------------------------------- consumption and production this month

export async function PeriodCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.period");
  const tc = await getTranslations("charts");
  const { site, scope, points, locale, now } = ctx;
  const f = formatter(locale, site.timezone);
  const data = await dashboardPeriod(site, scope, points, now);
  const labels = await unitLabels();
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
    const headers = series.map((s) => tc("column", { name: s.label, unit: labels.kWh }));
    const caption = t("chart-label", { kind: tc(`energy-kind.${main.kind}`), period });
    chart = (
      <>
        <ChartFrame
          rows={rows}
          series={series}
          dateFormat="DD.MM"
          resolution="day"
          currency={null}
          unitLabels={labels}
          label={caption}
          xAxisLabel={tc("x-axis.day")}
          size="small"
          testId="period-chart"
        />
        <DataTable
          caption={caption}
          headers={headers}
          units={series.map(() => "kWh")}
          rows={rows.map((r) => ({ date: r.date, values: series.map((s) => r[s.key as "consumption" | "production"]) }))}
          resolution="day"
          testId="period-table"
        />
      </>
    );
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
      <Anchor href={localePath(site, locale, "/charts")} fz="sm">
        {t("to-charts")}
      </Anchor>
    </Card>
  );
}

// ---------------------------------------------------------------- spot price

export async function SpotCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.spot");
  const tc = await getTranslations("charts");
  const { site, locale, now } = ctx;
  const f = formatter(locale, site.timezone);
  const spot = await spotStatistics(site, now);
  const labels = await unitLabels();
  const price = (v: number) => tc("value", { value: f.number(v, "c/kWh"), unit: labels["c/kWh"] });
  const pad = (hour: number) => String(hour % 24).padStart(2, "0");
  const day = (d: NonNullable<typeof spot.today>, which: "today" | "tomorrow"): SpotDayView => {
    const ranking = spotHourRanking(d.prices);
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
      ranking: { cheapest: ranking.cheapest.map(item), dearest: ranking.dearest.map(item) },
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

export async function EstimateCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.estimate");
  const tc = await getTranslations("charts");
  const { site, scope, locale, now } = ctx;
  const f = formatter(locale, site.timezone);
  const estimate = await costEstimation(site, scope, undefined, now);
  const labels = await unitLabels();
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

export async function ExpensesCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.expenses");
  const tc = await getTranslations("charts");
  const { site, scope, points, locale, now } = ctx;
  const f = formatter(locale, site.timezone);
  const expenses = await dashboardExpenses(site, scope, points, now);
  // The chart and the table draw amounts in euros.
  const rows: Record<string, string | number | null>[] = expenses.months.map((m) => ({
    date: m.date,
    ...Object.fromEntries(expenses.kinds.map((k) => [k, m.cents[k] == null ? null : m.cents[k]! / 100])),
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
  const labels = await unitLabels();
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
          <ChartFrame
            rows={rows}
            series={series}
            dateFormat="MM.YYYY"
            resolution="month"
            currency={expenses.currency}
            unitLabels={labels}
            label={caption}
            xAxisLabel={tc("x-axis.month")}
            size="small"
            testId="expenses-chart"
          />
          <DataTable
            caption={caption}
            headers={series.map((s) => tc("column", { name: s.label, unit: symbol }))}
            units={series.map(() => "money")}
            rows={rows.map((r) => ({ date: String(r.date), values: series.map((s) => (r[s.key] as number | null) ?? null) }))}
            resolution="month"
            testId="expenses-table"
          />
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

export async function LocationsCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.locations");
  const tc = await getTranslations("charts");
  const { site, scope, locale, now } = ctx;
  const locations = await dashboardLocations(site, scope.customerId, now);
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
                          leftSection={<span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: `var(--portal-utility-${p.energyKind})`, display: "inline-block" }} />}
                        >
                          {tc(`energy-kind.${p.energyKind}`)}
                        </Badge>
                        <Badge variant="default">{tc(`usage-point-kind.${p.usagePointKind}`)}</Badge>
                        {p.hasProduction ? <Badge variant="default">{t("has-production")}</Badge> : null}
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
                    <Anchor href={`${localePath(site, locale, "/charts")}?gsrn=${p.gsrn}`} fz="sm" aria-label={`${t("to-charts")} ${p.gsrn}`}>
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
