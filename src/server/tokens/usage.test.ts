import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { httpRequest } from "@/test/api-client";
import { demoPlans } from "@/server/demo/seed";
import { closeDb, getDb } from "@/server/db/client";
import { apiTokenUses, apiTokenWindows } from "@/server/db/schema";
import { localDateString } from "@/lib/energy/time";
import { createApiToken, recordApiTokenUse, tokenRateLimit } from "./tokens";
import { TokenUseMeter } from "./usage";

let cleanup: () => Promise<void>;
let engine: string;
// On PGlite a folder, not memory: the database must outlive a close.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-token-use-"));
beforeAll(async () => {
  ({ cleanup, engine } = await useTestDatabase({ pgliteDir: path.join(dir, "db") }));
}, 300_000);
afterAll(async () => {
  await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

const SITE = { id: "aurora", timezone: "Europe/Helsinki" };
const owner = () =>
  demoPlans()
    .find((p) => p.site.id === "aurora")!
    .customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

async function newToken(name: string) {
  const customer = owner();
  return createApiToken({ siteId: "aurora", personId: customer.owner!.id, customerId: customer.id, requestId: null }, { name, scopes: ["read-prices"], expiresInDays: 30 });
}

async function usedToday(tokenId: string): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(apiTokenUses)
    .where(and(eq(apiTokenUses.tokenId, tokenId), eq(apiTokenUses.day, localDateString(Date.now(), SITE.timezone))));
  return rows.reduce((n, r) => n + r.count, 0);
}

describe("token use meter", () => {
  it("lets exactly the limit through when many calls come at once, counts every call, and costs a few statements", async () => {
    const { summary } = await newToken("Burst");
    const meter = new TokenUseMeter({ limit: () => ({ max: 50, windowSeconds: 60 }), flushMs: 60_000, flushUses: 10_000 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => meter.use(SITE, summary.id, `/api/x/${i}`)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(50);
    for (const a of answers.filter((x) => !x.allowed)) {
      expect(a.retryAfter).toBeGreaterThan(0);
      expect(a.retryAfter).toBeLessThanOrEqual(60);
    }
    // Nothing written yet: the counts wait in memory.
    expect(await usedToday(summary.id)).toBe(0);
    expect(meter.pending).toBe(200);
    const reservations = meter.statements;
    expect(reservations).toBeLessThanOrEqual(12);
    await meter.flush();
    expect(meter.statements).toBe(reservations + 1);
    expect(await usedToday(summary.id)).toBe(200);
    // Refused calls are answered from memory until the window ends.
    expect((await meter.use(SITE, summary.id, "/api/y")).allowed).toBe(false);
    expect(meter.statements).toBe(reservations + 1);
    const db = await getDb();
    const [window] = await db.select().from(apiTokenWindows).where(eq(apiTokenWindows.tokenId, summary.id));
    expect(window.granted).toBe(50);
  });

  it("never lets a token past its limit across several processes sharing the database, and loses no count", async () => {
    const { summary } = await newToken("Two processes");
    const limit = () => ({ max: 40, windowSeconds: 60 });
    const meters = [new TokenUseMeter({ limit, flushMs: 60_000 }), new TokenUseMeter({ limit, flushMs: 60_000 }), new TokenUseMeter({ limit, flushMs: 60_000 })];
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => meters[i % 3].use(SITE, summary.id, "/api/z")));
    const allowed = answers.filter((a) => a.allowed).length;
    expect(allowed).toBeLessThanOrEqual(40);
    // Each process may hold back at most one block (max / 8) it did not spend.
    expect(allowed).toBeGreaterThanOrEqual(40 - 3 * 5);
    await Promise.all(meters.map((m) => m.flush()));
    expect(await usedToday(summary.id)).toBe(300);
  });

  it("starts a new window when the old one ends", async () => {
    const { summary } = await newToken("Window");
    const meter = new TokenUseMeter({ limit: () => ({ max: 3, windowSeconds: 1 }) });
    const first = await Promise.all(Array.from({ length: 5 }, () => meter.use(SITE, summary.id, "/api/w")));
    expect(first.map((a) => a.allowed)).toEqual([true, true, true, false, false]);
    expect(first[4].retryAfter).toBe(1);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await meter.use(SITE, summary.id, "/api/w")).allowed).toBe(true);
    await meter.flush();
    expect(await usedToday(summary.id)).toBe(6);
  });

  it("writes the counts by itself within a moment, and before the database closes", async () => {
    const { summary } = await newToken("Timer");
    const meter = new TokenUseMeter({ limit: () => ({ max: 100, windowSeconds: 60 }), flushMs: 50 });
    await meter.use(SITE, summary.id, "/api/t");
    await meter.use(SITE, summary.id, "/api/t");
    await expect.poll(() => usedToday(summary.id), { timeout: 5_000, interval: 25 }).toBe(2);

    // The process's own meter: its counts are written when the database closes (the server's shutdown).
    const other = await newToken("Shutdown");
    for (let i = 0; i < 3; i++) expect((await recordApiTokenUse(SITE, other.summary.id, "/api/s")).allowed).toBe(true);
    expect(await usedToday(other.summary.id)).toBe(0);
    await closeDb();
    expect(await usedToday(other.summary.id)).toBe(3);
    expect(tokenRateLimit()).toEqual({ max: 120, windowSeconds: 60 });
  });
});

describe("token limit across processes on one PostgreSQL", () => {
  let child: ChildProcess | undefined;
  let port = 0;
  beforeAll(async () => {
    if (engine !== "postgres") return;
    child = spawn(process.execPath, [require.resolve("tsx/cli"), "--require", "./scripts/preload.cjs", "src/test/api-server-child.ts"], {
      cwd: path.resolve(__dirname, "../../.."),
      // The child stops on SIGTERM by its own handler only, as the server does (scripts/server.ts).
      env: { ...process.env, PORTAL_OWN_SIGNALS: "1" },
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

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "answers 429 past the limit whichever process is called, and the stopped process's counts are written",
    async () => {
      const { token, summary } = await newToken("Two servers");
      const { max } = tokenRateLimit();
      const call = (toPort?: number) => httpRequest("GET", "/api/usage-points/me", { host: "aurora.localhost", authorization: `Bearer ${token}` }, undefined, toPort).then((r) => r.status);
      const statuses: number[] = [];
      // Both processes at once, ten calls in flight on each.
      const total = max + 60;
      let next = 0;
      await Promise.all(
        Array.from({ length: 20 }, async (_, lane) => {
          while (next < total) {
            next++;
            statuses.push(await call(lane % 2 ? port : undefined));
          }
        }),
      );
      // 403: counted and within the limit (the token has no scope for the endpoint); 429: over it.
      const within = statuses.filter((s) => s === 403).length;
      expect(statuses.filter((s) => s !== 403 && s !== 429)).toEqual([]);
      expect(within).toBeLessThanOrEqual(max);
      expect(within).toBeGreaterThanOrEqual(max - 2 * Math.floor(max / 8));
      // The other process stops: what it counted is written on the way out.
      child!.kill("SIGTERM");
      await new Promise((r) => child!.once("exit", r));
      const { flushApiTokenUses } = await import("./tokens");
      await flushApiTokenUses();
      expect(await usedToday(summary.id)).toBe(total);
    },
    60_000,
  );
});
