import { Badge } from "@mantine/core";
import { Group, rem, Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";
import home from "@/ui/home/home.module.css";
import { Suspense } from "react";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { amountToPayOf, latestOf } from "@/server/invoices/summary";
import { listInvoices, type InvoiceSummary } from "@/server/invoices/invoices";
import { dashboardMonthCost, dashboardPeriod, dashboardPoints } from "@/server/metering/dashboard";
import type { Site } from "@/server/sites/sites";
import { hasFeature } from "@/lib/features";
import { localePath } from "@/lib/locales";
import { navItems } from "@/ui/shell/navigation";
import { AmountDueCard, HomeCardSkeleton, LatestInvoiceCard, MonthCard } from "@/ui/home/home-cards";
import { SiteAnnouncements } from "../_parts/site-announcements";
import { CustomerServiceSearch, RepresentativeCodeForm } from "@/ui/on-demand";

const TILE_AREAS = ["charts", "contracts", "invoices"] as const;

export async function generateMetadata() {
  const t = await getTranslations("home");
  return { title: t("title") };
}

interface Part {
  site: Site;
  customerId: string;
  locale: string;
}

/** The customer's invoices, read once for the amount due and the latest invoice. */
interface InvoicePart extends Part {
  all: Promise<InvoiceSummary[]>;
}

async function AmountDue({ site, locale, all }: InvoicePart) {
  const amount = amountToPayOf(await all);
  return <AmountDueCard amount={amount} locale={locale} timeZone={site.timezone} invoicesHref={localePath(site, locale, "/invoices")} />;
}

async function LatestInvoice({ site, locale, all }: InvoicePart) {
  const [latest] = latestOf(site, await all);
  const href = latest ? localePath(site, locale, `/invoices/${encodeURIComponent(latest.invoiceNumber)}`) : null;
  return <LatestInvoiceCard invoice={latest ?? null} invoiceHref={href} invoicesHref={localePath(site, locale, "/invoices")} locale={locale} timeZone={site.timezone} />;
}

/** This month's energy and its cost so far, both against last month at one and the same moment. */
async function monthFigures(site: Site, customerId: string) {
  const { scope, points } = await dashboardPoints(site, customerId);
  if (!points.length) return null;
  const now = Date.now();
  const [period, cost] = await Promise.all([dashboardPeriod(site, scope, points, now), dashboardMonthCost(site, scope, points, now)]);
  return { period, cost };
}

async function ThisMonth({ site, customerId, locale }: Part) {
  const figures = await monthFigures(site, customerId);
  if (!figures) return null;
  const { period, cost } = figures;
  const kinds = period.kinds.map((k) => ({ kind: k.kind, total: k.consumption.total, lastMonthTotal: k.consumption.lastMonthTotal, changeFromLastMonth: k.consumption.changeFromLastMonth }));
  return <MonthCard from={period.from} until={period.until} kinds={kinds} cost={cost} locale={locale} timeZone={site.timezone} dashboardHref={localePath(site, locale, "/dashboard")} />;
}

export default async function HomePage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, session, t] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale), getTranslations("home")]);
  const tiles = navItems(site).filter((a) => (TILE_AREAS as readonly string[]).includes(a.feature));
  const active = session.activeCustomer;
  const part = active ? { site, customerId: active.id, locale } : null;
  const invoices = hasFeature(site, "invoices");
  const energy = hasFeature(site, "dashboard");
  const all = part && invoices ? listInvoices({ site, customerId: part.customerId }) : null;
  return (
    <Stack gap="lg">
      <Heading order={1}>{t("welcome", { name: session.person.name })}</Heading>
      {active ? (
        <div className={panels.panel} data-testid="account-summary">
          <Group gap="sm">
            <Text>{t("you-are-in", { name: active.name, code: active.clientCode })}</Text>
            <Badge variant="light">{t(`role.${active.role}`)}</Badge>
          </Group>
        </div>
      ) : (
        <div className={`${panels.panel} ${home.narrow}`}>
          <Stack>
            <Heading order={2} size="h4">
              {t("no-customer-title")}
            </Heading>
            <Text>{t("no-customer")}</Text>
            <RepresentativeCodeForm />
          </Stack>
        </div>
      )}
      {session.roles.includes("customer_service") ? <CustomerServiceSearch /> : null}
      {part && (invoices || energy) ? (
        <div className={home.summary} data-testid="home-summary">
          {invoices ? (
            <Suspense fallback={<HomeCardSkeleton />}>
              <AmountDue {...part} all={all!} />
            </Suspense>
          ) : null}
          {energy ? (
            <Suspense fallback={<HomeCardSkeleton />}>
              <ThisMonth {...part} />
            </Suspense>
          ) : null}
          {invoices ? (
            <Suspense fallback={<HomeCardSkeleton />}>
              <LatestInvoice {...part} all={all!} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      {/* White-label shell: the site's current announcements, newest first (spec §7); with the
          page's first part, so the tiles below do not move when they arrive. */}
      <SiteAnnouncements site={site} locale={locale} />
      {active && tiles.length ? (
        <nav className={home.tiles} aria-label={t("quick-actions")}>
          {tiles.map((tile) => (
            <Link key={tile.path} href={localePath(site, locale, tile.path)} className={`${panels.panel} ${home.tile}`}>
              <Heading order={2} size="h4">
                {t(`tiles.${tile.feature}.title`)}
              </Heading>
              <Text size="sm" style={{ marginTop: rem(4) }}>
                {t(`tiles.${tile.feature}.description`)}
              </Text>
            </Link>
          ))}
        </nav>
      ) : null}
    </Stack>
  );
}
