"use client";

/** The date-range picker of a custom chart period; loaded only when a custom period is chosen. */
import "@mantine/dates/styles.css";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import "dayjs/locale/en-gb";
import "dayjs/locale/et";
import "dayjs/locale/fi";
import "dayjs/locale/lv";
import "dayjs/locale/ru";
import "dayjs/locale/sv";
import { useState } from "react";

const DAYJS_LOCALE: Record<string, string> = { "en-GB": "en-gb", "et-EE": "et", "fi-FI": "fi", "sv-FI": "sv", "ru-RU": "ru", "lv-LV": "lv" };

export default function CustomRangePicker(props: {
  locale: string;
  label: string;
  from: string;
  /** Last day shown (inclusive). */
  to: string;
  minDate: string;
  maxDate: string;
  onChange: (from: string, to: string) => void;
}) {
  const [value, setValue] = useState<[string | null, string | null]>([props.from, props.to]);
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALE[props.locale] ?? "en-gb", firstDayOfWeek: 1 }}>
      <DatePickerInput
        type="range"
        label={props.label}
        value={value}
        valueFormat="DD.MM.YYYY"
        minDate={props.minDate}
        maxDate={props.maxDate}
        allowSingleDateInRange
        onChange={(v) => {
          const next: [string | null, string | null] = [v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null];
          setValue(next);
          if (next[0] && next[1]) props.onChange(next[0], next[1]);
        }}
        data-testid="custom-range"
        miw={230}
      />
    </DatesProvider>
  );
}
