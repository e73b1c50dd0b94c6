import { Paper, Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";

export interface ListViewProps<T> {
  items: readonly T[] | null | undefined;
  /** While true (or while items is null/undefined), skeleton rows stand in for the items. */
  loading?: boolean;
  getKey: (item: T, index: number) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown when loading has finished and there are no items. */
  empty: { title: ReactNode; description?: ReactNode; action?: ReactNode };
  /** Accessible name of the list. */
  label: string;
  /** Text announced while loading, e.g. "Loading invoices". */
  loadingLabel: string;
  skeletonCount?: number;
  skeletonHeight?: number;
}

/** A list with loading skeletons and an empty state (spec §2), as a semantic <ul>. */
export function ListView<T>({ items, loading, getKey, renderItem, empty, label, loadingLabel, skeletonCount = 3, skeletonHeight = 64 }: ListViewProps<T>) {
  if (loading || !items) {
    return (
      <Stack gap="sm" role="status" aria-live="polite" aria-busy="true" aria-label={loadingLabel} data-testid="list-loading">
        {Array.from({ length: skeletonCount }, (_, i) => (
          <Skeleton key={i} height={skeletonHeight} radius="md" />
        ))}
      </Stack>
    );
  }
  if (!items.length) return <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((item, i) => (
        <li key={getKey(item, i)}>
          <Paper withBorder p="md">
            {renderItem(item, i)}
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
