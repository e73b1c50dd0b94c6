import { getTranslations, setRequestLocale } from "next-intl/server";
import { requireAreaPage } from "@/server/web/page-context";
import { customerRelays } from "@/server/load-control/load-control";
import { hasFeature } from "@/lib/features";
import { EmptyState } from "@/ui/shared/empty-state";
import { RelayControl, RelayHistory } from "@/ui/load-control/lazy";
import { Heading } from "@/ui/shared/heading";
import { Stack, Text } from "@/ui/shared/plain";

export async function generateMetadata() {
  const t = await getTranslations("load-control-pages");
  return { title: t("title") };
}

/** Load control (spec §2 /power-control): the customer's controllable relays and their latest commands. */
export default async function PowerControlPage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const { site, session } = await requireAreaPage(siteId, locale, "power-control");
  const t = await getTranslations("load-control-pages");
  const customerId = session.activeCustomer?.id;
  const relays = customerId ? await customerRelays(site.id, customerId) : [];
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Heading order={1}>{t("title")}</Heading>
        <Text>{t("intro")}</Text>
      </Stack>
      {relays.length ? (
        relays.map((r) => (
          <Stack key={r.gsrn} gap="sm">
            <RelayControl relay={r} onOffAllowed={hasFeature(site, "power-control.on-off")} timeZone={site.timezone} />
            <RelayHistory relay={r} timeZone={site.timezone} />
          </Stack>
        ))
      ) : (
        <EmptyState title={t("title")} description={t("none")} titleOrder={2} />
      )}
    </Stack>
  );
}
