import { Anchor } from "@/ui/shared/plain-anchor";
import { Badge } from "@/ui/shared/plain";

/** The inbox link of the header, with the number of unread messages (0: no badge). */
export function InboxLink({ href, count, label }: { href: string; count: number; label: string }) {
  return (
    <Anchor
      href={href}
      aria-label={label}
      data-testid="header-inbox"
      data-count={count}
      style={{ position: "relative", display: "inline-flex", alignItems: "center", justifyContent: "center", width: 34, height: 34, color: "var(--portal-header-text)" }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M22 12h-6l-2 3h-4l-2-3H2" />
        <path d="M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z" />
      </svg>
      {count > 0 ? (
        <Badge size="xs" circle={count < 10} color="red.9" aria-hidden="true" data-testid="header-inbox-badge" style={{ position: "absolute", top: -2, right: -6, pointerEvents: "none" }}>
          {count > 99 ? "99+" : count}
        </Badge>
      ) : null}
    </Anchor>
  );
}
