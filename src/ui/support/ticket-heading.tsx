import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { TicketStatus } from "@/api/schemas/support";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { ArrowLeftIcon } from "@/ui/shared/line-icons";
import { TicketStatusBadge } from "./status-badge";
import classes from "./support.module.css";

/** A ticket page's top, for the customer and at the desk: the way back, the ticket's name, its status and a line below. */
export function TicketHeading(props: { backHref: string; backLabel: string; title: string; titleTestId: string; status: TicketStatus; statusLabel: string; note: string }) {
  return (
    <Stack gap="xs">
      <Anchor component={Link} href={props.backHref} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap" component="span">
          <ArrowLeftIcon size={14} />
          {props.backLabel}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} className={classes.wrapAnywhere} data-testid={props.titleTestId}>
          {props.title}
        </Title>
        <TicketStatusBadge status={props.status} label={props.statusLabel} size="lg" />
      </Group>
      <Text size="sm" c="dimmed">
        {props.note}
      </Text>
    </Stack>
  );
}

export interface TicketFact {
  key: string;
  label: string;
  value: string;
  testId?: string;
}

/** A ticket's facts as a description list in a bordered section; `children` go below the list. */
export function TicketFacts({ facts, label, testId, wide, children }: { facts: TicketFact[]; label: string; testId: string; wide?: boolean; children?: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={label} data-testid={testId}>
      <SimpleGrid cols={wide ? { base: 1, xs: 2, md: 3 } : { base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        {facts.map((fact) => (
          <Stack key={fact.key} gap={2}>
            <Text component="dt" size="sm" c="dimmed">
              {fact.label}
            </Text>
            <Text component="dd" m={0} fw={600} className={classes.wrapAnywhere} data-testid={fact.testId}>
              {fact.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {children}
    </Paper>
  );
}
