"use client";

/**
 * The drawing itself: plain SVG from the chart's geometry (chart-geometry.ts, on d3's scales and
 * path generators), drawn once per chart and size; the pointer only moves the cursor, the dots and
 * the tooltip over it. Loaded on demand by ChartFrame, which keeps the space, legend and data
 * table meanwhile.
 */
import { Paper, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { memo, useMemo, useState, type PointerEvent } from "react";
import { formatter, type DisplayUnit } from "@/i18n/format";
import { TICK_FONT_PX, labelWidth, tickDates, tickInterval } from "./chart-data";
import { chartGeometry, drawable, type ChartGeometry, type ChartRow } from "./chart-geometry";
import type { ChartFrameProps, FrameSeries, PlotSize } from "./chart-frame";
import classes from "./energy.module.css";

/** `unitText` is the frame's: the label of a unit as its axes show it (the currency's symbol for money). */
type EnergyChartProps = ChartFrameProps & { unitText: (unit: DisplayUnit) => string; locale: string; size: PlotSize };

const GRID = "var(--mantine-color-default-border)";
const LABEL = "var(--mantine-color-dimmed)";
/** From the pointer's bucket to the tooltip, in px. */
const TOOLTIP_OFFSET = 12;
/** The tooltip's least width, in px, where the chart leaves it less room beside the bucket. */
const TOOLTIP_MIN_WIDTH = 120;

function TooltipBody(props: { row: ChartRow; series: FrameSeries[]; resolution: ChartFrameProps["resolution"]; locale: string; unitText: (unit: DisplayUnit) => string }) {
  const t = useTranslations("charts.table");
  const f = formatter(props.locale);
  return (
    <Paper withBorder shadow="sm" p="xs" fz="sm">
      <Text fz="sm" fw={600}>
        {f.bucket(String(props.row.date), props.resolution)}
      </Text>
      {props.series.map((s) => {
        const v = drawable(props.row[s.key]);
        return (
          <Text key={s.key} fz="sm" style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color, opacity: s.opacity ?? 1, display: "inline-block" }} />
            {s.label}: {v !== null ? `${f.number(v, s.unit)} ${props.unitText(s.unit)}` : t("no-value")}
          </Text>
        );
      })}
    </Paper>
  );
}

/** Everything that does not follow the pointer: drawn again only for new data or a new size. */
const Drawing = memo(function Drawing({ geometry, props }: { geometry: ChartGeometry; props: EnergyChartProps }) {
  const { rows, series, locale } = props;
  const f = formatter(locale);
  const { plot } = geometry;
  const dates = rows.map((r) => String(r.date));
  const indexOf = new Map(dates.map((d, i) => [d, i]));
  const multiYear = new Set(dates.map((d) => d.slice(0, 4))).size > 1;
  const ticks = tickDates(dates, props.dateFormat);
  const tickText = ticks.map((d) => f.tick(d, props.dateFormat, multiYear));
  // Every (interval + 1)th label, so that none overlaps the next at this width.
  const every = tickInterval(tickText, plot.right - plot.left) + 1;
  const byKey = new Map(series.map((s) => [s.key, s]));
  const mark = props.mark && indexOf.has(props.mark.date) ? { x: geometry.centerX(indexOf.get(props.mark.date)!), label: props.mark.label } : null;
  // The mark's label reads to the right of its line, or to the left near the plot's right edge.
  const markLeft = mark ? mark.x + labelWidth(mark.label) + 8 > plot.right : false;
  return (
    <>
      <g data-chart="grid" stroke={GRID} strokeDasharray="3 3">
        {geometry.gridY.map((y) => (
          <line key={y} x1={plot.left} x2={plot.right} y1={y} y2={y} />
        ))}
      </g>
      <g data-chart="bars">
        {geometry.bars.map((b) => {
          const s = byKey.get(b.key)!;
          const highlighted = props.highlight && dates[b.index] === props.highlight.date;
          return <rect key={`${b.key}:${b.index}`} x={b.x} y={b.y} width={b.width} height={b.height} fill={highlighted ? props.highlight!.color : s.color} fillOpacity={s.opacity ?? 1} />;
        })}
      </g>
      {geometry.paths.map((p) => {
        const s = byKey.get(p.key)!;
        return p.type === "area" ? (
          <g key={p.key} data-chart="area">
            <path d={p.fill} fill={s.color} fillOpacity={(s.opacity ?? 1) * 0.35} stroke="none" />
            <path d={p.stroke} fill="none" stroke={s.color} strokeWidth={1.5} />
          </g>
        ) : (
          <path key={p.key} data-chart="line" d={p.stroke} fill="none" stroke={s.color} strokeOpacity={s.opacity ?? 1} strokeWidth={2} strokeDasharray={s.dashed ? "5 3" : undefined} />
        );
      })}
      <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke={GRID} />
      <g data-chart="x-axis" fill={LABEL} fontSize={TICK_FONT_PX} textAnchor="middle">
        {ticks.map((d, i) =>
          i % every === 0 ? (
            <text key={d} data-chart="x-tick" x={geometry.centerX(indexOf.get(d)!)} y={plot.bottom + 8} dy="0.71em">
              {tickText[i]}
            </text>
          ) : null,
        )}
      </g>
      {geometry.valueAxes.map((axis) => (
        <g key={axis.axis} data-chart="y-axis" fill={LABEL} fontSize={TICK_FONT_PX} textAnchor={axis.anchor}>
          {axis.ticks.map((t) => (
            <text key={t.value} x={axis.labelX} y={t.y} dy="0.355em">
              {f.number(t.value, "axis")}
            </text>
          ))}
        </g>
      ))}
      {mark ? (
        <g data-chart="mark">
          <line x1={mark.x} x2={mark.x} y1={plot.top} y2={plot.bottom} stroke="var(--mantine-color-text)" strokeDasharray="4 2" />
          <text x={markLeft ? mark.x - 5 : mark.x + 5} y={plot.top + 5} dy="0.71em" textAnchor={markLeft ? "end" : "start"} fill="var(--mantine-color-text)" fontSize={TICK_FONT_PX}>
            {mark.label}
          </text>
        </g>
      ) : null}
    </>
  );
});

export default function EnergyChart(props: EnergyChartProps) {
  const { rows, series, size } = props;
  const geometry = useMemo(() => chartGeometry(rows, series, size), [rows, series, size]);
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < rows.length ? active : null;
  const follow = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
    setActive(geometry.indexAt(event.clientX - box.left));
  };
  const { plot } = geometry;
  const center = shown !== null ? geometry.centerX(shown) : 0;
  // On the side of the bucket with more room, and never wider than that room (a phone's chart).
  const onRight = center > size.width / 2;
  const room = Math.max(TOOLTIP_MIN_WIDTH, (onRight ? center : size.width - center) - TOOLTIP_OFFSET);
  return (
    <div className={classes.drawing} style={{ width: size.width, height: size.height }}>
      <svg width={size.width} height={size.height} data-chart="surface" aria-hidden>
        {shown !== null ? <rect x={geometry.bucketX(shown)} y={plot.top} width={geometry.step} height={plot.bottom - plot.top} fill="var(--mantine-color-default-hover)" /> : null}
        <Drawing geometry={geometry} props={props} />
        {shown !== null
          ? series.map((s) => {
              const p = s.type === "bar" ? null : geometry.point(s.key, shown);
              return p ? <circle key={s.key} cx={p.x} cy={p.y} r={3} fill={s.color} stroke="var(--mantine-color-body)" strokeWidth={2} /> : null;
            })
          : null}
        <rect
          x={plot.left}
          y={plot.top}
          width={plot.right - plot.left}
          height={plot.bottom - plot.top}
          fill="transparent"
          onPointerMove={follow}
          onPointerDown={follow}
          onPointerLeave={() => setActive(null)}
        />
      </svg>
      {shown !== null ? (
        <div
          className={classes.tooltip}
          data-chart="tooltip"
          style={{ top: plot.top, maxWidth: `min(16rem, ${room}px)`, left: onRight ? undefined : center + TOOLTIP_OFFSET, right: onRight ? size.width - center + TOOLTIP_OFFSET : undefined }}
        >
          <TooltipBody row={rows[shown]} series={series} resolution={props.resolution} locale={props.locale} unitText={props.unitText} />
        </div>
      ) : null}
    </div>
  );
}
