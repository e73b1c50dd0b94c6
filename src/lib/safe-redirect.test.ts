import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { OFF_SITE as OFF_SITE_VECTORS } from "./redirect-vectors";
import { isSafeRedirectPath, safeRedirectPath } from "./safe-redirect";

const HOME = "/fi";

/** The shared off-site vectors, and the empty value, which has no place to go. */
const OFF_SITE = [...OFF_SITE_VECTORS, ""];

/** An independent reading: the value, and every decoding of it, resolves to a path on the site. */
function onSite(value: string): boolean {
  let form = value;
  for (let i = 0; i < 6; i++) {
    if (/[\u0000-\u001f\u007f\\]/.test(form) || !form.startsWith("/") || form.startsWith("//")) return false;
    const url = new URL(form, "http://site.test");
    if (url.host !== "site.test" || url.pathname.startsWith("//")) return false;
    const next = decodeURIComponent(form);
    if (next === form) return true;
    form = next;
  }
  return false;
}

describe("safeRedirectPath", () => {
  it.each(OFF_SITE)("refuses %j", (value) => {
    expect(safeRedirectPath(value, HOME)).toBe(HOME);
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  it("keeps same-site paths with their query and fragment, normalised", () => {
    expect(safeRedirectPath("/", HOME)).toBe("/");
    expect(safeRedirectPath("/en/invoices?year=2025&q=a%20b#open", HOME)).toBe("/en/invoices?year=2025&q=a%20b#open");
    expect(safeRedirectPath("/en/./invoices/../dashboard", HOME)).toBe("/en/dashboard");
    expect(safeRedirectPath("/sv/fakturor/ä", HOME)).toBe("/sv/fakturor/%C3%A4");
  });

  it("refuses non-strings and overlong values", () => {
    for (const value of [undefined, null, 42, ["/"], { href: "/" }, `/${"a".repeat(2001)}`]) expect(safeRedirectPath(value, HOME)).toBe(HOME);
  });

  it("answers, for any input, the fallback or a path that stays on the site however often it is decoded", () => {
    const piece = fc.constantFrom("/", "//", "\\", "%2F", "%5C", "%25", "%09", "\t", "\n", "..", ".", "%2e", "evil.example", "@", ":", "?", "#", "https:", " ", "a");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
        ),
        (value) => {
          const out = safeRedirectPath(value, HOME);
          expect(out === HOME || onSite(out)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
