import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { closeDb, getDb, queryRows } from "@/server/db/client";
import { JOB_SCHEMA, startJobs, stopJobs } from "./runtime";
import { TEST_REGISTRY, sendTestJob } from "./testing/jobs";

/**
 * A worker killed mid-job (SIGKILL: no goodbye, the job left active) does not lose the job: once
 * the job's expiry passes, another worker takes it again and finishes it.
 *
 * On PostgreSQL the test process and the worker process share the database. PGlite's data folder
 * opens in one process at a time, so there the test closes it while the child works, and opens it
 * again after the kill, which also shows the embedded database recovering from the crash.
 */
let cleanup: () => Promise<void>;
let engine: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-jobs-durability-"));
let child: ChildProcess | undefined;

beforeAll(async () => {
  ({ cleanup, engine } = await useTestDatabase({ seed: false, pgliteDir: path.join(dir, "pglite") }));
  // This process only sends until the worker is dead.
  await startJobs({ registry: TEST_REGISTRY, work: false });
}, 120_000);
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

function startWorker(): { child: ChildProcess; took: Promise<string> } {
  // tsx as node's loader rather than its CLI: the worker is this child itself, not a grandchild,
  // so the kill reaches it and its exit is seen.
  const proc = spawn(process.execPath, ["--require", "./scripts/preload.cjs", "--import", "tsx", "src/server/jobs/testing/worker-child.ts"], {
    cwd: path.resolve(__dirname, "../../.."),
    env: { ...process.env, JOBS_TEST_HANG: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const took = new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /TOOK ([0-9a-f-]{36})/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once("exit", (code, signal) => reject(new Error(`the worker exited (${signal ?? code}) before it took the job`)));
  });
  return { child: proc, took };
}

async function job(id: string) {
  const [row] = await queryRows<{ state: string; retry_count: number; output: { finishedBy?: number; attempt?: number } | null }>(
    await getDb(),
    sql`select state, retry_count, output from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}::uuid`,
  );
  return row;
}

describe("a worker killed mid-job", () => {
  it("loses no job: a new worker finishes it", async () => {
    const sent = await sendTestJob("test-slow", { siteId: "aurora", key: crypto.randomUUID() });
    if (engine === "pglite") {
      await stopJobs();
      await closeDb();
    }
    const worker = startWorker();
    child = worker.child;
    expect(await worker.took).toBe(sent.id);
    const dead = new Promise((r) => child!.once("exit", r));
    child.kill("SIGKILL");
    await dead;

    if (engine === "pglite") await getDb();
    expect((await job(sent.id)).state).toBe("active");
    // A new worker, here in this process: it puts back jobs whose worker is gone, then runs them.
    await startJobs({ registry: TEST_REGISTRY, work: true, maintenanceIntervalSeconds: 1 });
    const started = Date.now();
    while ((await job(sent.id)).state !== "completed") {
      if (Date.now() - started > 20_000) throw new Error(`the job is still ${(await job(sent.id)).state}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await job(sent.id)).toMatchObject({ state: "completed", retry_count: 1, output: { finishedBy: process.pid, attempt: 2 } });
  }, 90_000);
});
