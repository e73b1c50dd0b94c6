import { Anchor } from "@/ui/shared/plain-anchor";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { InvoiceStatusBadge } from "@/ui/invoices/status-badge";
import type { InvoiceSummary } from "@/lib/invoices/types";
import { formatter, type Format } from "@/i18n/format";
import { Bone, PlaceholderPanel } from "@/ui/shared/placeholder";
import classes from "./home.module.css";

/**
 * The home page's summary cards: what the customer has to pay, this month's energy and its cost,
 * and the latest invoice. Server components: the page loads the figures and passes them in.
 */

function Card({ id, title, testId, children, link }: { id: string; title: string; testId: string; children: ReactNode; link?: { href: string; label: string } }) {
  return (
    <section className={`${panels.panel} ${classes.card}`} aria-labelledby={id} data-testid={testId}>
      <Stack gap="sm" style={{ height: "100%" }}>
        <Heading order={2} size="h4" id={id}>
          {title}
        </Heading>
        {children}
        {link ? (
          <Anchor href={link.href} fz="sm" style={{ marginTop: "auto" }}>
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </section>
  );
}

export interface AmountDueView {
  count: number;
  overdue: number;
  totalCents: number;
  currency: string;
  nextDueDate: string | null;
}

/** The amount to pay now and the next due date. */
export async function AmountDueCard({ amount, locale, timeZone, invoicesHref }: { amount: AmountDueView; locale: string; timeZone: string; invoicesHref: string }) {
  const t = await getTranslations("home.due");
  const f = formatter(locale, timeZone);
  return (
    <Card id="home-due" title={t("title")} testId="home-amount-due" link={{ href: invoicesHref, label: t("to-invoices") }}>
      <Text className={classes.bigNumber} data-testid="home-amount-due-total">
        {f.money(amount.count ? amount.totalCents : 0, amount.currency)}
      </Text>
      {amount.count ? (
        <Stack gap={2}>
          <Text fz="sm">{t("count", { count: amount.count })}</Text>
          {amount.nextDueDate ? (
            <Text fz="sm" data-testid="home-next-due-date">
              {t("next-due", { date: f.date(amount.nextDueDate) })}
            </Text>
          ) : null}
          {amount.overdue ? (
            <Text fz="sm" fw={700} className={classes.warningText}>
              {t("overdue", { count: amount.overdue })}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          {t("nothing")}
        </Text>
      )}
    </Card>
  );
}

export interface MonthFigure {
  kind: string;
  total: number | null;
  lastMonthTotal: number | null;
  changeFromLastMonth: number | null;
}

export interface MonthCostView {
  totalCents: number | null;
  lastMonthTotalCents: number | null;
  changeFromLastMonth: number | null;
  currency: string;
}

function Versus({ previous, change, f, label }: { previous: string | null; change: number | null; f: Format; label: (values: { value: string; change: string }) => string }) {
  if (previous === null || change === null) return null;
  return (
    <Text fz="sm" c="dimmed">
      {label({ value: previous, change: f.change(change) })}
    </Text>
  );
}

/** This month's consumption per energy kind and its cost so far, each against last month to the same day. */
export async function MonthCard({
  from,
  until,
  kinds,
  cost,
  locale,
  timeZone,
  dashboardHref,
}: {
  from: string;
  until: string;
  kinds: MonthFigure[];
  cost: MonthCostView | null;
  locale: string;
  timeZone: string;
  dashboardHref: string | null;
}) {
  const t = await getTranslations("home.month");
  const tInv = await getTranslations("invoices");
  const f = formatter(locale, timeZone);
  const kwh = (value: number) => t("kwh", { value: f.number(value, "headline") });
  const vs = (values: { value: string; change: string }) => t("vs-last-month", values);
  return (
    <Card id="home-month" title={t("title")} testId="home-month" link={dashboardHref ? { href: dashboardHref, label: t("to-dashboard") } : undefined}>
      <Text fz="sm" c="dimmed">
        {f.period(from, until)}
      </Text>
      {kinds.map((k) => (
        <div key={k.kind} data-testid={`home-consumption-${k.kind}`}>
          <Text fz="sm" c="dimmed">
            {kinds.length > 1 ? t("consumption-of", { kind: tInv(`energyKinds.${k.kind}`) }) : t("consumption")}
          </Text>
          <Text className={classes.bigNumber} data-testid="home-consumption-value">
            {k.total === null ? t("no-readings") : kwh(k.total)}
          </Text>
          <Versus previous={k.lastMonthTotal === null ? null : kwh(k.lastMonthTotal)} change={k.changeFromLastMonth} f={f} label={vs} />
        </div>
      ))}
      {cost && cost.totalCents !== null ? (
        <div data-testid="home-cost">
          <Text fz="sm" c="dimmed">
            {t("cost")}
          </Text>
          <Text className={classes.bigNumber} data-testid="home-cost-value">
            {f.money(cost.totalCents, cost.currency)}
          </Text>
          <Versus previous={cost.lastMonthTotalCents === null ? null : f.money(cost.lastMonthTotalCents, cost.currency)} change={cost.changeFromLastMonth} f={f} label={vs} />
          <Text fz="xs" c="dimmed">
            {t("cost-note")}
          </Text>
        </div>
      ) : null}
    </Card>
  );
}

/** The newest invoice: number, period, amount, due date and state, with a link to it. */
export async function LatestInvoiceCard({
  invoice,
  locale,
  timeZone,
  invoiceHref,
  invoicesHref,
}: {
  invoice: InvoiceSummary | null;
  locale: string;
  timeZone: string;
  invoiceHref: string | null;
  invoicesHref: string;
}) {
  const t = await getTranslations("home.latest");
  const tInv = await getTranslations("invoices");
  const f = formatter(locale, timeZone);
  if (!invoice || !invoiceHref) {
    return (
      <Card id="home-latest" title={t("title")} testId="home-latest-invoice">
        <Text fz="sm" c="dimmed">
          {t("none")}
        </Text>
      </Card>
    );
  }
  return (
    <Card id="home-latest" title={t("title")} testId="home-latest-invoice" link={{ href: invoicesHref, label: t("all") }}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Anchor href={invoiceHref} fw={600} data-testid="home-latest-invoice-link" data-invoice={invoice.invoiceNumber}>
          {t("number", { number: invoice.invoiceNumber })}
        </Anchor>
        <InvoiceStatusBadge state={invoice.state} label={tInv(`states.${invoice.state}`)} size="sm" />
      </Group>
      <Text className={classes.bigNumber} data-testid="home-latest-invoice-total">
        {f.money(invoice.totalCents, invoice.currency)}
      </Text>
      <Stack gap={2}>
        <Text fz="sm">{t("period", { period: f.period(invoice.periodStart, invoice.periodEnd) })}</Text>
        <Text fz="sm">{invoice.paidAt ? t("paid-on", { date: f.date(invoice.paidAt) }) : t("due", { date: f.date(invoice.dueDate) })}</Text>
      </Stack>
    </Card>
  );
}

/** The shape of a summary card while its figures load. */
export function HomeCardSkeleton() {
  return (
    <div aria-hidden>
      <PlaceholderPanel>
        <Bone h={22} w="45%" />
        <Bone h={36} w="60%" />
        <Bone h={16} w="70%" />
      </PlaceholderPanel>
    </div>
  );
}
