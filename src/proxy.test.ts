import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { useTestDatabase } from "@/test/db";
import { API_CSP } from "@/server/web/security-headers";
import { httpRequest } from "@/test/api-client";
import { sendLarge } from "@/test/large-body";
import { proxy } from "./proxy";
import { eq } from "drizzle-orm";
import { ApiClient } from "@/test/api-client";
import { getDb } from "@/server/db/client";
import { authSession } from "@/server/db/schema";
import { forgetCachedSessions } from "@/server/auth/session-cache";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

describe("src/proxy.ts", () => {
  const page = (url: string, headers: Record<string, string> = {}) => proxy(new NextRequest(url, { headers: { host: new URL(url).host, ...headers } }));

  it("sets the CSP with a fresh nonce on every page answer and hands the nonce to the page as x-nonce", async () => {
    const a = await page("http://aurora.localhost/invoices");
    const b = await page("http://aurora.localhost/invoices");
    const cspA = a.headers.get("content-security-policy")!;
    const cspB = b.headers.get("content-security-policy")!;
    const nonceA = /'nonce-([^']+)'/.exec(cspA)![1];
    const nonceB = /'nonce-([^']+)'/.exec(cspB)![1];
    expect(nonceA).not.toBe(nonceB);
    // NextResponse.rewrite passes changed request headers on as x-middleware-request-<name>.
    expect(a.headers.get("x-middleware-request-x-nonce")).toBe(nonceA);
    // Next.js reads the nonce for its own scripts from the request's CSP header.
    expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(cspA);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("strict-transport-security")).toBeNull();
    expect(cspA).toContain("frame-ancestors 'none'");
  });

  it("does not let a caller choose the nonce", async () => {
    const res = await page("http://aurora.localhost/", { "x-nonce": "chosen", "content-security-policy": "script-src 'nonce-chosen'" });
    expect(res.headers.get("x-middleware-request-x-nonce")).not.toBe("chosen");
    expect(res.headers.get("content-security-policy")).not.toContain("chosen");
  });

  it("sends HSTS when the request came over HTTPS", async () => {
    const res = await page("http://aurora.localhost/", { "x-forwarded-proto": "https" });
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });

  it("answers an unknown host 404 with the security headers", async () => {
    const res = await page("http://nobody.example/");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toBe(API_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("moves the session's end when the person opens a page, but not for a link the router prefetches", async () => {
    const api = new ApiClient("aurora.localhost", { ip: "203.0.113.200" });
    await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
    // The session's end was last moved five minutes ago.
    const token = decodeURIComponent(api.cookies.get("portal.session_token")!).split(".")[0];
    const db = await getDb();
    await db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() + 25 * 60_000) })
      .where(eq(authSession.token, token));
    forgetCachedSessions();
    const sessionCookie = (res: Response) => res.headers.getSetCookie().find((l) => l.startsWith("portal.session_token="));
    expect(sessionCookie(await page("http://aurora.localhost/invoices", { cookie: api.cookieHeader(), "next-router-prefetch": "1" }))).toBeUndefined();
    const line = sessionCookie(await page("http://aurora.localhost/invoices", { cookie: api.cookieHeader() }));
    expect(line).toBeDefined();
    expect(Number(/Max-Age=(\d+)/i.exec(line!)![1])).toBeGreaterThan(30 * 60 - 10);
    const [row] = await db.select().from(authSession).where(eq(authSession.token, token));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it("carries the headers on redirects too", async () => {
    const res = await page("http://aurora.localhost/fi/invoices");
    if (res.status >= 300 && res.status < 400) expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

/**
 * Pages as the built portal serves them: run with PORTAL_PORT set to the port of a running
 * server (`npm run build`, then serve with DEMO_MODE=true). Without it these checks are skipped:
 * pages need the Next.js build, which the unit tests do not make.
 */
describe.skipIf(!process.env.PORTAL_PORT)("pages of a running portal", () => {
  const port = Number(process.env.PORTAL_PORT);
  const get = (path: string, headers: Record<string, string> = {}) => httpRequest("GET", path, { host: "aurora.localhost", ...headers }, undefined, port);

  it("put the answer's nonce on every <script>, and draw a new one per request", async () => {
    const nonces: string[] = [];
    for (const path of ["/auth/signin", "/auth/signin"]) {
      const res = await get(path, { cookie: "" });
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, csp).toBeTruthy();
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("answer errors with the headers: unknown host, unreadable target, oversized Server Action", async () => {
    const unknown = await httpRequest("GET", "/", { host: "nobody.example" }, undefined, port);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const unreadable = await get("/invoices?x=%ff");
    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get("x-content-type-options")).toBe("nosniff");
    const action = await sendLarge(
      "POST",
      "/auth/signin",
      { host: "aurora.localhost", "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" },
      Buffer.alloc(2 * 1024 * 1024, "a"),
      { port },
    );
    expect(action.status).toBe(413);
    expect(action.headers["x-content-type-options"]).toBe("nosniff");
  });
});
