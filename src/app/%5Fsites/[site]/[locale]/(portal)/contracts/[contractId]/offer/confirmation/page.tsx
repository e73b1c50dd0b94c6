import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { getContract } from "@/server/contracts/contracts";
import { ContractConfirmation } from "@/ui/contracts/confirmation";
import { contractPageContext, loadContract, type ContractRouteParams } from "../../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.offer-confirmation");
  return { title: t("title") };
}

/** After accepting a renewal: the follow-up contract and when it starts. */
export default async function RenewalConfirmationPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  const { contractId } = await params;
  const old = await loadContract(ctx, contractId);
  if (!old.followUpContractId) redirect(ctx.href("/contracts"));
  const next = await getContract(ctx.site, ctx.customerId!, old.followUpContractId);
  const t = await getTranslations("contracts-pages.offer-confirmation");
  const f = formatter(ctx.locale);
  return (
    <ContractConfirmation
      testId="renewal-confirmation"
      title={t("title")}
      intro={t("intro", { product: next.productName, date: f.date(next.startDate) })}
      summaryLabel={t("summary")}
      rows={[
        { key: "number", label: t("number"), value: next.contractNumber },
        { key: "product", label: t("product"), value: next.productName },
        { key: "start", label: t("start"), value: f.date(next.startDate) },
        ...(next.termEnd ? [{ key: "term", label: t("term-end"), value: f.date(next.termEnd) }] : []),
        ...(next.additionalProduct
          ? [
              {
                key: "additional",
                label: t("additional"),
                value: (
                  <span translate="no" data-testid="renewal-additional-product">
                    {next.additionalProduct.name}
                  </span>
                ),
              },
            ]
          : []),
        { key: "old", label: t("previous"), value: t("previous-value", { number: old.contractNumber, date: f.date(old.endDate ?? old.termEnd ?? old.startDate) }) },
      ]}
      backHref={ctx.href("/contracts")}
      backLabel={t("back")}
    />
  );
}
