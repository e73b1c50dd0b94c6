/** Pages where the feedback dialog never opens (spec §6): sign-in, administration and settings. */
export const FEEDBACK_EXCLUDED_PATH = /\/(auth|admin|settings)(\/|$)/;

/** Spec §4: ask when there is no feedback-handled time, or it is older than the form's refresh. */
export function shouldAskFeedback(handled: number | null, refreshedAt: string): boolean {
  return handled === null || handled < Date.parse(refreshedAt);
}

/** The feedback-handled cookie's time: epoch milliseconds (or an ISO date written elsewhere). */
export function parseHandled(raw: string | null | undefined): number | null {
  if (raw == null || raw === "") return null;
  const value = decodeURIComponent(raw);
  const n = Number(value);
  if (Number.isFinite(n)) return n;
  const d = Date.parse(value);
  return Number.isNaN(d) ? 0 : d;
}
