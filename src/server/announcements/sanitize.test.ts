import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { plainText, safeHref, sanitizeAnnouncementHtml } from "./sanitize";
import { FORBIDDEN_IN_OUTPUT, XSS_VECTORS } from "./xss-corpus";

describe("announcement sanitizing", () => {
  it("keeps formatting, lists and links, and forces links into a new tab without opener or referrer", () => {
    expect(sanitizeAnnouncementHtml('<p>Read <b>more</b> <a href="https://x.example/a?b=1" target="_self" rel="opener">here</a></p><ul><li>one</li></ul>')).toBe(
      '<p>Read <strong>more</strong> <a href="https://x.example/a?b=1" target="_blank" rel="noopener noreferrer">here</a></p><ul><li>one</li></ul>',
    );
    expect(sanitizeAnnouncementHtml('<a href="/invoices">Invoices</a> <a href="mailto:a@b.example">mail</a>')).toBe(
      '<a href="/invoices" target="_blank" rel="noopener noreferrer">Invoices</a> <a href="mailto:a@b.example" target="_blank" rel="noopener noreferrer">mail</a>',
    );
  });

  it(`neutralises all ${XSS_VECTORS.length} injection vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
    for (const vector of XSS_VECTORS) {
      const out = sanitizeAnnouncementHtml(vector);
      for (const pattern of FORBIDDEN_IN_OUTPUT) expect(out, `${vector} → ${out}`).not.toMatch(pattern);
      for (const m of out.matchAll(/<a [^>]*>/g)) expect(m[0]).toMatch(/ target="_blank" rel="noopener noreferrer"/);
    }
  });

  it("never lets an event handler or a script URL through, whatever the input", () => {
    const piece = fc.constantFrom('<a href="', "javascript:", '" onclick="', "<img src=x onerror=", "<p>", "</p>", "<script>", ">", '"', "'", "&#106;", "\t", "<svg onload=", "text");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (parts) => {
        const tags = (sanitizeAnnouncementHtml(parts.join("")).match(/<[^>]*>/g) ?? []).join(" ");
        return !/\son[a-z]+\s*=/i.test(tags) && !/<(script|img|svg)/i.test(tags) && !/javascript:/i.test(tags);
      }),
      { numRuns: 500 },
    );
  });

  it("accepts only safe link destinations", () => {
    expect(safeHref("https://a.example")).toBe("https://a.example");
    expect(safeHref("/path")).toBe("/path");
    expect(safeHref("tel:+3581234")).toBe("tel:+3581234");
    for (const bad of ["javascript:x", " JAVASCRIPT:x", "java\tscript:x", "data:text/html,x", "//evil.example", "/\\evil.example", "vbscript:x", "relative", ""]) expect(safeHref(bad), bad).toBeNull();
  });

  it("makes titles plain text", () => {
    expect(plainText("<b>Big</b> news<script>alert(1)</script>")).toBe("Big news");
  });
});
