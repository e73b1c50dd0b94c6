"use client";

/** The date-range picker of a custom chart period; loaded only when a custom period is chosen. */
import { DatePickerInput } from "@mantine/dates";
import { useId, useState } from "react";
import { PortalDates, useCalendarProps } from "@/ui/shared/calendar";

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
  const calendar = useCalendarProps();
  const id = useId();
  return (
    <PortalDates locale={props.locale}>
      <DatePickerInput
        type="range"
        label={props.label}
        value={value}
        valueFormat="DD.MM.YYYY"
        minDate={props.minDate}
        maxDate={props.maxDate}
        allowSingleDateInRange
        id={id}
        // The calendar is a dialog named by the field's label (Mantine names it by an id nothing has).
        popoverProps={{ id: `${id}-label` }}
        {...calendar}
        onChange={(v) => {
          const next: [string | null, string | null] = [v[0] ? String(v[0]).slice(0, 10) : null, v[1] ? String(v[1]).slice(0, 10) : null];
          setValue(next);
          if (next[0] && next[1]) props.onChange(next[0], next[1]);
        }}
        data-testid="custom-range"
        miw={230}
      />
    </PortalDates>
  );
}
