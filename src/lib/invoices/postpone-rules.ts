import type { FieldError } from "@/lib/errors";
import { addDays, isIsoDate } from "./dates";

export interface PostponeRuleInput {
  status: "open" | "paid" | "cancelled" | "outsourced";
  dueDate: string;
  originalDueDate: string;
  postponeCount: number;
}

export interface PostponeProfile {
  postponeMaxDays: number;
  postponeMaxDaysAdvanced: number;
  postponeMaxTimes: number;
  postponeMaxTimesAdvanced: number;
  postponeFeeCents: number;
}

export interface PostponeWindow {
  allowed: boolean;
  /** Translation key of why postponing is not possible. */
  reason: string | null;
  /** Earliest and latest new due date, inclusive. */
  minDate: string | null;
  maxDate: string | null;
  feeCents: number;
  timesUsed: number;
  timesAllowed: number;
}

export const POSTPONE_ERRORS = {
  paid: "invoices.errors.postpone-paid",
  cancelled: "invoices.errors.postpone-cancelled",
  outsourced: "invoices.errors.postpone-outsourced",
  limit: "invoices.errors.postpone-limit-reached",
  windowClosed: "invoices.errors.postpone-window-closed",
  paymentInProgress: "invoices.errors.payment-in-progress",
  invalidDate: "invoices.errors.due-date-invalid",
  inPast: "invoices.errors.due-date-in-past",
  notLater: "invoices.errors.due-date-not-later",
  tooLate: "invoices.errors.due-date-too-late",
} as const;

/**
 * When and how far an invoice's due date may move: only unpaid invoices that are not with a
 * collection agency, at most N days after the original due date (more with advanced postpone),
 * a limited number of times, to a date after the current due date and not in the past.
 */
export function postponeWindow(invoice: PostponeRuleInput, profile: PostponeProfile, opts: { advanced: boolean; today: string; paymentInProgress: boolean }): PostponeWindow {
  const timesAllowed = opts.advanced ? profile.postponeMaxTimesAdvanced : profile.postponeMaxTimes;
  const maxDays = opts.advanced ? profile.postponeMaxDaysAdvanced : profile.postponeMaxDays;
  const base = { feeCents: profile.postponeFeeCents, timesUsed: invoice.postponeCount, timesAllowed };
  const closed = (reason: string): PostponeWindow => ({ ...base, allowed: false, reason, minDate: null, maxDate: null });
  if (invoice.status === "paid") return closed(POSTPONE_ERRORS.paid);
  if (invoice.status === "cancelled") return closed(POSTPONE_ERRORS.cancelled);
  if (invoice.status === "outsourced") return closed(POSTPONE_ERRORS.outsourced);
  if (invoice.postponeCount >= timesAllowed) return closed(POSTPONE_ERRORS.limit);
  if (opts.paymentInProgress) return closed(POSTPONE_ERRORS.paymentInProgress);
  const dayAfterDue = addDays(invoice.dueDate, 1);
  const minDate = dayAfterDue > opts.today ? dayAfterDue : opts.today;
  const maxDate = addDays(invoice.originalDueDate, maxDays);
  if (minDate > maxDate) return closed(POSTPONE_ERRORS.windowClosed);
  return { ...base, allowed: true, reason: null, minDate, maxDate };
}

/** Field errors for a requested new due date; empty when it may be used. */
export function checkPostponeDate(window: PostponeWindow, dueDate: string, current: { dueDate: string }, today: string): FieldError[] {
  const error = (message: string, code = "invalid"): FieldError[] => [{ path: "dueDate", code, message }];
  if (!isIsoDate(dueDate)) return error(POSTPONE_ERRORS.invalidDate, "invalid_date");
  if (!window.allowed) return error(window.reason!, "not_allowed");
  if (dueDate < today) return error(POSTPONE_ERRORS.inPast, "too_small");
  if (dueDate <= current.dueDate) return error(POSTPONE_ERRORS.notLater, "too_small");
  if (dueDate > window.maxDate!) return error(POSTPONE_ERRORS.tooLate, "too_big");
  return [];
}
