import { getTranslations, setRequestLocale } from "next-intl/server";
import { Suspense } from "react";
import { requireAreaPage } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { dashboardPoints, showsCostEstimate } from "@/server/metering/dashboard";
import type { Site } from "@/server/sites/sites";
import { SiteAnnouncements } from "../../_parts/site-announcements";
import { CardSkeleton } from "@/ui/energy/card-skeleton";
import { EmptyState } from "@/ui/shared/empty-state";
import { NoCustomerPage } from "@/ui/energy/no-customer-page";
import { Heading } from "@/ui/shared/heading";
import { Stack, Text } from "@/ui/shared/plain";
import panels from "@/ui/shared/panels.module.css";
import { EstimateCard, ExpensesCard, LocationsCard, PeriodCard, SpotCard, type CardContext } from "./cards";

export async function generateMetadata() {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

/** What every card needs: the scope, the customer's points and one "now" for the whole page. */
async function dashboardContext(site: Site, customerId: string, locale: string): Promise<CardContext> {
  const { scope, points } = await dashboardPoints(site, customerId);
  return { site, scope, points, locale, now: Date.now() };
}

export default async function DashboardPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "dashboard");
  const t = await getTranslations("dashboard");
  const customer = session.activeCustomer;
  if (!customer) return <NoCustomerPage namespace="dashboard" homeHref={localePath(site, locale, "/")} />;
  const ctx = await dashboardContext(site, customer.id, locale);
  const { points } = ctx;
  const hasData = points.length > 0;
  return (
    <Stack gap="lg">
      <div>
        <Heading order={1}>{t("title")}</Heading>
        <Text c="dimmed" translate="no" style={{ marginTop: "calc(0.25rem * var(--mantine-scale))" }}>
          {customer.name}
        </Text>
      </div>
      {/* With the page's first part, not streamed after it: arriving later, it pushed the cards down. */}
      <SiteAnnouncements site={site} locale={locale} limit={3} />
      {hasData ? null : <EmptyState titleOrder={2} title={t("empty.title")} description={t("empty.description")} data-testid="dashboard-empty" />}
      <div className={panels.grid}>
        {hasData ? (
          <Suspense fallback={<CardSkeleton />}>
            <PeriodCard ctx={ctx} />
          </Suspense>
        ) : null}
        <Suspense fallback={<CardSkeleton />}>
          <SpotCard ctx={ctx} />
        </Suspense>
        {hasData && showsCostEstimate(site, points) ? (
          <Suspense fallback={<CardSkeleton short />}>
            <EstimateCard ctx={ctx} />
          </Suspense>
        ) : null}
        {hasData ? (
          <Suspense fallback={<CardSkeleton />}>
            <ExpensesCard ctx={ctx} />
          </Suspense>
        ) : null}
        <Suspense fallback={<CardSkeleton />}>
          <LocationsCard ctx={ctx} />
        </Suspense>
      </div>
    </Stack>
  );
}
