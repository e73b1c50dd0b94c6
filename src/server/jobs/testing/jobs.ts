import "server-only";
import { z } from "zod";
import { JOBS, defineJob, type JobRegistry } from "../registry";
import { jobHandlers, jobSender } from "../runtime";

/**
 * Jobs for the queue's own tests, registered next to the portal's (a test starts the queue with
 * TEST_REGISTRY). Each records its runs in this process, keyed by the payload's `key`.
 */
const RUNS = Symbol.for("portal.jobs.test-runs");
const HEALED = Symbol.for("portal.jobs.test-healed");
const g = globalThis as typeof globalThis & { [RUNS]?: Map<string, number[]>; [HEALED]?: Set<string> };
const runs = () => (g[RUNS] ??= new Map());
const healed = () => (g[HEALED] ??= new Set());

/** When each run of the jobs with this key started (ms since the epoch). */
export function testRuns(key: string): number[] {
  return runs().get(key) ?? [];
}

/** From now on `test-fail` jobs with this key succeed. */
export function healTestJob(key: string) {
  healed().add(key);
}

function record(key: string): number {
  const list = runs().get(key) ?? [];
  list.push(Date.now());
  runs().set(key, list);
  return list.length;
}

const Keyed = z.object({ siteId: z.string().min(1), key: z.string().min(1) });

export const TEST_JOBS = {
  /** Fails its first `failTimes` runs, then succeeds: retried with backoff from one second. */
  "test-flaky": defineJob({
    schema: Keyed.extend({ failTimes: z.number().int().min(0) }),
    retryLimit: 3,
    retryDelaySeconds: 1,
    retryBackoff: true,
    expireInSeconds: 30,
    pollingIntervalSeconds: 0.5,
  }),
  /** Counts its runs. */
  "test-count": defineJob({
    schema: Keyed,
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 30,
    pollingIntervalSeconds: 0.5,
  }),
  /** Fails, without retries, until healed: lands in the dead letter. */
  "test-fail": defineJob({
    schema: Keyed,
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 30,
    pollingIntervalSeconds: 0.5,
  }),
  /**
   * Takes a while. In a process started with JOBS_TEST_HANG=1 it announces `TOOK <job id>` and
   * never finishes, so a test can kill that process mid-job; elsewhere it finishes at once. A
   * worker that died holding it loses it after two seconds.
   */
  "test-slow": defineJob({
    schema: Keyed,
    retryLimit: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 2,
    pollingIntervalSeconds: 0.5,
  }),
} satisfies JobRegistry;

export const TEST_REGISTRY = { ...JOBS, ...TEST_JOBS };
export const sendTestJob = jobSender(TEST_REGISTRY);

const handle = jobHandlers(TEST_REGISTRY);
handle("test-flaky", async ({ key, failTimes }) => {
  const run = record(key);
  if (run <= failTimes) throw new Error(`run ${run} fails on purpose`);
  return { runs: run };
});
handle("test-count", async ({ key }) => ({ runs: record(key) }));
handle("test-fail", async ({ key }) => {
  record(key);
  if (!healed().has(key)) throw new Error("fails until healed");
  return { healed: true };
});
handle("test-slow", async ({ key }, ctx) => {
  record(key);
  if (process.env.JOBS_TEST_HANG === "1") {
    process.stdout.write(`TOOK ${ctx.id}\n`);
    await new Promise(() => {});
  }
  return { finishedBy: process.pid, attempt: ctx.attempt };
});
