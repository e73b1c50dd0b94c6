import { Center, Paper, Skeleton, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { LoadingStatus } from "./loading-status";

/** Skeleton of a payment-state page. */
export async function PaymentStateLoading() {
  const t = await getTranslations("invoice-pages");
  return (
    <Center>
      <Paper withBorder p="xl" w="100%" maw={620}>
        <Stack align="center" gap="lg">
          <LoadingStatus label={t("loading")} />
          <Skeleton height={56} circle />
          <Skeleton height={28} width="60%" />
          <Skeleton height={16} width="80%" />
          <Skeleton height={36} width={200} />
        </Stack>
      </Paper>
    </Center>
  );
}
