import { Paper, Skeleton, Stack } from "@mantine/core";

export default function ChartsLoading() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Skeleton h={36} w={240} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Skeleton h={24} w={180} />
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} w={320} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Skeleton h={340} />
      </Paper>
    </Stack>
  );
}
