import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the contract list while it loads. */
export default async function ContractsLoading() {
  const t = await getTranslations("contracts-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="contracts-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={220} />
      <Bone h={28} w={320} />
      {Array.from({ length: 3 }, (_, i) => (
        <Bone key={i} h={220} />
      ))}
    </PlaceholderStack>
  );
}
