import { describe, expect, it } from "vitest";
import { checkPostponeDate, POSTPONE_ERRORS, postponeWindow } from "./postpone-rules";

const profile = { postponeMaxDays: 14, postponeMaxDaysAdvanced: 30, postponeMaxTimes: 1, postponeMaxTimesAdvanced: 2, postponeFeeCents: 500 };
const open = { status: "open" as const, dueDate: "2025-03-10", originalDueDate: "2025-03-10", postponeCount: 0 };
const opts = { advanced: false, today: "2025-03-05", paymentInProgress: false };

describe("postpone rules", () => {
  it("opens a window from the day after the due date to N days after the original due date", () => {
    const w = postponeWindow(open, profile, opts);
    expect(w).toMatchObject({ allowed: true, minDate: "2025-03-11", maxDate: "2025-03-24", feeCents: 500, timesAllowed: 1 });
    expect(postponeWindow(open, profile, { ...opts, advanced: true })).toMatchObject({ maxDate: "2025-04-09", timesAllowed: 2 });
  });

  it("starts the window today for an overdue invoice and closes it when the last day has passed", () => {
    expect(postponeWindow(open, profile, { ...opts, today: "2025-03-20" })).toMatchObject({ allowed: true, minDate: "2025-03-20" });
    expect(postponeWindow(open, profile, { ...opts, today: "2025-03-25" })).toMatchObject({ allowed: false, reason: POSTPONE_ERRORS.windowClosed });
  });

  it("refuses paid, cancelled, outsourced, already postponed and paying invoices", () => {
    expect(postponeWindow({ ...open, status: "paid" }, profile, opts).reason).toBe(POSTPONE_ERRORS.paid);
    expect(postponeWindow({ ...open, status: "cancelled" }, profile, opts).reason).toBe(POSTPONE_ERRORS.cancelled);
    expect(postponeWindow({ ...open, status: "outsourced" }, profile, opts).reason).toBe(POSTPONE_ERRORS.outsourced);
    expect(postponeWindow({ ...open, postponeCount: 1 }, profile, opts).reason).toBe(POSTPONE_ERRORS.limit);
    expect(postponeWindow({ ...open, postponeCount: 1 }, profile, { ...opts, advanced: true }).allowed).toBe(true);
    expect(postponeWindow(open, profile, { ...opts, paymentInProgress: true }).reason).toBe(POSTPONE_ERRORS.paymentInProgress);
  });

  it("checks the requested date", () => {
    const w = postponeWindow(open, profile, opts);
    const check = (date: string) => checkPostponeDate(w, date, open, opts.today).map((e) => e.message);
    expect(check("2025-03-15")).toEqual([]);
    expect(check("2025-03-24")).toEqual([]);
    expect(check("2025-03-25")).toEqual([POSTPONE_ERRORS.tooLate]);
    expect(check("2025-03-10")).toEqual([POSTPONE_ERRORS.notLater]);
    expect(check("2025-03-01")).toEqual([POSTPONE_ERRORS.inPast]);
    expect(check("2025-02-30")).toEqual([POSTPONE_ERRORS.invalidDate]);
    expect(checkPostponeDate(w, "2025-03-15", open, opts.today)[0]).toBeUndefined();
  });
});
