/** Tells screen readers that the skeleton below is content still loading. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <span className="portal-visually-hidden" role="status" aria-live="polite">
      {label}
    </span>
  );
}
