import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the desk's queue while it loads. */
export default async function DeskLoading() {
  const t = await getTranslations("desk");
  return (
    <PlaceholderStack gap="lg" data-testid="desk-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={280} />
      <Bone h={20} w="70%" />
      <Bone h={60} />
      {Array.from({ length: 6 }, (_, i) => (
        <Bone key={i} h={52} />
      ))}
    </PlaceholderStack>
  );
}
