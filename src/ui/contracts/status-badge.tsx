import { Badge } from "@/ui/shared/plain";
import type { ReactNode } from "react";
import type { Contract } from "@/api/schemas/contracts";
import { CheckIcon, ClockIcon, CrossIcon } from "@/ui/shared/line-icons";

/** Filled with dark shades so white text keeps WCAG AA contrast in light and dark mode. */
const LOOK: Record<Contract["status"], { color: string; icon: ReactNode }> = {
  pending: { color: "blue.9", icon: <ClockIcon size={12} /> },
  active: { color: "#1e6b34", icon: <CheckIcon size={12} /> },
  ending: { color: "#8f3a00", icon: <ClockIcon size={12} /> },
  ended: { color: "gray.7", icon: <CrossIcon size={12} /> },
};

/** The contract's status as text with an icon, never by colour alone. */
export function ContractStatusBadge({ status, label }: { status: Contract["status"]; label: string }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} size="md" leftSection={look.icon} data-status={status}>
      {label}
    </Badge>
  );
}
