import { EmptyState, Paper, EmptyStateActions, EmptyStateDescription, EmptyStateTitle } from "@mantine/core";
import type { ReactNode } from "react";
import { FileIcon } from "./icons";

/** Empty-state box with a title and a description (spec §2), optionally an action. */
export function InvoiceEmptyState({ title, description, action, testId = "invoices-empty" }: { title: string; description: string; action?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="xl" data-testid={testId}>
      <EmptyState icon={<FileIcon size={28} />} withIndicatorBackground>
        <EmptyStateTitle order={2}>{title}</EmptyStateTitle>
        <EmptyStateDescription>{description}</EmptyStateDescription>
        {action ? <EmptyStateActions>{action}</EmptyStateActions> : null}
      </EmptyState>
    </Paper>
  );
}
