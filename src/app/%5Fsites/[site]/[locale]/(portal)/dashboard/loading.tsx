import { SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { CardSkeleton } from "@/ui/energy/card-skeleton";

export default function DashboardLoading() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={36} w={240} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CardSkeleton />
        <CardSkeleton />
        <CardSkeleton short />
        <CardSkeleton />
      </SimpleGrid>
    </Stack>
  );
}
