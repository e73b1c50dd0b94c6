import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the invoice list while it loads. */
export default async function InvoicesLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="invoices-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={220} />
      <Bone h={72} />
      <Bone h={60} w={420} />
      {Array.from({ length: 6 }, (_, i) => (
        <Bone key={i} h={44} />
      ))}
    </PlaceholderStack>
  );
}
