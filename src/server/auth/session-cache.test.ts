import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { eq } from "drizzle-orm";
import { invalidateSiteCache } from "@/server/sites/sites";

let cleanup: () => Promise<void>;
let engine: string;
beforeAll(async () => {
  ({ cleanup, engine } = await useTestDatabase());
});
afterAll(async () => cleanup());

async function signedIn(identityId = "aurora-solar-household", port?: number) {
  const api = new ApiClient("aurora.localhost", { port });
  await api.signInSandbox("aurora", { identityId });
  return api;
}

describe("session cache", () => {
  it("serves a session from memory, and refuses it at once after sign-out", async () => {
    const api = await signedIn();
    expect((await api.get("/api/me")).status).toBe(200);
    expect((await api.get("/api/me")).status).toBe(200);
    const cookie = api.cookieHeader();
    const out = await api.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    // The same cookie, replayed after sign-out, must not find the remembered session.
    const replay = new ApiClient("aurora.localhost");
    for (const part of cookie.split("; ")) {
      const i = part.indexOf("=");
      replay.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
    expect((await replay.get("/api/me")).status).toBe(401);
  });

  it("forgets a person's other sessions when they are revoked", async () => {
    const phone = await signedIn();
    const laptop = await signedIn();
    expect((await phone.get("/api/me")).status).toBe(200);
    expect((await laptop.get("/api/me")).status).toBe(200);
    const revoke = await laptop.post("/api/auth/revoke-other-sessions", {});
    expect(revoke.status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(200);
  });

  it("serves a session from memory until its deletion is announced", async () => {
    const api = await signedIn();
    const session = (await api.get("/api/session")).body;
    expect(session.status).toBe("authenticated");
    const { authSession } = await import("@/server/db/schema");
    const { sessionChanged } = await import("@/server/auth/session-cache");
    const db = await getDb();
    const rows = await db.select().from(authSession);
    expect(rows.length).toBeGreaterThan(0);
    await db.delete(authSession);
    // Unannounced, the remembered session still answers: the cache is what serves it.
    expect((await api.get("/api/me")).status).toBe(200);
    for (const row of rows) await sessionChanged(row.id);
    expect((await api.get("/api/me")).status).toBe(401);
  });

  it("remembers a cookie that names no session, until the cache is told", async () => {
    const api = await signedIn();
    const { authSession } = await import("@/server/db/schema");
    const { forgetCachedSessions, sessionChanged } = await import("@/server/auth/session-cache");
    expect((await api.get("/api/me")).status).toBe(200);
    const db = await getDb();
    const row = (await db.select().from(authSession)).find((r) => api.cookieHeader().includes(r.token));
    expect(row).toBeDefined();
    // The session is gone and announced: the next request finds none and is refused.
    await db.delete(authSession).where(eq(authSession.id, row!.id));
    await sessionChanged(row!.id);
    expect((await api.get("/api/me")).status).toBe(401);
    // The row is back, but the miss is remembered: no query is made, and the cookie is still refused.
    await db.insert(authSession).values(row!);
    expect((await api.get("/api/me")).status).toBe(401);
    forgetCachedSessions();
    expect((await api.get("/api/me")).status).toBe(200);
  });
});

describe("several processes on one PostgreSQL", () => {
  let child: ChildProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    if (engine !== "postgres") return;
    child = spawn(process.execPath, [require.resolve("tsx/cli"), "--require", "./scripts/preload.cjs", "src/test/api-server-child.ts"], {
      cwd: path.resolve(__dirname, "../../.."),
      // Caches that would outlive the test: only the NOTIFY can make the other process forget.
      env: { ...process.env, SESSION_CACHE_SECONDS: "60", SITE_CACHE_SECONDS: "3600", CUSTOMER_CACHE_SECONDS: "3600" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child!.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /PORT (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child!.once("exit", (code) => reject(new Error(`the second process exited with ${code}`)));
    });
  }, 120_000);
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  });

  it.skipIf(process.env.TEST_DB !== "postgres")("signs out through one process and is refused at once by the other", async () => {
    const here = await signedIn();
    const there = new ApiClient("aurora.localhost", { port });
    for (const [k, v] of here.cookies) there.cookies.set(k, v);
    // Both processes now hold the session in memory.
    expect((await here.get("/api/me")).status).toBe(200);
    expect((await there.get("/api/me")).status).toBe(200);
    expect((await there.get("/api/me")).status).toBe(200);
    expect((await here.post("/api/auth/sign-out", {})).status).toBe(200);
    // Within moments (the NOTIFY's delivery), never the cache's lifetime (60 s in that process).
    await expect.poll(async () => (await there.get("/api/me")).status, { timeout: 10_000, interval: 50 }).toBe(401);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")("changes a profile through one process and the other reads it at once", async () => {
    const here = await signedIn();
    const there = new ApiClient("aurora.localhost", { port });
    for (const [k, v] of here.cookies) there.cookies.set(k, v);
    const before = (await there.get("/api/me")).body.firstName as string;
    // The other process now holds the customer's rows in memory (CUSTOMER_CACHE_SECONDS 3600 there).
    expect((await there.get("/api/me")).body.firstName).toBe(before);
    expect((await here.call("PUT", "/api/me", { firstName: "Elsewhere" })).status).toBe(200);
    // The customers table's trigger tells it, with no call from the code that wrote.
    await expect.poll(async () => (await there.get("/api/me")).body.firstName, { timeout: 10_000, interval: 50 }).toBe("Elsewhere");
    expect((await here.call("PUT", "/api/me", { firstName: before })).status).toBe(200);
    await expect.poll(async () => (await there.get("/api/me")).body.firstName, { timeout: 10_000, interval: 50 }).toBe(before);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")("changes a site in one process and the other follows at once", async () => {
    const there = new ApiClient("aurora.localhost", { port });
    const kinds = async () => ((await there.get("/api/sign-in/providers")).body.providers as { kind: string }[]).map((p) => p.kind);
    expect(await kinds()).toContain("sandbox-eid");
    const db = await getDb();
    const [site] = await db.select().from(sites).where(eq(sites.id, "aurora"));
    await db
      .update(sites)
      .set({ auth: { ...site.auth, sandboxEid: false }, updatedAt: new Date() })
      .where(eq(sites.id, "aurora"));
    await invalidateSiteCache();
    // The other process hears the NOTIFY on its own connection: within moments, not a cache lifetime.
    await expect.poll(kinds, { timeout: 10_000, interval: 50 }).not.toContain("sandbox-eid");
    await db.update(sites).set({ auth: site.auth, updatedAt: new Date() }).where(eq(sites.id, "aurora"));
    await invalidateSiteCache();
    await expect.poll(kinds, { timeout: 10_000, interval: 50 }).toContain("sandbox-eid");
  });
});
