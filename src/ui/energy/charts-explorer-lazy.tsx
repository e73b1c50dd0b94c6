"use client";

/**
 * The charts page's explorer, loaded after the page's first scripts. The server renders it in
 * full (the period, the figures, the table of values and the settings are in the HTML from the
 * start); its code follows in a separate chunk and hydrates it when it arrives, so the page's
 * first scripts stay within the First Load JS budget (docs/performance.md). The placeholder, the
 * size of the chart panel, shows only after a client-side navigation until the code is there.
 */
import dynamic from "next/dynamic";
import bones from "@/ui/shared/placeholder.module.css";
import classes from "./placeholders.module.css";

export const ChartsExplorer = dynamic(() => import("./charts-explorer").then((m) => m.ChartsExplorer), {
  loading: () => <div className={`${bones.bone} ${classes.explorer}`} aria-hidden />,
});
