import { Stack } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Heading } from "@/ui/shared/heading";
import { getTranslations } from "next-intl/server";
import { mayManage } from "@/server/contracts/contracts";
import { listContractDocuments } from "@/server/contracts/documents";
import { CONTRACT_DOCUMENT_MAX_BYTES } from "@/lib/request-limits";
import { ContractSummaryCard } from "@/ui/contracts/contract-summary";
import { contractPageContext, loadContract, type ContractRouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contract-documents");
  return { title: t("title") };
}

/** One contract with its documents: the contract PDF, the files added to it and adding one. */
export default async function ContractPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  const { contractId } = await params;
  const contract = await loadContract(ctx, contractId);
  const documents = await listContractDocuments(ctx.site.id, ctx.customerId!, contract.id);
  const t = await getTranslations("contract-documents");
  const upload = !mayManage(ctx.site) ? "off" : ctx.session.activeCustomer!.role === "representative" ? "representative" : "allowed";
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Heading order={1}>{t("page-title", { number: contract.contractNumber })}</Heading>
        <Anchor href={ctx.href("/contracts")} size="sm">
          {t("back")}
        </Anchor>
      </Stack>
      <ContractSummaryCard contract={contract} locale={ctx.locale} documents={{ list: documents, upload, maxBytes: CONTRACT_DOCUMENT_MAX_BYTES }} />
    </Stack>
  );
}
