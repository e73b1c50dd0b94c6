import { Skeleton, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "@/ui/invoices/loading-status";

/** Skeleton of the invoice list while it loads. */
export default async function InvoicesLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <Stack gap="lg" data-testid="invoices-loading">
      <LoadingStatus label={t("loading")} />
      <Skeleton height={36} width={220} />
      <Skeleton height={72} />
      <Skeleton height={60} width={420} maw="100%" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  );
}
