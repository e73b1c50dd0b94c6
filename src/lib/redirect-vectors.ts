/**
 * Places to return to after sign-in that must never lead off the site, raw as a browser would
 * send them, and the check that a redirect target stays on the site. Shared by the unit test of
 * the check (./safe-redirect.test.ts), the sign-in tests and the fuzz tests.
 */

export const OFF_SITE = [
  "/%09/evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "//evil.example",
  "///evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/%5Cevil.example",
  "/%255Cevil.example",
  "/%5C%5Cevil.example",
  "https://evil.example",
  "https:evil.example",
  "HTTPS://evil.example/",
  "HTTPS://evil.example",
  "//evil.example@aurora.localhost",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/./%2F/evil.example",
  " //evil.example",
  "\n//evil.example",
  "/\r\n/evil.example",
  "/%0d%0aLocation:%20https://evil.example",
  "javascript:alert(1)",
  "%",
  "/%E0%A4%A",
];

/** A redirect target stays on the site: a path, also when a browser or a proxy decodes it again. */
export function staysOnSite(location: string | null, host: string): boolean {
  if (!location) return false;
  let decoded = location;
  for (let i = 0; i < 5; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return false;
    }
  }
  for (const form of [location, decoded]) {
    if (/[\u0000-\u001f\u007f\\]/.test(form)) return false;
    if (!form.startsWith("/") || form.startsWith("//")) return false;
    const url = new URL(form, `http://${host}`);
    if (url.host !== host || url.pathname.startsWith("//")) return false;
  }
  return true;
}
