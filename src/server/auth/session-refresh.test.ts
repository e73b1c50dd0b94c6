import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb } from "@/server/db/client";
import { authSession, sites } from "@/server/db/schema";
import { invalidateSiteCache } from "@/server/sites/sites";
import { forgetCachedSessions } from "./session-cache";
import { PASSIVE_HEADER } from "./session-refresh";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

const IDLE_S = 30 * 60;
let ipSeq = 1;

async function signedIn() {
  const api = new ApiClient("aurora.localhost", { ip: `203.0.113.${ipSeq++}` });
  await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
  return api;
}

/** The session row of a client's cookie. */
async function sessionRow(api: ApiClient) {
  const token = decodeURIComponent(api.cookies.get("portal.session_token")!).split(".")[0];
  const db = await getDb();
  const [row] = await db.select().from(authSession).where(eq(authSession.token, token));
  return row;
}

/** Stands for time passing: the session's end was last moved `ago` seconds ago. */
async function lastMoved(api: ApiClient, agoSeconds: number, createdAgoSeconds?: number) {
  const row = await sessionRow(api);
  const db = await getDb();
  await db
    .update(authSession)
    .set({ expiresAt: new Date(Date.now() + (IDLE_S - agoSeconds) * 1000), ...(createdAgoSeconds !== undefined ? { createdAt: new Date(Date.now() - createdAgoSeconds * 1000) } : {}) })
    .where(eq(authSession.id, row.id));
  forgetCachedSessions();
}

function sessionCookieOf(res: Response): { maxAge: number; line: string } | null {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("portal.session_token="));
  if (!line) return null;
  return { maxAge: Number(/Max-Age=(\d+)/i.exec(line)![1]), line };
}

describe("sliding sessions", () => {
  it("moves the end forward in the database and the cookie when the person does something", async () => {
    const api = await signedIn();
    const token = api.cookies.get("portal.session_token");
    await lastMoved(api, 5 * 60);
    const res = await api.raw("GET", "/api/me");
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    expect(cookie!.maxAge).toBeGreaterThan(IDLE_S - 10);
    expect(cookie!.maxAge).toBeLessThanOrEqual(IDLE_S);
    expect(cookie!.line).toMatch(/HttpOnly/i);
    expect(cookie!.line).toMatch(/SameSite=Lax/i);
    // The same session, with its end moved.
    expect(api.cookies.get("portal.session_token")).toBe(token);
    const row = await sessionRow(api);
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + IDLE_S * 1000))).toBeLessThan(10_000);
    // The session answer reports the new end.
    const s = await api.get("/api/session");
    expect(Math.abs(Date.parse(s.body.expiresAt) - row.expiresAt.getTime())).toBeLessThan(1000);
  });

  it("moves it at most once a minute", async () => {
    const api = await signedIn();
    await lastMoved(api, 30);
    expect(sessionCookieOf(await api.raw("GET", "/api/me"))).toBeNull();
  });

  it("does not move it for the page's own background checks, so an idle session ends", async () => {
    const api = await signedIn();
    await lastMoved(api, 10 * 60);
    const before = (await sessionRow(api)).expiresAt.getTime();
    const res = await api.raw("GET", "/api/session", { headers: { [PASSIVE_HEADER]: "1" } });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeNull();
    expect((await sessionRow(api)).expiresAt.getTime()).toBe(before);
    await lastMoved(api, IDLE_S + 60);
    expect((await api.call("GET", "/api/session", undefined, { [PASSIVE_HEADER]: "1" })).body.status).toBe("unauthenticated");
  });

  it("never moves it past the site's maximum, and ends the session there", async () => {
    const db = await getDb();
    await db.update(sites).set({ sessionMaxHours: 1 }).where(eq(sites.id, "aurora"));
    invalidateSiteCache();
    try {
      const api = await signedIn();
      // Signed in 50 minutes ago, last active 25 minutes ago: 10 minutes are left whatever the person does.
      await lastMoved(api, 25 * 60, 50 * 60);
      const cookie = sessionCookieOf(await api.raw("GET", "/api/me"));
      expect(cookie).not.toBeNull();
      expect(cookie!.maxAge).toBeGreaterThan(10 * 60 - 10);
      expect(cookie!.maxAge).toBeLessThanOrEqual(10 * 60);
      await lastMoved(api, 60, 61 * 60);
      expect((await api.get("/api/me")).status).toBe(401);
      expect((await api.get("/api/session")).body.status).toBe("unauthenticated");
    } finally {
      await db.execute(sql`update sites set session_max_hours = null where id = 'aurora'`);
      invalidateSiteCache();
    }
  });
});
