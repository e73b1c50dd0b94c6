import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { getDb, queryRows } from "@/server/db/client";
import { outboundMail } from "@/server/db/schema";
import { sendMail } from "@/server/providers/mail/mailer";
import { JOB_SCHEMA, JobPayloadError, UnknownJobError, jobsWithoutHandler, sendJob, startJobs } from "./runtime";
import { listSiteJobs } from "./dead-letter";
import { TEST_REGISTRY, sendTestJob, testRuns } from "./testing/jobs";
import "./handlers";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await startJobs({ registry: TEST_REGISTRY, work: true, schedules: true, maintenanceIntervalSeconds: 1 });
}, 120_000);
afterAll(async () => cleanup());

interface Row {
  name: string;
  state: string;
  retry_count: number;
  retry_backoff: boolean;
  output: { runs?: number; sites?: string[]; checked?: number } | null;
}

async function job(id: string): Promise<Row | undefined> {
  const [row] = await queryRows<Row>(await getDb(), sql`select name, state, retry_count, retry_backoff, output from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}::uuid`);
  return row;
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const finished = (id: string) =>
  waitFor(`job ${id} to finish`, async () => {
    const row = await job(id);
    return row && ["completed", "failed"].includes(row.state) ? row : undefined;
  });

const key = () => crypto.randomUUID();

describe("the job registry", () => {
  it("has a handler for every job once handlers.ts is loaded", () => {
    expect(jobsWithoutHandler()).toEqual([]);
  });

  it("refuses unknown jobs and payloads of the wrong shape, at compile time and at run time, queueing nothing", async () => {
    // @ts-expect-error -- not a registered job
    await expect(sendJob("no-such-job", { siteId: "aurora" })).rejects.toBeInstanceOf(UnknownJobError);
    // @ts-expect-error -- the test jobs are not the portal's
    await expect(sendJob("test-count", { siteId: "aurora", key: "x" })).rejects.toBeInstanceOf(UnknownJobError);
    // @ts-expect-error -- `to` is an address
    await expect(sendJob("mail-send", { siteId: "aurora", to: 42, subject: "Hi", text: "…" })).rejects.toBeInstanceOf(JobPayloadError);
    // @ts-expect-error -- every payload names its site
    await expect(sendJob("payments-reconcile", {})).rejects.toBeInstanceOf(JobPayloadError);
    await expect(sendJob("mail-send", { siteId: "aurora", to: "not an address", subject: "Hi", text: "…" })).rejects.toBeInstanceOf(JobPayloadError);
    const [{ n }] = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name in ('mail-send', 'payments-reconcile', 'no-such-job')`);
    expect(n).toBe(0);
  });
});

describe("the job queue", () => {
  it("retries a failing job with growing delays until it succeeds", async () => {
    const k = key();
    const sent = await sendTestJob("test-flaky", { siteId: "aurora", key: k, failTimes: 2 });
    const row = await finished(sent.id);
    expect(row).toMatchObject({ state: "completed", retry_count: 2, retry_backoff: true, output: { runs: 3 } });
    const runs = testRuns(k);
    expect(runs).toHaveLength(3);
    // Backoff from one second: the first retry waits 1–2 s, the second 2–4 s.
    const [first, second] = [runs[1] - runs[0], runs[2] - runs[1]];
    expect(first).toBeGreaterThanOrEqual(900);
    expect(second).toBeGreaterThanOrEqual(1_900);
  }, 30_000);

  it("runs the same work once when it is queued twice with one idempotency key", async () => {
    const k = key();
    const a = await sendTestJob("test-count", { siteId: "aurora", key: k }, { idempotencyKey: `count:${k}` });
    const b = await sendTestJob("test-count", { siteId: "aurora", key: k }, { idempotencyKey: `count:${k}` });
    expect(a.queued).toBe(true);
    expect(b).toEqual({ id: a.id, queued: false });
    await finished(a.id);
    // Done, the key is still held.
    expect((await sendTestJob("test-count", { siteId: "aurora", key: k }, { idempotencyKey: `count:${k}` })).queued).toBe(false);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(testRuns(k)).toHaveLength(1);
    // Another key is other work.
    const c = await sendTestJob("test-count", { siteId: "aurora", key: k }, { idempotencyKey: `count:${k}:again` });
    expect(c.queued).toBe(true);
    await finished(c.id);
    expect(testRuns(k)).toHaveLength(2);
  }, 30_000);

  it("leaves a job failed past its retries, visible to its site only", async () => {
    const k = key();
    const sent = await sendTestJob("test-fail", { siteId: "aurora", key: k });
    expect((await finished(sent.id)).state).toBe("failed");
    const failed = await listSiteJobs("aurora", { state: "failed" });
    expect(failed.find((j) => j.id === sent.id)).toMatchObject({ name: "test-fail", state: "failed", attempts: 1, maxAttempts: 1, failure: "jobs.failures.error" });
    expect((await listSiteJobs("laane", { state: "failed" })).map((j) => j.id)).not.toContain(sent.id);
  });
});

describe("mail through the queue", () => {
  it("delivers a queued message promptly and records it, once however often it is queued", async () => {
    const to = `jobs-${key()}@example.com`;
    const message = { siteId: "aurora", to, subject: "Your sign-in link", text: "https://aurora.localhost/x" };
    const started = Date.now();
    const first = await sendMail(message);
    expect(first.queued).toBe(true);
    const db = await getDb();
    const sentMail = () =>
      db
        .select()
        .from(outboundMail)
        .where(and(eq(outboundMail.siteId, "aurora"), eq(outboundMail.to, to)));
    await waitFor("the mail in the development mailbox", async () => (await sentMail()).length > 0, 15_000);
    // The worker is woken when the mail is queued (0.5 s polling otherwise); a wide bound, as other
    // test files load the machine, that still fails on a worker that waits for a schedule.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await sendMail(message)).queued).toBe(false);
    await finished(first.jobId);
    expect(await sentMail()).toHaveLength(1);
    expect((await job(first.jobId))?.output).toMatchObject({ transport: "mailbox" });
  });
});

describe("payment reconciliation as a job", () => {
  it("is scheduled every minute and its jobs run", async () => {
    const [schedule] = await queryRows<{ cron: string; timezone: string }>(await getDb(), sql`select cron, timezone from ${sql.raw(JOB_SCHEMA)}.schedule where name = 'payments-reconcile-sites'`);
    expect(schedule).toEqual({ cron: "* * * * *", timezone: "UTC" });
    // The schedule fires at start: one job for this minute, however often the clock is read.
    const fired = await waitFor(
      "the scheduled reconciliation",
      async () => (await queryRows<{ id: string }>(await getDb(), sql`select id from ${sql.raw(JOB_SCHEMA)}.job where name = 'payments-reconcile-sites' and state = 'completed'`))[0],
      20_000,
    );
    expect((await job(fired.id))?.output).toEqual({ sites: [] });
    const site = await sendJob("payments-reconcile", { siteId: "aurora" }, { idempotencyKey: `aurora:${key()}` });
    expect((await finished(site.id)).output).toMatchObject({ checked: 0, changed: 0, failures: 0 });
  }, 30_000);
});
