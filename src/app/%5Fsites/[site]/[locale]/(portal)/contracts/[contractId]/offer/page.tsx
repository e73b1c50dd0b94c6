import { Stack, Text } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Heading } from "@/ui/shared/heading";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { mayManage } from "@/server/contracts/contracts";
import { centsPerKwhUnit, formatter } from "@/i18n/format";
import { RenewalForm } from "@/ui/contracts/renewal-form";
import { ContractSummaryCard } from "@/ui/contracts/contract-summary";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";
import { contractPageContext, loadContract, type ContractRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.offer");
  return { title: t("title") };
}

export default async function RenewalOfferPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  if (!mayManage(ctx.site)) notFound();
  const { contractId } = await params;
  const contract = await loadContract(ctx, contractId);
  const t = await getTranslations("contracts-pages.offer");
  const tc = await getTranslations("contracts");
  const tl = await getTranslations("contracts-pages.list");
  const f = formatter(ctx.locale);
  if (!contract.renewal || ctx.session.activeCustomer!.role === "representative") {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <EmptyState
          icon={<FileIcon size={28} />}
          title={t("not-eligible-title")}
          description={t("not-eligible")}
          titleOrder={2}
          action={<Anchor href={ctx.href("/contracts")}>{t("back")}</Anchor>}
          data-testid="renewal-not-eligible"
        />
      </Stack>
    );
  }
  const price = (c: (typeof contract.priceComponents)[number]) =>
    c.unit === "c/kWh"
      ? `${f.number(c.value, "unitPrice")} ${centsPerKwhUnit(ctx.locale)}`
      : c.unit === "cents/month"
        ? tl("per-month", { amount: f.money(c.value, contract.currency) })
        : f.money(c.value, contract.currency);
  const offers = contract.renewal.offers.map((o) => ({
    offerId: o.offerId,
    title: o.productName,
    additional: o.additionalProduct
      ? { name: o.additionalProduct.name, label: t("additional-label", { name: o.additionalProduct.name, price: o.additionalProduct.priceComponents.map(price).join(", ") }) }
      : null,
    lines: [
      o.termMonths ? t("term", { months: o.termMonths }) : tc(`price-models.${o.priceModel}`),
      ...o.priceComponents.map(
        (c) => `${tc(`components.${c.type}`)}: ${c.unit === "c/kWh" ? `${f.number(c.value, "unitPrice")} ${centsPerKwhUnit(ctx.locale)}` : f.money(c.value, contract.currency)}`,
      ),
      t("valid-until", { date: f.date(o.validUntil) }),
    ],
  }));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Heading order={1}>{t("title")}</Heading>
        <Text c="dimmed">{t("intro", { end: f.date(contract.termEnd!), start: f.date(contract.renewal.startDate) })}</Text>
      </Stack>
      <ContractSummaryCard contract={contract} locale={ctx.locale} />
      <RenewalForm contractId={contract.id} offers={offers} confirmationHref={ctx.href(`/contracts/${contract.id}/offer/confirmation`)} cancelHref={ctx.href("/contracts")} />
      <Text size="xs" c="dimmed">
        {t("vat-note")}
      </Text>
    </Stack>
  );
}
