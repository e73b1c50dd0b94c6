"use client";

/**
 * The dashboard cards' charts and tables, loaded after the page's first scripts. The server
 * renders them in full (their figures and tables are in the HTML from the start); their code
 * follows in separate chunks and hydrates them when it arrives, so the page's first scripts stay
 * within the First Load JS budget (docs/performance.md) and the shell becomes interactive first.
 * The placeholders show only after a client-side navigation, until the code is there, in the
 * size of what they stand for.
 */
import dynamic from "next/dynamic";
import bones from "@/ui/shared/placeholder.module.css";
import classes from "./placeholders.module.css";

const frame = () => <div className={`${bones.bone} ${classes.frame}`} aria-hidden />;

export const ChartFrame = dynamic(() => import("./chart-frame").then((m) => m.ChartFrame), { loading: frame });

export const DataTable = dynamic(() => import("./data-table").then((m) => m.DataTable), { loading: () => <div className={`${bones.bone} ${classes.table}`} aria-hidden /> });

export const SpotPriceChart = dynamic(() => import("./spot-price-chart").then((m) => m.SpotPriceChart), {
  loading: () => <div className={`${bones.bone} ${classes.frame} ${classes.spot}`} aria-hidden />,
});
