import type { ReactNode } from "react";
import classes from "./empty-state.module.css";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Optional illustration (decorative: give it aria-hidden). */
  icon?: ReactNode;
  /** Optional call to action, e.g. a button. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page's outline. */
  titleOrder?: 2 | 3 | 4;
  "data-testid"?: string;
}

/** A box that says there is nothing here yet, and why or what to do (spec §2). */
export function EmptyState({ title, description, icon, action, titleOrder = 3, ...rest }: EmptyStateProps) {
  const Heading = `h${titleOrder}` as const;
  return (
    <div className={classes.root} data-testid={rest["data-testid"] ?? "empty-state"}>
      {icon ? <div className={classes.indicator}>{icon}</div> : null}
      <Heading className={classes.title}>{title}</Heading>
      {description ? <p className={classes.description}>{description}</p> : null}
      {action ? <div className={classes.actions}>{action}</div> : null}
    </div>
  );
}
