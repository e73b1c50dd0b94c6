"use client";

import { Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useLocale } from "next-intl";
import { useState } from "react";
import { ChartFrame } from "./chart-frame";
import { ControlGroup } from "./control-group";
import { DataTable } from "./data-table";
import { Segmented } from "@/ui/shared/segmented";
import { formatter } from "@/i18n/format";

export interface SpotDayView {
  which: "today" | "tomorrow";
  /** YYYY-MM-DD */
  date: string;
  label: string;
  rows: { date: string; price: number }[];
  summary: { label: string; value: string }[];
  ranking: { cheapest: { hours: string; price: string }[]; dearest: { hours: string; price: string }[] };
}

/** Today's and tomorrow's 15-minute spot prices, the current interval marked, with the cheapest and dearest hours. */
export function SpotPriceChart(props: {
  days: SpotDayView[];
  nowStart: string | null;
  unitLabels: Record<string, string>;
  texts: { day: string; nowMark: string; cheapest: string; dearest: string; chartLabel: string; xAxis: string; column: string; series: string; current: string };
}) {
  const f = formatter(useLocale());
  const [which, setWhich] = useState(props.days[0].which);
  const day = props.days.find((d) => d.which === which) ?? props.days[0];
  const isToday = day.which === "today";
  const mark = isToday && props.nowStart ? { date: props.nowStart, label: props.texts.nowMark } : undefined;
  const label = `${props.texts.chartLabel} ${day.label} ${f.date(day.date)}`;
  return (
    <Stack gap="sm">
      {props.days.length > 1 ? (
        <ControlGroup legend={props.texts.day}>
          <Segmented value={which} onChange={setWhich} data={props.days.map((d) => ({ value: d.which, label: d.label }))} data-testid="spot-day" />
        </ControlGroup>
      ) : null}
      <SimpleGrid cols={3} spacing="xs">
        {day.summary.map((s) => (
          <div key={s.label}>
            <Text fz="xs" c="dimmed">
              {s.label}
            </Text>
            <Text fz="sm" fw={600}>
              {s.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <ChartFrame
        rows={day.rows}
        series={[{ key: "price", label: props.texts.series, color: "var(--portal-chart-electricity-price)", unit: "c/kWh", type: "bar", axis: "left" }]}
        dateFormat="HH:00"
        resolution="15"
        currency={null}
        unitLabels={props.unitLabels}
        mark={mark}
        highlight={mark ? { date: mark.date, color: "var(--portal-chart-electricity-consumption)" } : undefined}
        label={label}
        xAxisLabel={props.texts.xAxis}
        size="small"
        testId="spot-chart"
      />
      {mark ? (
        <Group gap={6}>
          <span aria-hidden style={{ width: 14, height: 10, borderRadius: 2, background: "var(--portal-chart-electricity-consumption)", display: "inline-block" }} />
          <Text fz="sm">{props.texts.current}</Text>
        </Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {(["cheapest", "dearest"] as const).map((k) => (
          <div key={k} data-testid={`spot-${k}`}>
            <Text fz="sm" fw={600}>
              {props.texts[k]}
            </Text>
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {day.ranking[k].map((h) => (
                <li key={h.hours}>
                  <Text fz="sm" component="span">
                    {h.hours}: {h.price}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </SimpleGrid>
      <DataTable caption={label} headers={[props.texts.column]} units={["c/kWh"]} rows={day.rows.map((r) => ({ date: r.date, values: [r.price] }))} resolution="15" testId="spot-table" />
    </Stack>
  );
}
