import type { ReactNode } from "react";
import classes from "./notice.module.css";

/**
 * A notice drawn as Mantine's Alert draws it (light in a theme colour, or the default variant),
 * without client code: for server components, where Mantine's Alert would add its code to the
 * page's first scripts. `role` is Alert's "alert" unless the notice is plain page content.
 */
export function Notice({
  color = "blue",
  variant = "light",
  title,
  children,
  role = "alert",
  ...rest
}: {
  color?: "blue" | "green" | "yellow" | "red" | "gray";
  variant?: "light" | "default";
  title?: ReactNode;
  children: ReactNode;
  role?: "alert" | "status" | "note";
  "data-testid"?: string;
}) {
  const style = variant === "light" ? { backgroundColor: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` } : undefined;
  return (
    <div className={classes.notice} data-variant={variant} role={role} style={style} {...rest}>
      {title ? <div className={classes.title}>{title}</div> : null}
      <div className={classes.message}>{children}</div>
    </div>
  );
}
