import classes from "@/ui/shared/placeholder.module.css";

/** Tells screen readers that the skeleton below is content still loading. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <span className={classes.readerOnly} role="status" aria-live="polite">
      {label}
    </span>
  );
}
