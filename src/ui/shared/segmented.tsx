import { useId } from "react";
import classes from "./segmented.module.css";

export interface SegmentedProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
  /** Stretches over the available width, the segments sharing it. */
  fullWidth?: boolean;
  maw?: number;
  "aria-labelledby"?: string;
  "data-testid"?: string;
}

/**
 * One choice of a few, as Mantine's SegmentedControl draws it: a group of radio buttons (arrow
 * keys move the choice), styled with CSS only, so it costs the page no script of its own.
 */
export function Segmented<V extends string>({ value, onChange, data, fullWidth, maw, ...rest }: SegmentedProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" className={classes.root} data-full-width={fullWidth || undefined} style={maw ? { maxWidth: maw } : undefined} {...rest}>
      {data.map((item) => (
        <label key={item.value} className={classes.control}>
          <input type="radio" className={classes.input} name={name} value={item.value} checked={value === item.value} onChange={() => onChange(item.value)} />
          <span className={classes.label}>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
