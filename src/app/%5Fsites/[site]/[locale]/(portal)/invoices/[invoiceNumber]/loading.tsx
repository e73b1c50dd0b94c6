import { SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";

/** Skeleton of an invoice while it loads. */
export default async function InvoiceLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <Stack gap="xl" data-testid="invoice-loading">
      <LoadingStatus label={t("loading")} />
      <Stack gap="xs">
        <Skeleton height={14} width={120} />
        <Skeleton height={36} width={320} maw="100%" />
        <Skeleton height={16} width={260} maw="100%" />
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={56} />
        ))}
      </SimpleGrid>
      <Skeleton height={180} />
      <Skeleton height={240} />
    </Stack>
  );
}
