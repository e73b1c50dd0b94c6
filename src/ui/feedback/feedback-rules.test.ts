import { describe, expect, it } from "vitest";
import { FEEDBACK_EXCLUDED_PATH, parseHandled, shouldAskFeedback } from "./feedback-rules";

describe("when the feedback dialog asks (spec §4, §6)", () => {
  const refreshed = "2025-01-01T00:00:00.000Z";
  it("asks without a handled time, or when it is older than the form's refresh", () => {
    expect(shouldAskFeedback(null, refreshed)).toBe(true);
    expect(shouldAskFeedback(Date.parse("2024-12-31T23:59:59Z"), refreshed)).toBe(true);
    expect(shouldAskFeedback(Date.parse(refreshed), refreshed)).toBe(false);
    expect(shouldAskFeedback(Date.parse("2025-03-01T00:00:00Z"), refreshed)).toBe(false);
  });
  it("reads the cookie as epoch milliseconds or a date; garbage counts as long ago", () => {
    expect(parseHandled(undefined)).toBeNull();
    expect(parseHandled("")).toBeNull();
    expect(parseHandled("1735689600000")).toBe(1735689600000);
    expect(parseHandled(encodeURIComponent("2025-01-01T00:00:00.000Z"))).toBe(1735689600000);
    expect(parseHandled("nonsense")).toBe(0);
  });
  it("never asks on sign-in, administration or settings pages", () => {
    for (const path of ["/auth/signin", "/en/auth/error", "/admin", "/fi/admin/sites", "/settings", "/sv/settings"]) expect(FEEDBACK_EXCLUDED_PATH.test(path), path).toBe(true);
    for (const path of ["/", "/en", "/invoices", "/dashboard", "/en/contracts/sign", "/authority", "/settingsx"]) expect(FEEDBACK_EXCLUDED_PATH.test(path), path).toBe(false);
  });
});
