import { Paper, Skeleton, Stack } from "@mantine/core";

/** The shape of a dashboard card while its data loads. */
export function CardSkeleton({ short }: { short?: boolean }) {
  return (
    <Paper withBorder p="md" aria-hidden>
      <Stack gap="sm">
        <Skeleton h={22} w="45%" />
        <Skeleton h={36} w="60%" />
        {short ? null : <Skeleton h={220} />}
      </Stack>
    </Paper>
  );
}
