import { parseHandled } from "./feedback-rules";

export const FEEDBACK_COOKIE = "feedback-handled";
const TEN_YEARS = 315_360_000;

/** When the person last sent or closed the feedback dialog (the feedback-handled cookie), or null. */
export function handledAt(): number | null {
  return parseHandled(/(?:^|; )feedback-handled=([^;]*)/.exec(document.cookie)?.[1]);
}

/** Sending or closing the dialog sets the cookie, so it is asked again only when the form is refreshed. */
export function markHandled() {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${FEEDBACK_COOKIE}=${Date.now()}; Path=/; Max-Age=${TEN_YEARS}; SameSite=Lax${secure}`;
}
