import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The empty-state box of spec §2: a title and a description, and optionally what to do next. */
export function EmptyState(props: { title: string; description: string; children?: ReactNode; testId?: string; headingOrder?: 2 | 3 }) {
  return (
    <Paper withBorder p="lg" data-testid={props.testId}>
      <Stack gap={6} align="flex-start">
        <Title order={props.headingOrder ?? 2} size="h4">
          {props.title}
        </Title>
        <Text c="dimmed">{props.description}</Text>
        {props.children}
      </Stack>
    </Paper>
  );
}
