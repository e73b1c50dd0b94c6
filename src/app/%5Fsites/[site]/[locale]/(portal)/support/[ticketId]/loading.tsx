import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of a ticket while it loads. */
export default async function TicketLoading() {
  const t = await getTranslations("support-pages");
  return (
    <PlaceholderStack gap="lg" data-testid="ticket-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={16} w={120} />
      <Bone h={36} w="60%" />
      <Bone h={110} />
      <Bone h={28} w={180} />
      {Array.from({ length: 3 }, (_, i) => (
        <Bone key={i} h={96} />
      ))}
    </PlaceholderStack>
  );
}
