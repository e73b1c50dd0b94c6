import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the support page while it loads. */
export default async function SupportLoading() {
  const t = await getTranslations("support-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="support-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={200} />
      <Bone h={20} w="70%" />
      <Bone h={36} w={140} />
      <Bone h={28} w={180} />
      {Array.from({ length: 4 }, (_, i) => (
        <Bone key={i} h={52} />
      ))}
    </PlaceholderStack>
  );
}
