import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of an administration page while it loads. */
export default async function AdminLoading() {
  const t = await getTranslations("admin-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="admin-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={280} />
      <Bone h={40} />
      {Array.from({ length: 5 }, (_, i) => (
        <Bone key={i} h={48} />
      ))}
    </PlaceholderStack>
  );
}
