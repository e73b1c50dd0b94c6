import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { closeDb, getDb } from "@/server/db/client";
import { forgetCachedSessions } from "@/server/auth/session-cache";

let cleanup: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  process.env.SIGNIN_RATE_LIMIT_MAX = "3";
  process.env.SIGNIN_RATE_LIMIT_WINDOW_SECONDS = "600";
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-session-test-"));
  ({ cleanup } = await useTestDatabase({ pgliteDir: dir }));
});
afterAll(async () => {
  await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

let ipSeq = 1;
/** Each sign-in from its own address: this file sets the sign-in limit to 3 per address. */
const nextIp = () => `198.51.100.${ipSeq++}`;

async function signedIn(identityId = "aurora-solar-household") {
  const api = new ApiClient("aurora.localhost", { ip: nextIp() });
  await api.signInSandbox("aurora", { identityId });
  return api;
}

describe("sessions", () => {
  it("ends a session after the idle timeout", async () => {
    const api = await signedIn();
    expect((await api.get("/api/session")).body.status).toBe("authenticated");
    const db = await getDb();
    await db.execute(sql`update auth_session set expires_at = now() - interval '1 minute'`);
    // The edit stands for time passing; the cache holds the row as it was read.
    forgetCachedSessions();
    expect((await api.get("/api/session")).body.status).toBe("unauthenticated");
    expect((await api.get("/api/me")).status).toBe(401);
  });

  it("ends a session after the absolute timeout even while in use", async () => {
    const api = await signedIn();
    const db = await getDb();
    await db.execute(sql`update auth_session set created_at = now() - interval '13 hours'`);
    expect((await api.get("/api/me")).status).toBe(401);
    expect((await api.get("/api/session")).body.status).toBe("unauthenticated");
  });

  it("flags an identity verification older than the site's period", async () => {
    const api = await signedIn();
    expect((await api.get("/api/session")).body.user.verified).toBe(true);
    const db = await getDb();
    await db.execute(sql`update auth_user set verified_at = now() - interval '13 hours' where name is not null`);
    forgetCachedSessions();
    const s = await api.get("/api/session");
    expect(s.body.status).toBe("authenticated");
    expect(s.body.user.verified).toBe(false);
  });

  it("marks the session cookie Secure when the site is served over https", async () => {
    const api = new ApiClient("aurora.localhost", { ip: nextIp() });
    const start = await api.raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=/", { headers: { "x-forwarded-proto": "https" } });
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get("location")!, "https://x").searchParams.get("state")!;
    const { issueSandboxCode } = await import("@/server/auth/sandbox-broker");
    const { code } = await issueSandboxCode({ id: "aurora", country: "FI" }, state, { identityId: "aurora-apartment" });
    const done = await api.raw("GET", `/api/auth/sandbox-eid/callback?state=${state}&code=${code}`, { headers: { "x-forwarded-proto": "https" } });
    const cookie = done.headers.getSetCookie().find((c) => c.includes("session_token"))!;
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

describe("sign-in rate limits", () => {
  it("answers 429 after too many attempts, and a restart does not reset the count", async () => {
    const api = new ApiClient("aurora.localhost", { ip: "203.0.113.9" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post("/api/sign-in/email", { email: `person${i}@example.com` })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await api.post("/api/sign-in/email", { email: "again@example.com" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    await closeDb(); // a restart: the next call opens the same data folder again
    const after = await api.post("/api/sign-in/email", { email: "after-restart@example.com" });
    expect(after.status).toBe(429);
    const otherIp = new ApiClient("aurora.localhost", { ip: "203.0.113.10" });
    expect((await otherIp.post("/api/sign-in/email", { email: "someone@example.com" })).status).toBe(200);
  });

  it("limits representative-code attempts per person", async () => {
    const api = await signedIn("aurora-house-gas");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await api.post("/api/me/representatives", { representativeCode: `NOPE-${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
