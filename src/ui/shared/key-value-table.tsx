import type { CSSProperties, ReactNode } from "react";
import classes from "./key-value-table.module.css";

export interface KeyValueRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * Labels and values as a description list (<dl>/<dt>/<dd>), side by side on wide screens and
 * stacked on narrow ones (spec §2 key-value table). Drawn as Mantine's DataList with CSS alone,
 * so server and client components alike use it without DataList's code on the page.
 */
export function KeyValueTable({ rows, labelWidth = "40%", withDivider = true, "aria-label": ariaLabel }: { rows: KeyValueRow[]; labelWidth?: string; withDivider?: boolean; "aria-label"?: string }) {
  return (
    <dl className={classes.list} style={{ "--data-list-label-width": labelWidth } as CSSProperties} data-with-divider={withDivider || undefined} aria-label={ariaLabel} data-testid="key-value-table">
      {rows.map((row) => (
        <div key={row.key} className={classes.item}>
          <dt className={classes.label}>{row.label}</dt>
          <dd className={classes.value}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
