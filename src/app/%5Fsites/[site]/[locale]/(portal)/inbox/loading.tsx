import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";

/** Skeleton of the inbox while it loads. */
export default async function InboxLoading() {
  const t = await getTranslations("notifications-pages.inbox");
  return (
    <PlaceholderStack gap="lg" data-testid="inbox-loading">
      <LoadingStatus label={t("loading")} />
      <Bone h={36} w={220} />
      {Array.from({ length: 5 }, (_, i) => (
        <Bone key={i} h={72} />
      ))}
    </PlaceholderStack>
  );
}
