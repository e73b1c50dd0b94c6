"use client";

import { Button, Table, VisuallyHidden } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import type { Resolution } from "./chart-state";
import { formatBucket, formatNumber, type DisplayUnit } from "./format";
import classes from "./energy.module.css";

export interface DataTableProps {
  caption: string;
  /** Column headers after the time column, units included. */
  headers: string[];
  units: DisplayUnit[];
  rows: { date: string; values: (number | null)[] }[];
  resolution: Resolution;
  testId?: string;
  /** Extra controls next to the show/hide button (the CSV download). */
  actions?: ReactNode;
}

/**
 * The numbers of a chart as a table: always in the page for screen readers, shown on request
 * for everyone else.
 */
export function DataTable(props: DataTableProps) {
  const t = useTranslations("charts.table");
  const locale = useLocale();
  const [shown, setShown] = useState(false);
  const id = useId();
  const table = (
    <Table striped withTableBorder={shown} stickyHeader={shown} data-testid={props.testId} fz="sm">
      <Table.Caption>{props.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t("time")}</Table.Th>
          {props.headers.map((h) => (
            <Table.Th key={h} scope="col" className={classes.num}>
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.map((r) => (
          <Table.Tr key={r.date}>
            <Table.Th scope="row">
              <time dateTime={r.date}>{formatBucket(r.date, props.resolution, locale)}</time>
            </Table.Th>
            {r.values.map((v, i) => (
              <Table.Td key={i} className={classes.num}>
                {v === null ? t("no-value") : formatNumber(v, locale, props.units[i])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <div>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8 }}>
        <Button variant="subtle" size="compact-sm" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls={id}>
          {shown ? t("hide") : t("show")}
        </Button>
        {props.actions}
      </div>
      <div id={id}>
        {shown ? (
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={props.caption}>
            {table}
          </div>
        ) : (
          <VisuallyHidden>{table}</VisuallyHidden>
        )}
      </div>
    </div>
  );
}
