import { VisuallyHidden } from "@mantine/core";

/** Tells screen readers that the skeleton below is content still loading. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {label}
    </VisuallyHidden>
  );
}
