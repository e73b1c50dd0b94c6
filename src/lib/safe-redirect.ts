/**
 * Where a person may be sent after signing in: a path on the same site, never another host.
 *
 * The value is checked as it is and after percent-decoding (repeatedly, so double-encoded
 * slashes and backslashes count), since a browser, a proxy or a later redirect may decode it
 * again. A path is refused when any form of it starts with "//" or "/\", holds a backslash or
 * a control character (browsers drop tabs and newlines, turning "/\t/host" into "//host"), or
 * when resolving its dot segments would make it start with "//". Anything refused becomes the
 * fallback, which callers set to the home page of the person's locale.
 */

const BASE = "http://same-site.invalid";
const MAX_LENGTH = 2000;
const MAX_DECODE_ROUNDS = 5;
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

function fullyDecoded(value: string): string | null {
  let current = value;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** The path (with query and fragment) as the site would resolve it, or null when it leaves the site. */
function sameSitePath(form: string): string | null {
  if (FORBIDDEN.test(form) || !form.startsWith("/") || form.startsWith("//")) return null;
  let url: URL;
  try {
    url = new URL(form, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A same-site path to return to, normalised, or `fallback` when the value could lead anywhere else. */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_LENGTH) return fallback;
  const decoded = fullyDecoded(value);
  if (decoded === null || sameSitePath(decoded) === null) return fallback;
  const normalised = sameSitePath(value);
  if (normalised === null) return fallback;
  // The normalised form must pass the same checks (dot segments resolved, nothing decoded into "//").
  const again = fullyDecoded(normalised);
  if (again === null || sameSitePath(again) === null) return fallback;
  return normalised;
}

/** Whether a value is a same-site path as `safeRedirectPath` accepts it. */
export function isSafeRedirectPath(value: unknown): boolean {
  return safeRedirectPath(value, "") !== "";
}
