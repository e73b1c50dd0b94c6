import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Site } from "@/server/sites/sites";
import { listLocations, type MeteringPointRow, type PointScope } from "@/server/metering/points";
import { costEstimation, expenseStatistics, periodStatistics, spotStatistics } from "@/server/metering/statistics";
import { daysInMonth, formatLocalIso, localDateString, localParts, startOfLocalMonth, zonedTimeToUtc } from "@/lib/energy/time";
import { localePath } from "@/server/web/page-context";
import { ChartFrame, type FrameSeries } from "@/ui/energy/chart-frame";
import { DataTable } from "@/ui/energy/data-table";
import { formatDate, formatDateTime, formatMoney, formatNumber, wallClock } from "@/ui/energy/format";
import { SpotPriceChart, type SpotDayView } from "@/ui/energy/spot-price-chart";
import type { EnergyKind } from "@/ui/energy/chart-state";
import classes from "@/ui/energy/energy.module.css";

export interface CardContext {
  site: Site;
  scope: PointScope;
  points: MeteringPointRow[];
  locale: string;
  now: number;
}

const KIND_ORDER: EnergyKind[] = ["electricity", "heating", "gas"];

function Card({ title, id, children, testId, action }: { title: string; id: string; children: ReactNode; testId: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} data-testid={testId} h="100%">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

async function unitLabels() {
  const t = await getTranslations("charts");
  return { kWh: t("units.kwh"), "c/kWh": t("units.c-kwh"), "°C": t("units.celsius") };
}

const percent = (rate: number, locale: string) => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(rate / 100);

function kinds(points: MeteringPointRow[]): EnergyKind[] {
  return KIND_ORDER.filter((k) => points.some((p) => p.energyKind === k));
}

/** The same moment a month earlier, clamped to that month's last day (31 March → 28 February). */
function monthEarlier(now: number, tz: string): number {
  const p = localParts(now, tz);
  const year = p.month === 1 ? p.year - 1 : p.year;
  const month = p.month === 1 ? 12 : p.month - 1;
  return zonedTimeToUtc(year, month, Math.min(p.day, daysInMonth(year, month)), p.hour, p.minute, tz);
}

function Change({ current, previous, label, locale }: { current: number | null; previous: number | null; label: string; locale: string }) {
  if (current === null || previous === null || previous === 0) return null;
  const change = (current - previous) / previous;
  const text = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0, signDisplay: "exceptZero" }).format(change);
  return (
    <Text fz="sm" c="dimmed">
      {label}: {formatNumber(previous, locale, "kWh", 1)}{" "}
      <Text component="span" fz="sm" fw={600} c="var(--mantine-color-text)">
        ({text})
      </Text>
    </Text>
  );
}

// ---------------------------------------------------------------- consumption and production this month

export async function PeriodCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.period");
  const tc = await getTranslations("charts");
  const { site, scope, points, locale, now } = ctx;
  const tz = site.timezone;
  const monthStart = startOfLocalMonth(now, tz);
  const from = localDateString(monthStart, tz);
  const to = formatLocalIso(Math.max(now, monthStart + 60_000), tz);
  const lastMonth = { from: localDateString(startOfLocalMonth(now, tz, -1), tz), to: formatLocalIso(Math.max(monthEarlier(now, tz), startOfLocalMonth(now, tz, -1) + 60_000), tz) };
  const perKind = await Promise.all(
    kinds(points).map(async (kind) => {
      const gsrn = points.filter((p) => p.energyKind === kind).map((p) => p.gsrn);
      const producing = kind === "electricity" && points.some((p) => p.energyKind === kind && p.hasProduction);
      // One statement per energy kind: this month by day, its totals a month and a year earlier.
      const { consumption, production } = await periodStatistics(site, scope, { from, to, resolution: "day", gsrn }, lastMonth, producing, now);
      return {
        kind,
        gsrn,
        consumption,
        previousMonth: { total: consumption.compareTotal },
        production,
        productionLastMonth: production ? { total: production.compareTotal } : null,
      };
    }),
  );
  const labels = await unitLabels();
  const main = perKind[0];
  const period = `${formatDate(from)}–${formatDate(localDateString(now, tz))}`;
  const stat = (label: string, value: number | null, testId: string, compare: ReactNode) => (
    <div data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text className={classes.bigNumber}>{value === null ? t("no-readings") : tc("value", { value: formatNumber(value, locale, "kWh", 1), unit: labels.kWh })}</Text>
      {compare}
    </div>
  );
  let chart: ReactNode = null;
  if (main) {
    const byDate = new Map<string, Record<string, string | number | null>>();
    for (const v of main.consumption.values) byDate.set(v.date, { date: v.date, consumption: v.value, production: null });
    for (const v of main.production?.values ?? []) {
      const row = byDate.get(v.date) ?? { date: v.date, consumption: null, production: null };
      row.production = v.value;
      byDate.set(v.date, row);
    }
    const rows = [...byDate.values()].sort((a, b) => Date.parse(String(a.date)) - Date.parse(String(b.date)));
    const color = (s: string) => `var(--portal-chart-${main.kind}-${s})`;
    const series: FrameSeries[] = [{ key: "consumption", label: tc("series.consumption"), color: color("consumption"), unit: "kWh", type: "bar", axis: "left" }];
    if (main.production) series.push({ key: "production", label: tc("series.production"), color: color("production"), unit: "kWh", type: "bar", axis: "left" });
    const headers = series.map((s) => tc("column", { name: s.label, unit: labels.kWh }));
    const caption = t("chart-label", { kind: tc(`energy-kind.${main.kind}`), period });
    chart = rows.length ? (
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
        <DataTable caption={caption} headers={headers} units={series.map(() => "kWh")} rows={rows.map((r) => ({ date: String(r.date), values: series.map((s) => (r[s.key] as number | null) ?? null) }))} resolution="day" testId="period-table" />
      </>
    ) : null;
  }
  return (
    <Card title={t("title")} id="card-period" testId="card-period" action={<Text fz="sm" c="dimmed">{period}</Text>}>
      {perKind.map((k) => (
        <Stack key={k.kind} gap="xs">
          {perKind.length > 1 ? (
            <Title order={3} size="h5">
              {tc(`energy-kind.${k.kind}`)}
            </Title>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: k.production ? 2 : 1 }} spacing="md">
            {stat(
              t("consumption"),
              k.consumption.total,
              `consumption-${k.kind}`,
              <>
                <Change current={k.consumption.total} previous={k.previousMonth.total} label={t("vs-last-month")} locale={locale} />
                <Change current={k.consumption.total} previous={k.consumption.previousYearTotal} label={t("vs-last-year")} locale={locale} />
              </>,
            )}
            {k.production
              ? stat(
                  t("production"),
                  k.production.total,
                  "production-electricity",
                  <>
                    <Change current={k.production.total} previous={k.productionLastMonth?.total ?? null} label={t("vs-last-month")} locale={locale} />
                    <Change current={k.production.total} previous={k.production.previousYearTotal} label={t("vs-last-year")} locale={locale} />
                  </>,
                )
              : null}
          </SimpleGrid>
        </Stack>
      ))}
      {chart}
      <Anchor component={Link} href={localePath(site, locale, "/charts")} fz="sm">
        {t("to-charts")}
      </Anchor>
    </Card>
  );
}

// ---------------------------------------------------------------- spot price

function hourRanking(prices: { start: string; centsPerKwhWithVat: number }[]) {
  const hours = new Map<string, { hour: number; start: string; sum: number; n: number }>();
  for (const p of prices) {
    const hour = wallClock(p.start).hour;
    const key = String(hour);
    const h = hours.get(key) ?? { hour, start: p.start, sum: 0, n: 0 };
    h.sum += p.centsPerKwhWithVat;
    h.n++;
    hours.set(key, h);
  }
  const list = [...hours.values()].map((h) => ({ hour: h.hour, start: h.start, price: Math.round((h.sum / h.n) * 1000) / 1000 }));
  const sorted = [...list].sort((a, b) => a.price - b.price || a.hour - b.hour);
  return { cheapest: sorted.slice(0, 3), dearest: sorted.slice(-3).reverse() };
}

export async function SpotCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.spot");
  const tc = await getTranslations("charts");
  const { site, locale, now } = ctx;
  const spot = await spotStatistics(site, now);
  const labels = await unitLabels();
  const price = (v: number) => tc("value", { value: formatNumber(v, locale, "c/kWh"), unit: labels["c/kWh"] });
  const day = (d: NonNullable<typeof spot.today>, which: "today" | "tomorrow"): SpotDayView => ({
    which,
    date: d.date,
    label: t(which === "today" ? "today" : "tomorrow"),
    rows: d.prices.map((p) => ({ date: p.start, price: p.centsPerKwhWithVat })),
    summary: [
      { label: t("average"), value: price(d.averageCentsPerKwhWithVat) },
      { label: t("lowest"), value: price(d.minCentsPerKwhWithVat) },
      { label: t("highest"), value: price(d.maxCentsPerKwhWithVat) },
    ],
    ranking: (() => {
      const r = hourRanking(d.prices);
      const item = (h: { hour: number; price: number }) => ({ hours: `${String(h.hour).padStart(2, "0")}–${String((h.hour + 1) % 24).padStart(2, "0")}`, price: price(h.price) });
      return { cheapest: r.cheapest.map(item), dearest: r.dearest.map(item) };
    })(),
  });
  const days = [spot.today ? day(spot.today, "today") : null, spot.tomorrow ? day(spot.tomorrow, "tomorrow") : null].filter((d): d is SpotDayView => !!d);
  return (
    <Card title={t("title")} id="card-spot" testId="card-spot">
      {spot.now ? (
        <div data-testid="spot-now">
          <Text fz="sm" c="dimmed">
            {t("now", { from: formatDateTime(spot.now.start).slice(11), to: formatDateTime(spot.now.end).slice(11) })}
          </Text>
          <Text className={classes.bigNumber}>{price(spot.now.centsPerKwhWithVat)}</Text>
          <Text fz="xs" c="dimmed">
            {t("vat", { rate: percent(spot.vatRate, locale) })}
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
  const estimate = await costEstimation(site, scope, undefined, now);
  const labels = await unitLabels();
  return (
    <Card title={t("title")} id="card-estimate" testId="card-estimate">
      <div>
        <Text fz="sm" c="dimmed">
          {t("so-far", { time: formatDateTime(estimate.until).slice(11) })}
        </Text>
        <Text className={classes.bigNumber} data-testid="estimate-total">
          {formatMoney(estimate.totalCents / 100, locale, estimate.currency)}
        </Text>
      </div>
      {estimate.estimates.length > 1 ? (
        <Stack gap={4}>
          {estimate.estimates.map((e) => (
            <Text key={e.gsrn} fz="sm">
              {tc(`energy-kind.${e.energyKind}`)} <span translate="no">{e.gsrn}</span>: {formatMoney(e.totalCents / 100, locale, estimate.currency)} ·{" "}
              {tc("value", { value: formatNumber(e.kwh, locale, "kWh", 1), unit: labels.kWh })}
            </Text>
          ))}
        </Stack>
      ) : estimate.estimates[0] ? (
        <Text fz="sm">{t("energy", { kwh: tc("value", { value: formatNumber(estimate.estimates[0].kwh, locale, "kWh", 1), unit: labels.kWh }) })}</Text>
      ) : null}
      <Text fz="xs" c="dimmed">
        {t("note", { rate: percent(estimate.vatRate, locale) })}
      </Text>
    </Card>
  );
}

// ---------------------------------------------------------------- expenses per month

export async function ExpensesCard({ ctx }: { ctx: CardContext }) {
  const t = await getTranslations("dashboard.expenses");
  const tc = await getTranslations("charts");
  const { site, scope, points, locale, now } = ctx;
  const tz = site.timezone;
  const from = localDateString(startOfLocalMonth(now, tz, -11), tz);
  const to = localDateString(startOfLocalMonth(now, tz, 1), tz);
  const perKind = await Promise.all(
    kinds(points).map(async (kind) => ({
      kind,
      stats: await expenseStatistics(site, scope, { from, to, resolution: "month", gsrn: points.filter((p) => p.energyKind === kind).map((p) => p.gsrn) }, now),
    })),
  );
  const currency = perKind[0]?.stats.currency ?? "EUR";
  const byDate = new Map<string, Record<string, string | number | null>>();
  for (const { kind, stats } of perKind) {
    for (const v of stats.values) {
      const row = byDate.get(v.date) ?? { date: v.date };
      row[kind] = v.totalCents / 100;
      byDate.set(v.date, row);
    }
  }
  const rows = [...byDate.values()].sort((a, b) => Date.parse(String(a.date)) - Date.parse(String(b.date)));
  for (const r of rows) for (const { kind } of perKind) r[kind] ??= null;
  const series: FrameSeries[] = perKind.map(({ kind }) => ({ key: kind, label: tc(`energy-kind.${kind}`), color: `var(--portal-utility-${kind})`, unit: "money", type: "bar", axis: "left", stack: "cost" }));
  const total = perKind.reduce((s, k) => s + k.stats.totalCents, 0) / 100;
  const period = `${formatDate(from)}–${formatDate(localDateString(now, tz))}`;
  const caption = t("chart-label", { period });
  const symbol = new Intl.NumberFormat(locale, { style: "currency", currency }).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
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
              {formatMoney(total, locale, currency)}
            </Text>
          </div>
          <ChartFrame rows={rows} series={series} dateFormat="MM.YYYY" resolution="month" currency={currency} unitLabels={labels} label={caption} xAxisLabel={tc("x-axis.month")} size="small" testId="expenses-chart" />
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
  const locations = await listLocations(scope, localDateString(now, site.timezone));
  return (
    <Card title={t("title")} id="card-locations" testId="card-locations">
      {locations.length ? (
        <Stack gap="md">
          {locations.map((l) => (
            <Stack key={l.id} gap="xs" data-testid="location">
              <Title order={3} size="h5" translate="no">
                {l.address.street}, {l.address.postalCode} {l.address.city}
              </Title>
              {l.meteringPoints.map((p) => (
                <Paper key={p.id} withBorder p="sm" data-testid="metering-point">
                  <Group justify="space-between" gap="xs" align="flex-start">
                    <Stack gap={2}>
                      <Group gap={6}>
                        <Badge variant="light" color="gray" leftSection={<span aria-hidden style={{ width: 8, height: 8, borderRadius: 4, background: `var(--portal-utility-${p.energyKind})`, display: "inline-block" }} />}>
                          {tc(`energy-kind.${p.energyKind}`)}
                        </Badge>
                        <Badge variant="default">
                          {tc(`usage-point-kind.${p.usagePointKind}`)}
                        </Badge>
                        {p.hasProduction ? (
                          <Badge variant="default">
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
                    <Anchor component={Link} href={`${localePath(site, locale, "/charts")}?gsrn=${p.gsrn}`} fz="sm" aria-label={`${t("to-charts")} ${p.gsrn}`}>
                      {t("to-charts")}
                    </Anchor>
                  </Group>
                </Paper>
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
