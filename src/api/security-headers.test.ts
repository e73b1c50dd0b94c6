import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { httpRequest } from "@/test/api-client";
import { sendLarge } from "@/test/large-body";
import { createApiListener } from "./listener";
import { createApp } from "./app";

let cleanup: () => Promise<void>;
let untrustingPort: number;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  // A listener that does not trust a proxy in front: X-Forwarded-Proto from the client counts for nothing.
  const server = http.createServer(createApiListener({ trustProxy: false }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  untrustingPort = (server.address() as AddressInfo).port;
});
afterAll(async () => cleanup());

const host = { host: "aurora.localhost", origin: "http://aurora.localhost" };

function expectSecurityHeaders(res: Response, what: string) {
  expect(res.headers.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy"), what).toMatch(/camera=\(\)/);
}

describe("security headers of the API", () => {
  it("are on answers, errors included: 200, 401, 404, unknown host, 400, 413, 415", async () => {
    const cases: [string, string, Record<string, string>, string | undefined, number][] = [
      ["GET", "/api/countries", host, undefined, 200],
      ["GET", "/api/me", host, undefined, 401],
      ["GET", "/api/no-such-thing", host, undefined, 404],
      ["GET", "/api/countries", { host: "nobody.example" }, undefined, 404],
      ["GET", "/api/countries?x=%ff", host, undefined, 400],
      ["POST", "/api/logs", { ...host, "content-type": "application/xml" }, "<a/>", 415],
    ];
    for (const [method, path, headers, body, status] of cases) {
      const res = await httpRequest(method, path, headers, body);
      expect(res.status, `${method} ${path}`).toBe(status);
      expectSecurityHeaders(res, `${method} ${path} ${status}`);
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("are on a 413 answer", async () => {
    const res = await sendLarge("POST", "/api/logs", { ...host, "content-type": "application/json" }, Buffer.alloc(2 * 1024 * 1024, "x"));
    expect(res.status).toBe(413);
    expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("are on a 500 answer", async () => {
    const app = createApp();
    app.get("/boom", () => {
      throw new Error("boom");
    });
    const res = await app.request("http://aurora.localhost/api/boom", { headers: host });
    expect(res.status).toBe(500);
    expectSecurityHeaders(res, "500");
    expect(await res.json()).toMatchObject({ error: { code: "internal", status: 500 } });
  });

  it("include HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const trusted = await httpRequest("GET", "/api/countries", { ...host, "x-forwarded-proto": "https" });
    expect(trusted.headers.get("strict-transport-security")).toMatch(/^max-age=\d+; includeSubDomains$/);
    const untrusted = await httpRequest("GET", "/api/countries", { ...host, "x-forwarded-proto": "https" }, undefined, untrustingPort);
    expect(untrusted.status).toBe(200);
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();
    const unknownHost = await httpRequest("GET", "/api/countries", { host: "nobody.example", "x-forwarded-proto": "https" });
    expect(unknownHost.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  it("let the API reference page run exactly its own script and style, with a new nonce each time", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await httpRequest("GET", "/api/docs", host);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      for (const tag of html.matchAll(/<style\b[^>]*>/g)) expect(tag[0]).toContain(`nonce="${nonce}"`);
      // It loads nothing from another host.
      expect(html).not.toMatch(/<script[^>]+src=/);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
