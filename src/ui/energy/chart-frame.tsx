"use client";

import { Group, Loader, Skeleton, Stack, Text } from "@mantine/core";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocale } from "next-intl";
import type { Resolution } from "./chart-state";
import { formatter, type ChartDateFormat, type DisplayUnit } from "@/i18n/format";
import classes from "./energy.module.css";

export interface FrameSeries {
  key: string;
  label: string;
  /** A CSS colour, normally a theme variable: var(--portal-chart-electricity-consumption). */
  color: string;
  unit: DisplayUnit;
  type: "bar" | "line" | "area";
  axis: "left" | "right" | "right2";
  opacity?: number;
  dashed?: boolean;
  stack?: string;
  curve?: "monotone" | "stepAfter" | "linear";
  connectNulls?: boolean;
}

export interface ChartFrameProps {
  /** One object per bucket: date (ISO 8601, site offset) and a value per series key. */
  rows: Record<string, string | number | null>[];
  series: FrameSeries[];
  dateFormat: ChartDateFormat;
  resolution: Resolution;
  currency: string | null;
  /** Labels of the units, translated: kWh, c/kWh, °C. */
  unitLabels: Record<string, string>;
  /** A vertical line at a bucket (the current interval). */
  mark?: { date: string; label: string };
  /** A bucket drawn in another colour. */
  highlight?: { date: string; color: string };
}

/** What the plot shows until the chart is drawn: before it comes near the screen, then while its code loads. */
const plotPlaceholder = () => <Skeleton h="100%" />;

const EnergyChart = dynamic(() => import("./energy-chart"), { ssr: false, loading: plotPlaceholder });

/** How near the screen a plot must come, once the page has been scrolled, before it is drawn. */
const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: "300px 0px" };

/** A plot's size in px. */
export interface PlotSize {
  width: number;
  height: number;
}

const sizeOf = (rect: { width: number; height: number }): PlotSize => ({ width: Math.round(rect.width), height: Math.round(rect.height) });

/**
 * The element's size once it has come near the screen (null before, then followed as it changes).
 * Drawing a chart is the largest piece of work on the dashboard's main thread, and its code the
 * largest download, so a chart on the screen as the page opens is drawn at once, and one below it
 * only once the page is scrolled and it comes within NEAR_SCREEN: a phone that opens the dashboard
 * and goes elsewhere neither loads nor draws the charts under its first screen. The size is the
 * chart's: it is drawn at it and spaces its labels by it, with no measuring of its own.
 */
function useNearScreenSize<T extends HTMLElement>(): [RefObject<T | null>, PlotSize | null] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<PlotSize | null>(null);
  const near = size !== null;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (near) {
      // Kept while the size is the same, so that the observer's first report draws nothing again.
      const resized = new ResizeObserver((entries) => {
        const next = sizeOf(entries[0].contentRect);
        setSize((current) => (current && current.width === next.width && current.height === next.height ? current : next));
      });
      resized.observe(element);
      return () => resized.disconnect();
    }
    const seen = (entries: IntersectionObserverEntry[]) => {
      const entry = entries.find((e) => e.isIntersecting);
      if (entry) setSize(sizeOf(entry.boundingClientRect));
    };
    const observers = [new IntersectionObserver(seen)];
    observers[0].observe(element);
    const scrolled = () => {
      const observer = new IntersectionObserver(seen, NEAR_SCREEN);
      observer.observe(element);
      observers.push(observer);
    };
    // Scroll events do not bubble; a capturing listener hears the page and any scrolling part of it.
    const listen: AddEventListenerOptions = { capture: true, passive: true, once: true };
    if (window.scrollY > 0) scrolled();
    else window.addEventListener("scroll", scrolled, listen);
    return () => {
      window.removeEventListener("scroll", scrolled, listen);
      for (const observer of observers) observer.disconnect();
    };
  }, [near]);
  return [ref, size];
}

/**
 * A chart with its unit labels, legend and a fixed-height plot area, so the page does not move
 * while the drawing loads or new data arrives. The plot is an image for assistive technology;
 * the same numbers are in the chart's data table.
 */
export function ChartFrame(props: ChartFrameProps & { label: string; xAxisLabel: string; size?: "small" | "large"; busy?: boolean; busyLabel?: string; testId?: string }) {
  const locale = useLocale();
  const [plotRef, plotSize] = useNearScreenSize<HTMLDivElement>();
  const symbol = props.currency ? formatter(locale).currencySymbol(props.currency) : "";
  const unitText = (unit: DisplayUnit | undefined) => (unit === "money" ? symbol : unit ? (props.unitLabels[unit] ?? unit) : "");
  const left = unitText(props.series.find((s) => s.axis === "left")?.unit);
  const right = [props.series.find((s) => s.axis === "right")?.unit, props.series.find((s) => s.axis === "right2")?.unit]
    .filter((u): u is DisplayUnit => !!u)
    .map(unitText)
    .join(" · ");
  return (
    <Stack gap={4} data-testid={props.testId}>
      <Group justify="space-between" gap="xs">
        <Text fz="xs" c="dimmed" data-testid="axis-unit-left">
          {left}
        </Text>
        {right ? (
          <Text fz="xs" c="dimmed" data-testid="axis-unit-right">
            {right}
          </Text>
        ) : null}
      </Group>
      <div className={classes.plot} data-size={props.size ?? "large"} data-busy={props.busy ? "true" : "false"} role="img" aria-label={props.label} aria-busy={props.busy || undefined}>
        <div className={classes.plotInner} ref={plotRef}>
          {plotSize ? <EnergyChart {...props} unitText={unitText} locale={locale} size={plotSize} /> : plotPlaceholder()}
        </div>
        {props.busy ? (
          <div className={classes.busy}>
            <Loader size="sm" aria-label={props.busyLabel} />
          </div>
        ) : null}
      </div>
      <Text fz="xs" c="dimmed" ta="center">
        {props.xAxisLabel}
      </Text>
      <ul className={classes.legend} data-testid="chart-legend">
        {props.series.map((s) => (
          <li key={s.key}>
            <span
              aria-hidden
              className={`${classes.swatch} ${s.type === "bar" ? "" : classes.swatchLine}`}
              style={s.type === "bar" ? { background: s.color, opacity: s.opacity ?? 1 } : { borderTopColor: s.color, borderTopStyle: s.dashed ? "dashed" : "solid" }}
            />
            <Text component="span" fz="sm">
              {s.label}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
