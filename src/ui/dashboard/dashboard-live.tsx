"use client";

import { Button } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { startTransition, useCallback, useEffect, useEffectEvent, useState, type ReactNode } from "react";
import type { DashboardOverview } from "@/api/schemas/energy";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { EmptyState } from "@/ui/shared/empty-state";
import { Notice } from "@/ui/shared/notice";
import { Stack } from "@/ui/shared/plain";
import panels from "@/ui/shared/panels.module.css";
import { EstimateCard, ExpensesCard, LocationsCard, PeriodCard, SpotCard } from "./overview-cards";
import { NoCustomerView } from "@/ui/energy/no-customer-view";
import { CardsPlaceholder, CustomerName } from "./placeholders";
import { SESSION_CHANGED_EVENT, signInAgainHref } from "@/ui/shell/portal-session";

const OVERVIEW = "/api/dashboard/overview";

/** The answer of a customer endpoint to a person who acts for no customer (src/api/route.ts). */
const NO_ACTIVE_CUSTOMER = "api.errors.no-active-customer";

type View = { kind: "loading" } | { kind: "ready"; overview: DashboardOverview } | { kind: "no-customer" } | { kind: "failed" };

export interface DashboardLiveProps {
  locale: string;
  /** The site's time zone: times and days are shown on its clock. */
  timeZone: string;
  chartsHref: string;
  homeHref: string;
  /** Where a request without a session goes. */
  signInHref: string;
  /** The page's heading (h1). */
  heading: ReactNode;
  /** The site's announcements, drawn by the page above the cards. */
  announcements: ReactNode;
}

/**
 * The dashboard drawn in the browser from one overview: the page comes the same for everyone (and
 * from a cache), and this asks the API for the customer's figures when it mounts and again when
 * the person switches customer. While it loads, the heading, the announcements and placeholders
 * of the cards hold the places the cards take.
 */
export function DashboardLive({ locale, timeZone, chartsHref, homeHref, signInHref, heading, announcements }: DashboardLiveProps) {
  const t = useTranslations("dashboard");
  const onError = useApiErrorHandler();
  const router = useRouter();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  const failed = useEffectEvent((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      router.replace(signInAgainHref(signInHref));
      return;
    }
    if (error instanceof ApiError && error.status === 403 && error.body?.error.message === NO_ACTIVE_CUSTOMER) {
      setView({ kind: "no-customer" });
      return;
    }
    setView({ kind: "failed" });
    onError(error);
  });

  useEffect(() => {
    let live = true;
    api<DashboardOverview>(OVERVIEW).then(
      (overview) => {
        // The cards are drawn in a transition: React renders them in slices of a few milliseconds
        // and the page keeps answering input, where one render of all five was a long task.
        if (live) startTransition(() => setView({ kind: "ready", overview }));
      },
      (error: unknown) => {
        if (live) failed(error);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  /** Asks again: after a failure, or for the customer the person has switched to (whose figures the shown ones are not). */
  const reload = useCallback(() => {
    setView({ kind: "loading" });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    window.addEventListener(SESSION_CHANGED_EVENT, reload);
    return () => window.removeEventListener(SESSION_CHANGED_EVENT, reload);
  }, [reload]);

  if (view.kind === "no-customer") {
    return (
      <div data-testid="dashboard" data-state="no-customer">
        <NoCustomerView texts={{ title: t("title"), noCustomerTitle: t("no-customer-title"), noCustomer: t("no-customer"), toHome: t("to-home") }} homeHref={homeHref} />
      </div>
    );
  }

  const overview = view.kind === "ready" ? view.overview : null;
  return (
    <Stack gap="lg" data-testid="dashboard" data-state={view.kind}>
      <div>
        {heading}
        {view.kind === "failed" ? null : <CustomerName name={overview?.customer.name ?? null} />}
      </div>
      {announcements}
      {view.kind === "failed" ? (
        <Stack gap="sm" align="flex-start" data-testid="dashboard-failed">
          <Notice color="red" title={t("failed-title")}>
            {t("failed")}
          </Notice>
          <Button variant="default" onClick={reload}>
            {t("retry")}
          </Button>
        </Stack>
      ) : overview ? (
        <Cards overview={overview} locale={locale} timeZone={timeZone} chartsHref={chartsHref} />
      ) : (
        <CardsPlaceholder />
      )}
    </Stack>
  );
}

/** The cards in the order and on the conditions of the server's page: without metering data, the spot price and the locations only. */
function Cards({ overview, locale, timeZone, chartsHref }: { overview: DashboardOverview; locale: string; timeZone: string; chartsHref: string }) {
  const t = useTranslations("dashboard");
  const { hasData, period, estimate, expenses } = overview;
  return (
    <>
      {hasData ? null : <EmptyState titleOrder={2} title={t("empty.title")} description={t("empty.description")} data-testid="dashboard-empty" />}
      <div className={panels.grid}>
        {hasData && period ? <PeriodCard period={period} locale={locale} timeZone={timeZone} chartsHref={chartsHref} /> : null}
        <SpotCard spot={overview.spot} ranking={overview.spotRanking} locale={locale} timeZone={timeZone} />
        {hasData && estimate ? <EstimateCard estimate={estimate} locale={locale} timeZone={timeZone} /> : null}
        {hasData && expenses ? <ExpensesCard expenses={expenses} locale={locale} timeZone={timeZone} /> : null}
        <LocationsCard locations={overview.locations} chartsHref={chartsHref} />
      </div>
    </>
  );
}
