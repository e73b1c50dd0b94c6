/** A Google Analytics measurement id, the only kind of tag the consent banner loads. */
export const MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

/** The cookie vanilla-cookieconsent keeps the visitor's choice in (URI-encoded JSON). */
export const CONSENT_COOKIE = "cc_cookie";

/**
 * What a visitor's stored cookie choice means for the site's current consent revision: no choice
 * (or one that cannot be read), a choice for this revision, or one made for an older revision, which
 * asks again with the revision message. The server decides from it whether the first paint carries
 * the banner; the consent script then keeps the cookie as the library writes it.
 */
export type StoredConsent = "none" | "current" | "outdated";

export function storedConsent(raw: string | undefined, revision: number): StoredConsent {
  if (!raw) return "none";
  let value: unknown;
  try {
    value = JSON.parse(raw.startsWith("{") ? raw : decodeURIComponent(raw));
  } catch {
    return "none";
  }
  if (typeof value !== "object" || value === null) return "none";
  const { consentId, revision: stored } = value as { consentId?: unknown; revision?: unknown };
  if (typeof consentId !== "string" || consentId === "" || typeof stored !== "number") return "none";
  return stored === revision ? "current" : "outdated";
}
