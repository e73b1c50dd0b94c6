import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of a desk ticket while it loads. */
export default async function DeskTicketLoading() {
  const t = await getTranslations("desk");
  return (
    <PlaceholderStack gap="lg" data-testid="desk-ticket-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={16} w={140} />
      <Bone h={36} w="60%" />
      <Bone h={160} />
      {Array.from({ length: 3 }, (_, i) => (
        <Bone key={i} h={96} />
      ))}
    </PlaceholderStack>
  );
}
