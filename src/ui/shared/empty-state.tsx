"use client";

import { EmptyState as MantineEmptyState, Paper } from "@mantine/core";
import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Optional illustration (decorative: give it aria-hidden). */
  icon?: ReactNode;
  /** Optional call to action, e.g. a button. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page's outline. */
  titleOrder?: 2 | 3 | 4;
  "data-testid"?: string;
}

/** A box that says there is nothing here yet, and why or what to do (spec §2). */
export function EmptyState({ title, description, icon, action, titleOrder = 3, ...rest }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" data-testid={rest["data-testid"] ?? "empty-state"}>
      <MantineEmptyState icon={icon} withIndicatorBackground={!!icon}>
        <MantineEmptyState.Title order={titleOrder}>{title}</MantineEmptyState.Title>
        {description ? <MantineEmptyState.Description>{description}</MantineEmptyState.Description> : null}
        {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
      </MantineEmptyState>
    </Paper>
  );
}
