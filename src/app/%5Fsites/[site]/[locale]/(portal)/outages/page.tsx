import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { customerOutages, listMeterEvents } from "@/server/outages/outages";
import { formatter } from "@/i18n/format";
import { EmptyState } from "@/ui/shared/empty-state";
import { MeterEvents, OutageCard, PastOutages } from "@/ui/outages/outage-list";
import { Heading } from "@/ui/shared/heading";
import { Stack, Text } from "@/ui/shared/plain";
import { Notice } from "@/ui/shared/notice";

export async function generateMetadata() {
  const t = await getTranslations("outages-pages");
  return { title: t("title") };
}

/** Outages at the customer's addresses: what is going on now, planned work, the past year and the meters' own events. */
export default async function OutagesPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "outages");
  const t = await getTranslations("outages-pages");
  const customerId = session.activeCustomer?.id;
  const view = customerId ? await customerOutages(site.id, customerId) : null;
  if (!customerId || !view || !view.past.length) {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <EmptyState title={t("allClear.title")} description={t("noPoints")} titleOrder={2} />
      </Stack>
    );
  }
  const events = await Promise.all(view.past.map((p) => listMeterEvents(site.id, customerId, p.gsrn)));
  const f = formatter(locale, site.timezone);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Heading order={1}>{t("title")}</Heading>
        <Text>{t("intro")}</Text>
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="current-outages">
        <Heading order={2} id="current-outages">
          {t("current.heading")}
        </Heading>
        {view.current.length ? (
          view.current.map((o) => <OutageCard key={o.id} outage={o} upcoming={false} locale={locale} timeZone={site.timezone} country={site.country} />)
        ) : (
          <Notice color="green" variant="light" title={t("allClear.title")} data-testid="all-clear">
            {view.lastOutageEndedAt ? t("allClear.lastOutage", { date: f.dateTime(view.lastOutageEndedAt) }) : t("allClear.noOutage")}
          </Notice>
        )}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="planned-outages">
        <Heading order={2} id="planned-outages">
          {t("planned.heading")}
        </Heading>
        {view.planned.length ? (
          view.planned.map((o) => <OutageCard key={o.id} outage={o} upcoming locale={locale} timeZone={site.timezone} country={site.country} />)
        ) : (
          <Text c="dimmed">{t("planned.empty")}</Text>
        )}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="meter-events">
        <Heading order={2} id="meter-events">
          {t("events.heading")}
        </Heading>
        <Text size="sm">{t("events.intro")}</Text>
        {events.map((list) => (
          <MeterEvents key={list.gsrn} list={list} locale={locale} timeZone={site.timezone} />
        ))}
      </Stack>

      <Stack gap="md" component="section" aria-labelledby="past-outages">
        <Heading order={2} id="past-outages">
          {t("past.heading")}
        </Heading>
        {view.past.map((p) => (
          <PastOutages key={p.gsrn} point={p} locale={locale} timeZone={site.timezone} />
        ))}
      </Stack>
    </Stack>
  );
}
