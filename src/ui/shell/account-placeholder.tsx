/** The place the header's account menu takes, so the header does not move when the menu arrives. */
export function AccountPlaceholder() {
  return <span aria-hidden style={{ display: "inline-block", width: "min(30vw, 9rem)", height: 34 }} />;
}
