import { Badge } from "@/ui/shared/plain";
import type { ReactNode } from "react";
import type { TicketStatus } from "@/api/schemas/support";
import { CheckIcon, ClockIcon, CrossIcon, UserIcon } from "@/ui/shared/line-icons";

/** Filled with dark shades so white text keeps WCAG AA contrast in light and dark mode. */
const LOOK: Record<TicketStatus, { color: string; icon: ReactNode }> = {
  OPEN: { color: "blue.9", icon: <ClockIcon size={12} /> },
  ASSIGNED: { color: "violet.9", icon: <UserIcon size={12} /> },
  CANCELLED: { color: "gray.7", icon: <CrossIcon size={12} /> },
  RESOLVED: { color: "#1e6b34", icon: <CheckIcon size={12} /> },
};

/** A ticket's status in words with an icon, never by colour alone. */
export function TicketStatusBadge({ status, label, size = "md" }: { status: TicketStatus; label: string; size?: "sm" | "md" | "lg" }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} size={size} leftSection={look.icon} data-status={status} data-testid="ticket-status">
      {label}
    </Badge>
  );
}
