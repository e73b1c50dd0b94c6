/**
 * The cookies the root layout reads for the first paint (spec §3 cookies, §4 colour scheme):
 * `color-scheme` holds the choice, `color-scheme-override` is "true" when the person chose light
 * or dark rather than following the system. The server sets them when a person saves their
 * appearance and when they sign in on a new device; the browser's colour-scheme manager writes
 * the same cookies, so they are readable by scripts (not HttpOnly).
 */
export const COLOR_SCHEME_COOKIE = "color-scheme";
export const COLOR_SCHEME_OVERRIDE_COOKIE = "color-scheme-override";
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const COOKIE_MAX_AGE_SECONDS = 315_360_000;

/** The stored choice (spec §4): auto follows the system, light is the default. */
export type ColorSchemeChoice = "auto" | "light" | "dark";

/**
 * The rules of spec §4: without the dark-theme feature the portal is light; with it, the scheme
 * follows the system preference unless the person chose one (override cookie "true"), in which
 * case their stored choice counts.
 */
export function resolveColorScheme(input: { darkAllowed: boolean; stored: string | null | undefined; override: string | null | undefined }): ColorSchemeChoice {
  if (!input.darkAllowed) return "light";
  if (input.override !== "true") return "auto";
  return input.stored === "dark" || input.stored === "auto" ? input.stored : "light";
}

/** Without the dark-theme feature the portal is light whatever was saved (spec §4). */
export function effectiveColorScheme(saved: ColorSchemeChoice, darkAllowed: boolean): ColorSchemeChoice {
  return darkAllowed ? saved : "light";
}

/** Set-Cookie values that make the next first paint use a choice. */
export function colorSchemeCookies(choice: ColorSchemeChoice, secure: boolean): string[] {
  const attrs = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  const keep = `${attrs}; Max-Age=${COOKIE_MAX_AGE_SECONDS}`;
  return [`${COLOR_SCHEME_COOKIE}=${choice}; ${keep}`, choice === "auto" ? `${COLOR_SCHEME_OVERRIDE_COOKIE}=; ${attrs}; Max-Age=0` : `${COLOR_SCHEME_OVERRIDE_COOKIE}=true; ${keep}`];
}

/** The locale cookie as the proxy sets it (HttpOnly): the language of the next redirect after sign-in or payment. */
export function localeCookie(locale: string, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; SameSite=Lax; HttpOnly; Max-Age=${COOKIE_MAX_AGE_SECONDS}${secure ? "; Secure" : ""}`;
}
