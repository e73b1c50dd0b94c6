import { Badge } from "@/ui/shared/plain";
import type { ReactNode } from "react";
import { AlertIcon, CheckIcon, ClockIcon, CrossIcon } from "@/ui/shared/line-icons";

export type InvoiceStateName = "open" | "overdue" | "paid" | "cancelled" | "outsourced";

/** Filled with dark shades so white text keeps WCAG AA contrast in light and dark mode. */
const LOOK: Record<InvoiceStateName, { color: string; icon: ReactNode }> = {
  open: { color: "blue.9", icon: <ClockIcon size={12} /> },
  overdue: { color: "red.9", icon: <AlertIcon size={12} /> },
  paid: { color: "#1e6b34", icon: <CheckIcon size={12} /> },
  cancelled: { color: "gray.7", icon: <CrossIcon size={12} /> },
  outsourced: { color: "grape.9", icon: <AlertIcon size={12} /> },
};

/** The invoice's state as text with an icon, never by colour alone. */
export function InvoiceStatusBadge({ state, label, size = "md" }: { state: InvoiceStateName; label: string; size?: "sm" | "md" | "lg" }) {
  const look = LOOK[state];
  return (
    <Badge color={look.color} size={size} leftSection={look.icon} data-state={state}>
      {label}
    </Badge>
  );
}
