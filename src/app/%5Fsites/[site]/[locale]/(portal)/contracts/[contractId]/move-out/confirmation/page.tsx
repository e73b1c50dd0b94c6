import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { ContractConfirmation } from "@/ui/contracts/confirmation";
import { contractPageContext, loadContract, type ContractRouteParams } from "../../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.move-out-confirmation");
  return { title: t("title") };
}

/** After a move-out: what was agreed (the contract's end, where the final invoice goes, the reading). */
export default async function MoveOutConfirmationPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  const { contractId } = await params;
  const contract = await loadContract(ctx, contractId);
  if (!contract.moveOut || !contract.endDate) redirect(ctx.href("/contracts"));
  const t = await getTranslations("contracts-pages.move-out-confirmation");
  const tInv = await getTranslations("invoices");
  const f = formatter(ctx.locale);
  const a = contract.moveOut.finalInvoiceAddress;
  return (
    <ContractConfirmation
      testId="move-out-confirmation"
      title={t("title")}
      intro={t("intro", { product: contract.productName, date: f.date(contract.endDate) })}
      summaryLabel={t("summary")}
      rows={[
        { key: "number", label: t("number"), value: contract.contractNumber },
        { key: "address", label: t("usage-point"), value: `${contract.usagePoint.street}, ${contract.usagePoint.postalCode} ${contract.usagePoint.city}` },
        { key: "end", label: t("end-date"), value: f.date(contract.endDate) },
        ...(a ? [{ key: "invoice", label: t("final-invoice"), value: `${a.street}, ${a.postalCode} ${a.city}` }] : []),
        ...(contract.moveOut.readingKwh !== null ? [{ key: "reading", label: t("reading"), value: `${f.number(contract.moveOut.readingKwh, "quantity")} ${tInv("units.kWh")}` }] : []),
      ]}
      note={t("next")}
      backHref={ctx.href("/contracts")}
      backLabel={t("back")}
    />
  );
}
