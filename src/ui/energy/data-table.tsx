"use client";

import { Button, VisuallyHidden } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useDeferredValue, useId, useState, type ReactNode } from "react";
import type { Resolution } from "./chart-state";
import { formatter, type DisplayUnit } from "@/i18n/format";
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
 * for everyone else. The table is drawn in a background render just after the card (React's
 * deferred value): a day of quarter hours is about 400 elements, half the dashboard, and drawn
 * with the card it made one long task of the page's main thread.
 */
export function DataTable(props: DataTableProps) {
  const t = useTranslations("charts.table");
  const f = formatter(useLocale());
  const [shown, setShown] = useState(false);
  const id = useId();
  const drawn = useDeferredValue(true, false);
  const table = !drawn ? null : (
    <table className={shown ? `${classes.dataTable} ${classes.bordered}` : classes.dataTable} data-testid={props.testId}>
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t("time")}</th>
          {props.headers.map((h) => (
            <th key={h} scope="col" className={classes.num}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.date}>
            <th scope="row">
              <time dateTime={r.date}>{f.bucket(r.date, props.resolution)}</time>
            </th>
            {r.values.map((v, i) => (
              <td key={i} className={classes.num}>
                {v === null ? t("no-value") : f.number(v, props.units[i])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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
