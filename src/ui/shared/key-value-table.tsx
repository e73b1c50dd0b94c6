"use client";

import { DataList } from "@mantine/core";
import type { ReactNode } from "react";

export interface KeyValueRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * Labels and values as a description list (<dl>/<dt>/<dd>), side by side on wide screens and
 * stacked on narrow ones (spec §2 key-value table).
 */
export function KeyValueTable({ rows, labelWidth = "40%", withDivider = true, "aria-label": ariaLabel }: { rows: KeyValueRow[]; labelWidth?: string; withDivider?: boolean; "aria-label"?: string }) {
  return (
    <DataList withDivider={withDivider} labelWidth={labelWidth} aria-label={ariaLabel} data-testid="key-value-table">
      {rows.map((row) => (
        <DataList.Item key={row.key}>
          <DataList.ItemLabel fw={600}>{row.label}</DataList.ItemLabel>
          <DataList.ItemValue>{row.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
