import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";

/** An administrator's change through one server process reaches another process on the same PostgreSQL at once. */
const onPostgres = process.env.TEST_DB === "postgres" && !!process.env.DATABASE_URL;
let cleanup: () => Promise<void>;
let child: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  if (!onPostgres) return;
  child = spawn(process.execPath, [require.resolve("tsx/cli"), "--require", "./scripts/preload.cjs", "src/test/api-server-child.ts"], {
    cwd: path.resolve(__dirname, "../../.."),
    // A site cache that would outlive the test: only the NOTIFY can make the other process forget.
    env: { ...process.env, SITE_CACHE_SECONDS: "3600" },
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
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  }
  await cleanup();
});

describe("several processes on one PostgreSQL", () => {
  it.skipIf(!onPostgres)("a domain added through one process is served by the other at once, and stops being served when removed", async () => {
    const admin = new ApiClient("aurora.localhost", { ip: "10.34.0.1" });
    await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
    const there = new ApiClient("portal.aurora.test", { port });
    // The other process remembers that no site has this host.
    expect((await there.get("/api/sign-in/providers")).status).toBe(404);
    expect((await there.get("/api/sign-in/providers")).status).toBe(404);
    const status = async () => (await there.get("/api/sign-in/providers")).status;
    // Within moments (the NOTIFY's delivery to the other process), never the cache's lifetime.
    expect((await admin.post("/api/admin/site/aurora/domains", { host: "portal.aurora.test" })).status).toBe(200);
    await expect.poll(status, { timeout: 10_000, interval: 50 }).toBe(200);
    expect((await admin.call("DELETE", "/api/admin/site/aurora/domains", { host: "portal.aurora.test" })).status).toBe(200);
    await expect.poll(status, { timeout: 10_000, interval: 50 }).toBe(404);
  });
});
