import { Stack, Text } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Heading } from "@/ui/shared/heading";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { mayManage } from "@/server/contracts/contracts";
import { MoveOutForm } from "@/ui/contracts/move-out-form";
import { ContractSummaryCard } from "@/ui/contracts/contract-summary";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";
import { contractPageContext, loadContract, type ContractRouteParams } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contracts-pages.move-out");
  return { title: t("title") };
}

export default async function MoveOutPage({ params }: { params: ContractRouteParams }) {
  const ctx = await contractPageContext(params);
  if (!mayManage(ctx.site)) notFound();
  const { contractId } = await params;
  const contract = await loadContract(ctx, contractId);
  const t = await getTranslations("contracts-pages.move-out");
  const back = <Anchor href={ctx.href("/contracts")}>{t("back")}</Anchor>;
  if (!contract.moveOutWindow || ctx.session.activeCustomer!.role === "representative") {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <EmptyState icon={<FileIcon size={28} />} title={t("not-eligible-title")} description={t("not-eligible")} titleOrder={2} action={back} data-testid="move-out-not-eligible" />
      </Stack>
    );
  }
  const db = await getDb();
  const [c] = await db
    .select({ street: customers.street, postalCode: customers.postalCode, city: customers.city })
    .from(customers)
    .where(and(eq(customers.siteId, ctx.site.id), eq(customers.id, ctx.customerId!)));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Heading order={1}>{t("title")}</Heading>
        <Text c="dimmed">{t("intro")}</Text>
      </Stack>
      <ContractSummaryCard contract={contract} locale={ctx.locale} />
      <MoveOutForm
        contractId={contract.id}
        window={contract.moveOutWindow}
        currentAddress={[c?.street, [c?.postalCode, c?.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
        confirmationHref={ctx.href(`/contracts/${contract.id}/move-out/confirmation`)}
        cancelHref={ctx.href("/contracts")}
        locale={ctx.locale}
      />
    </Stack>
  );
}
