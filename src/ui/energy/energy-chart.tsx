"use client";

/**
 * The drawing itself (recharts). Loaded on demand by ChartFrame, so the chart library is not
 * part of a page's first load; the frame keeps the space, legend and data table meanwhile.
 */
import { Paper, Text } from "@mantine/core";
import { Area, Bar, CartesianGrid, Cell, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis, type BaseTickContentProps } from "recharts";
import { formatter, type DisplayUnit } from "@/i18n/format";
import { TICK_FONT_PX, tickDates, tickInterval } from "./chart-data";
import type { ChartFrameProps, FrameSeries, PlotSize } from "./chart-frame";

type Row = Record<string, string | number | null>;

/** The value axes' widths, in px. */
const AXIS_WIDTH = { left: 52, right: 52, right2: 40 } as const;

/**
 * A tick label as plain SVG text. The library's own label component measures every word of it in
 * the page (to wrap long labels), which short dates and numbers never need.
 */
function tickLabel(format: (value: string) => string) {
  function TickLabel(p: BaseTickContentProps) {
    const dy = p.verticalAnchor === "start" ? "0.71em" : p.verticalAnchor === "middle" ? "0.355em" : undefined;
    return (
      <text x={p.x} y={p.y} dy={dy} textAnchor={p.textAnchor} fill="var(--mantine-color-dimmed)" fontSize={TICK_FONT_PX} className={p.className}>
        {format(String(p.payload.value))}
      </text>
    );
  }
  return TickLabel;
}

function valueText(value: number, unit: DisplayUnit, locale: string, currencySymbol: string, unitLabels: Record<string, string>): string {
  const n = formatter(locale).number(value, unit);
  return unit === "money" ? `${n} ${currencySymbol}` : `${n} ${unitLabels[unit] ?? unit}`;
}

function TooltipBody(props: {
  active?: boolean;
  label?: string | number;
  series: FrameSeries[];
  row?: Row;
  resolution: ChartFrameProps["resolution"];
  locale: string;
  currencySymbol: string;
  unitLabels: Record<string, string>;
}) {
  if (!props.active || !props.row) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" fz="sm">
      <Text fz="sm" fw={600}>
        {formatter(props.locale).bucket(String(props.row.date), props.resolution)}
      </Text>
      {props.series.map((s) => {
        const v = props.row![s.key];
        return (
          <Text key={s.key} fz="sm" style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color, opacity: s.opacity ?? 1, display: "inline-block" }} />
            {s.label}: {typeof v === "number" ? valueText(v, s.unit, props.locale, props.currencySymbol, props.unitLabels) : "–"}
          </Text>
        );
      })}
    </Paper>
  );
}

export default function EnergyChart(props: ChartFrameProps & { currencySymbol: string; locale: string; size: PlotSize }) {
  const { rows, series, locale } = props;
  const f = formatter(locale);
  const dates = rows.map((r) => String(r.date));
  const ticks = tickDates(dates, props.dateFormat);
  const multiYear = new Set(dates.map((d) => d.slice(0, 4))).size > 1;
  const axes = ["left", "right", "right2"] as const;
  const axisUnit = (axis: (typeof axes)[number]) => series.find((s) => s.axis === axis)?.unit;
  const dateTick = (d: string) => f.tick(d, props.dateFormat, multiYear);
  const shownAxes = axes.filter((axis) => axis === "left" || axisUnit(axis));
  const plotWidth = props.size.width - shownAxes.reduce((sum, axis) => sum + AXIS_WIDTH[axis], 0);
  const byDate = new Map(rows.map((r) => [String(r.date), r]));
  return (
    <ComposedChart width={props.size.width} height={props.size.height} data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false} barCategoryGap="12%" barGap={1}>
      <CartesianGrid vertical={false} stroke="var(--mantine-color-default-border)" strokeDasharray="3 3" />
      <XAxis
        dataKey="date"
        ticks={ticks}
        interval={tickInterval(ticks.map(dateTick), plotWidth)}
        tick={tickLabel(dateTick)}
        tickLine={false}
        axisLine={{ stroke: "var(--mantine-color-default-border)" }}
      />
      {axes.map((axis) => {
        const unit = axisUnit(axis);
        if (!unit && axis !== "left") return null;
        return (
          <YAxis
            key={axis}
            yAxisId={axis}
            orientation={axis === "left" ? "left" : "right"}
            hide={!unit}
            width={AXIS_WIDTH[axis]}
            // Five or so labels a plot's height apart never collide: no measuring needed.
            interval={0}
            tick={tickLabel((v) => (unit ? f.number(Number(v), "axis") : v))}
            tickLine={false}
            axisLine={false}
          />
        );
      })}
      <Tooltip
        cursor={{ fill: "var(--mantine-color-default-hover)", stroke: "var(--mantine-color-default-border)" }}
        isAnimationActive={false}
        content={(p) => (
          <TooltipBody
            active={p.active}
            label={p.label as string}
            row={p.label !== undefined ? byDate.get(String(p.label)) : undefined}
            series={series}
            resolution={props.resolution}
            locale={locale}
            currencySymbol={props.currencySymbol}
            unitLabels={props.unitLabels}
          />
        )}
      />
      {props.mark ? (
        <ReferenceLine
          yAxisId="left"
          x={props.mark.date}
          stroke="var(--mantine-color-text)"
          strokeDasharray="4 2"
          label={{ value: props.mark.label, position: "insideTopLeft", fill: "var(--mantine-color-text)", fontSize: 12 }}
        />
      ) : null}
      {series.map((s) => {
        if (s.type === "bar") {
          return (
            <Bar key={s.key} dataKey={s.key} name={s.label} yAxisId={s.axis} fill={s.color} fillOpacity={s.opacity ?? 1} stackId={s.stack} isAnimationActive={false}>
              {props.highlight ? rows.map((r) => <Cell key={String(r.date)} fill={r.date === props.highlight!.date ? props.highlight!.color : s.color} />) : null}
            </Bar>
          );
        }
        if (s.type === "area") {
          return (
            <Area
              key={s.key}
              dataKey={s.key}
              name={s.label}
              yAxisId={s.axis}
              type="stepAfter"
              stroke={s.color}
              fill={s.color}
              fillOpacity={(s.opacity ?? 1) * 0.35}
              strokeWidth={1.5}
              isAnimationActive={false}
              dot={false}
              activeDot={{ r: 3 }}
            />
          );
        }
        return (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            yAxisId={s.axis}
            type={s.curve ?? "monotone"}
            stroke={s.color}
            strokeOpacity={s.opacity ?? 1}
            strokeWidth={2}
            strokeDasharray={s.dashed ? "5 3" : undefined}
            dot={false}
            activeDot={{ r: 3 }}
            connectNulls={s.connectNulls ?? false}
            isAnimationActive={false}
          />
        );
      })}
    </ComposedChart>
  );
}
