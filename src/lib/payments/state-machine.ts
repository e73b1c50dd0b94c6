import type { PaymentStatus } from "./types";

/**
 * The life of a payment: created (the provider has a session, the customer is on the way) →
 * pending (the provider reports it in progress) → succeeded | failed | cancelled | expired.
 * A created payment can also fail, be cancelled or expire before anything happened. Terminal
 * states never change again.
 */
const TRANSITIONS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ["pending", "failed", "cancelled", "expired"],
  pending: ["succeeded", "failed", "cancelled", "expired"],
  succeeded: [],
  failed: [],
  cancelled: [],
  expired: [],
};

export const TERMINAL_STATUSES: readonly PaymentStatus[] = ["succeeded", "failed", "cancelled", "expired"];

export function isTerminal(status: PaymentStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class InvalidPaymentTransition extends Error {
  constructor(
    readonly from: PaymentStatus,
    readonly to: PaymentStatus,
  ) {
    super(`A payment cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: PaymentStatus, to: PaymentStatus): void {
  if (!canTransition(from, to)) throw new InvalidPaymentTransition(from, to);
}

/**
 * The steps from the current status to a status a provider reported. A provider may report
 * success for a payment we still hold as created (the customer never came back): the path then
 * goes through pending. Returns [] when nothing is to be done (same status, or the payment is
 * already final) and null when the report contradicts a final status.
 */
export function pathTo(from: PaymentStatus, to: PaymentStatus): PaymentStatus[] | null {
  if (from === to) return [];
  if (canTransition(from, to)) return [to];
  if (from === "created" && canTransition("pending", to)) return ["pending", to];
  if (isTerminal(from)) return to === "pending" || to === "created" ? [] : null;
  return null;
}
