import { rem, Stack, Text } from "@/ui/shared/plain";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { listCustomerPoints } from "@/server/metering/points";
import { chartReadings } from "@/server/metering/statistics";
import type { Site } from "@/server/sites/sites";
import { localDateString } from "@/lib/energy/time";
import { overlayResolution, readChartState, type ChartOptions, type ChartState } from "@/ui/energy/chart-state";
import type { ChartBundle } from "@/ui/energy/chart-bundle";
import { ChartsExplorer } from "@/ui/energy/charts-explorer-lazy";
import { Heading } from "@/ui/shared/heading";
import { EmptyState } from "@/ui/shared/empty-state";
import { NoCustomerPage } from "@/ui/energy/no-customer-page";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata() {
  const t = await getTranslations("charts");
  return { title: t("title") };
}

function toSearchParams(query: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, value);
  return params;
}

/** The customer's points and the site's chart options, as the chart state reads them. */
async function chartOptions(site: Site, scope: { siteId: string; customerId: string }) {
  const rows = await listCustomerPoints(scope);
  const options: ChartOptions = {
    points: rows.map((p) => ({ gsrn: p.gsrn, energyKind: p.energyKind, hasProduction: p.hasProduction, intervalMinutes: p.intervalMinutes })),
    features: site.features,
    today: localDateString(Date.now(), site.timezone),
  };
  return { rows, options };
}

/** The first chart, rendered with the page; the explorer fetches the following ones through the API. */
async function firstChart(site: Site, scope: { siteId: string; customerId: string }, state: ChartState): Promise<ChartBundle | null> {
  const query = (measurement: ChartState["measurement"], resolution: ChartState["resolution"], comparison: boolean) => ({
    series: comparison && state.compare ? [measurement, String(state.compare)] : [measurement],
    from: state.from,
    to: state.to,
    resolution,
    gsrn: state.gsrn.length ? state.gsrn : undefined,
    unit: state.unit,
  });
  try {
    const [main, ...overlays] = await Promise.all([
      chartReadings(site, scope, query(state.measurement, state.resolution, true)),
      ...state.overlays.map((o) => chartReadings(site, scope, { ...query(o, overlayResolution(o, state.resolution), false), unit: "kwh" })),
    ]);
    return {
      main,
      overlays: overlays.map((readings, i) => ({ overlay: state.overlays[i], readings })),
    };
  } catch {
    // The explorer asks the API again and reports what went wrong.
    return null;
  }
}

export default async function ChartsPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: SearchParams }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "charts");
  const t = await getTranslations("charts");
  const customer = session.activeCustomer;
  if (!customer) return <NoCustomerPage namespace="charts" homeHref={localePath(site, locale, "/")} />;
  const scope = { siteId: site.id, customerId: customer.id };
  const { rows, options } = await chartOptions(site, scope);
  const points = rows.map((p) => ({ gsrn: p.gsrn, energyKind: p.energyKind, address: `${p.street}, ${p.postalCode} ${p.city}` }));
  const state = readChartState(toSearchParams(await searchParams), options);
  const initial = await firstChart(site, scope, state);
  return (
    <Stack gap="lg">
      <div>
        <Heading order={1}>{t("title")}</Heading>
        <Text c="dimmed" style={{ marginTop: rem(4) }}>
          {t("intro")}
        </Text>
      </div>
      {rows.length ? null : <EmptyState titleOrder={2} title={t("no-points-title")} description={t("no-points")} data-testid="charts-empty" />}
      <ChartsExplorer options={options} points={points} initialState={state} initial={initial} />
    </Stack>
  );
}
