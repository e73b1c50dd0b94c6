import { Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { mayManage } from "@/server/contracts/contracts";
import { getSigningById, signingStartDate } from "@/server/contracts/signing";
import { SigningStatusPanel } from "@/ui/contract-signing/signing-status";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";
import { contractPageContext } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("contract-signing.confirmation");
  return { title: t("title") };
}

/** Where the signing provider sends the customer back (?signing=): the signing's status, then the contract made. */
export default async function SigningConfirmationPage({ params, searchParams }: { params: Promise<{ site: string; locale: string }>; searchParams: Promise<{ signing?: string }> }) {
  const ctx = await contractPageContext(params);
  if (!mayManage(ctx.site) || !ctx.customerId) notFound();
  const { signing } = await searchParams;
  const t = await getTranslations("contract-signing.confirmation");
  const status = signing ? await getSigningById(ctx.site, ctx.customerId, signing) : null;
  return (
    <Stack gap="lg" data-testid="signing-confirmation">
      <Heading order={1}>{t("title")}</Heading>
      {!status ? (
        <EmptyState icon={<FileIcon size={28} />} title={t("not-found")} description={t("again")} titleOrder={2} data-testid="signing-not-found" />
      ) : (
        <>
          <Text c="dimmed" translate="no">
            {status.contractNumber}
          </Text>
          <SigningStatusPanel
            initial={status}
            startDate={(await signingStartDate(ctx.site.id, ctx.customerId, signing!)) ?? ""}
            locale={ctx.locale}
            contractsHref={ctx.href("/contracts")}
            signAgainHref={ctx.href("/contracts/sign")}
            signingUrl={status.signingUrl}
          />
        </>
      )}
    </Stack>
  );
}
