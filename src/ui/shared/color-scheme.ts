import type { MantineColorSchemeManager } from "@mantine/core";
import { COLOR_SCHEME_COOKIE, COLOR_SCHEME_OVERRIDE_COOKIE, resolveColorScheme, type ColorSchemeChoice } from "@/lib/settings/appearance";

export { COLOR_SCHEME_COOKIE, COLOR_SCHEME_OVERRIDE_COOKIE, resolveColorScheme, type ColorSchemeChoice };

const TEN_YEARS = 315_360_000;

function readCookie(name: string): string | null {
  const m = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : null;
}

function writeCookie(name: string, value: string | null) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${value}; Path=/; Max-Age=${TEN_YEARS}; SameSite=Lax${secure}`;
}

/**
 * Keeps the choice in cookies, so the server paints the first frame in the right scheme.
 * Choosing light or dark sets the override; choosing auto clears it.
 */
export function cookieColorSchemeManager(darkAllowed: boolean): MantineColorSchemeManager {
  return {
    get: (fallback) => {
      if (typeof document === "undefined") return fallback;
      const stored = readCookie(COLOR_SCHEME_COOKIE);
      // A site without the dark-theme feature resets a stored dark choice to light (spec §4).
      if (!darkAllowed && stored && stored !== "light") writeCookie(COLOR_SCHEME_COOKIE, "light");
      return resolveColorScheme({ darkAllowed, stored, override: readCookie(COLOR_SCHEME_OVERRIDE_COOKIE) });
    },
    set: (value) => {
      if (!darkAllowed) return;
      writeCookie(COLOR_SCHEME_COOKIE, value);
      writeCookie(COLOR_SCHEME_OVERRIDE_COOKIE, value === "auto" ? null : "true");
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      writeCookie(COLOR_SCHEME_COOKIE, null);
      writeCookie(COLOR_SCHEME_OVERRIDE_COOKIE, null);
    },
  };
}
