import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";
import { Bone, PlaceholderStack } from "@/ui/shared/placeholder";
import classes from "@/ui/invoices/invoices.module.css";

/** Skeleton of an invoice while it loads. */
export default async function InvoiceLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <PlaceholderStack gap="xl" data-testid="invoice-loading">
      <LoadingStatus label={t("loading")} />
      <PlaceholderStack gap="xs">
        <Bone h={14} w={120} />
        <Bone h={36} w={320} />
        <Bone h={16} w={260} />
      </PlaceholderStack>
      <div className={classes.summaryGrid}>
        {Array.from({ length: 4 }, (_, i) => (
          <Bone key={i} h={56} />
        ))}
      </div>
      <Bone h={180} />
      <Bone h={240} />
    </PlaceholderStack>
  );
}
