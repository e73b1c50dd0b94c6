import "server-only";
import type { TicketStatusValue as TicketStatus } from "@/server/db/schema";

/**
 * Who may move a ticket from which status to which, and by what action. This table is the only
 * place the rules live: the services ask `findRule` before any change, and the desk shows the
 * statuses `allowedTargets` gives. OPEN tickets have no assignee and ASSIGNED ones have one;
 * a reopened ticket goes back to its assignee (ASSIGNED) or, without one, to the queue (OPEN).
 *
 * - customer `cancel`: an OPEN or ASSIGNED ticket is withdrawn.
 * - customer `reply`: a comment on a RESOLVED ticket reopens it.
 * - staff `assign`: to themselves or a colleague (OPEN → ASSIGNED, or another assignee).
 * - staff `unassign`: back to the queue.
 * - staff `resolve`, `cancel`: close an OPEN or ASSIGNED ticket.
 * - staff `reopen`: a RESOLVED or CANCELLED ticket is open again.
 */
export type TicketActorKind = "customer" | "staff";
export type TicketAction = "cancel" | "reply" | "assign" | "unassign" | "resolve" | "reopen";

export interface StatusRule {
  actor: TicketActorKind;
  action: TicketAction;
  from: TicketStatus;
  to: TicketStatus;
}

export const STATUS_RULES: readonly StatusRule[] = [
  { actor: "customer", action: "cancel", from: "OPEN", to: "CANCELLED" },
  { actor: "customer", action: "cancel", from: "ASSIGNED", to: "CANCELLED" },
  { actor: "customer", action: "reply", from: "RESOLVED", to: "OPEN" },
  { actor: "customer", action: "reply", from: "RESOLVED", to: "ASSIGNED" },
  { actor: "staff", action: "assign", from: "OPEN", to: "ASSIGNED" },
  { actor: "staff", action: "assign", from: "ASSIGNED", to: "ASSIGNED" },
  { actor: "staff", action: "unassign", from: "ASSIGNED", to: "OPEN" },
  { actor: "staff", action: "resolve", from: "OPEN", to: "RESOLVED" },
  { actor: "staff", action: "resolve", from: "ASSIGNED", to: "RESOLVED" },
  { actor: "staff", action: "cancel", from: "OPEN", to: "CANCELLED" },
  { actor: "staff", action: "cancel", from: "ASSIGNED", to: "CANCELLED" },
  { actor: "staff", action: "reopen", from: "RESOLVED", to: "OPEN" },
  { actor: "staff", action: "reopen", from: "RESOLVED", to: "ASSIGNED" },
  { actor: "staff", action: "reopen", from: "CANCELLED", to: "OPEN" },
  { actor: "staff", action: "reopen", from: "CANCELLED", to: "ASSIGNED" },
];

/** The rule that lets `actor` move a ticket from `from` to `to` (by `action`, when given), or null. */
export function findRule(actor: TicketActorKind, from: TicketStatus, to: TicketStatus, action?: TicketAction): StatusRule | null {
  return STATUS_RULES.find((r) => r.actor === actor && r.from === from && r.to === to && (!action || r.action === action)) ?? null;
}

/** Whether `actor` may take `action` on a ticket in `from` (to any status). */
export function mayAct(actor: TicketActorKind, action: TicketAction, from: TicketStatus): boolean {
  return STATUS_RULES.some((r) => r.actor === actor && r.action === action && r.from === from);
}

/** The statuses `actor` may move a ticket in `from` to (the status itself excluded), in the table's order. */
export function allowedTargets(actor: TicketActorKind, from: TicketStatus): TicketStatus[] {
  const out: TicketStatus[] = [];
  for (const r of STATUS_RULES) if (r.actor === actor && r.from === from && r.to !== from && !out.includes(r.to)) out.push(r.to);
  return out;
}

/** Whether a status is closed (nothing more is expected of anyone). */
export const isClosed = (status: TicketStatus) => status === "RESOLVED" || status === "CANCELLED";

/** Customers may comment on any ticket that is not cancelled (a comment on a resolved one reopens it). */
export const customerMayComment = (status: TicketStatus) => status !== "CANCELLED";
