import type { CSSProperties, ReactNode } from "react";
import bones from "./placeholder.module.css";
import classes from "./panels.module.css";

const size = (v: number | string | undefined) => (typeof v === "number" ? `${v}px` : v);

/** A grey bar in the shape of text or a chart that is still loading. */
export function Bone({ h, w }: { h: number | string; w?: number | string }) {
  return <span className={bones.bone} style={{ "--bone-h": size(h), "--bone-w": size(w) } as CSSProperties} />;
}

/** A bordered box, as the cards and panels that load into it. */
export function PlaceholderPanel({ children, center }: { children: ReactNode; center?: boolean }) {
  return <div className={`${classes.panel} ${classes.stack}${center ? ` ${classes.center}` : ""}`}>{children}</div>;
}

/** Placeholders one above the other; `gap` is a Mantine spacing (xs … xl). */
export function PlaceholderStack({ gap = "sm", children, ...rest }: { gap?: "xs" | "sm" | "md" | "lg" | "xl"; children: ReactNode; "aria-busy"?: boolean; "data-testid"?: string }) {
  return (
    <div className={classes.stack} style={{ "--stack-gap": `var(--mantine-spacing-${gap})` } as CSSProperties} {...rest}>
      {children}
    </div>
  );
}

/** The dashboard's card grid: one column, two on wide screens. */
export function PlaceholderGrid({ children }: { children: ReactNode }) {
  return <div className={classes.grid}>{children}</div>;
}
