import { describe, expect, it } from "vitest";
import { API_CSP, apiSecurityHeaders, cameOverHttps, docsPageCsp, newNonce, pageCsp, pageSecurityHeaders } from "./security-headers";

const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe("the pages' Content-Security-Policy", () => {
  it("lets scripts run only with the answer's nonce, and frames, plugins and foreign bases nowhere", () => {
    const nonce = newNonce();
    const csp = directives(pageCsp(nonce));
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    // The analytics tag is first-party (/api/consent/analytics.js): no other host is allowed anywhere.
    expect(pageCsp(nonce)).not.toMatch(/https?:|\*/);
    expect(directives(pageCsp(nonce, { dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("draws a new nonce every time", () => {
    const seen = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(seen.size).toBe(50);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("sends HSTS only over HTTPS, and the other headers always", () => {
    const plain = new Map(pageSecurityHeaders({ nonce: "n", https: false }));
    const tls = new Map(pageSecurityHeaders({ nonce: "n", https: true }));
    for (const h of [plain, tls]) {
      expect(h.get("x-content-type-options")).toBe("nosniff");
      expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(h.get("permissions-policy")).toMatch(/camera=\(\)/);
    }
    expect(plain.has("strict-transport-security")).toBe(false);
    expect(tls.get("strict-transport-security")).toMatch(/^max-age=\d{8}/);
    expect(new Map(apiSecurityHeaders({ https: false })).get("content-security-policy")).toBe(API_CSP);
    expect(cameOverHttps({ url: "https://a.example/" })).toBe(true);
    expect(cameOverHttps({ url: "http://a.example/", forwardedProto: "https" })).toBe(true);
    expect(cameOverHttps({ url: "http://a.example/", forwardedProto: "http" })).toBe(false);
    expect(cameOverHttps({ url: "http://a.example/" })).toBe(false);
  });

  it("gives the API reference page a nonce for its script and style and nothing else", () => {
    const csp = directives(docsPageCsp("abc"));
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'nonce-abc'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});
