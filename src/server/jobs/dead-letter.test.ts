import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";
import { LOCALES } from "@/lib/locales";
import { listMessageKeys, loadLocaleMessages } from "@/i18n/messages";
import { JOB_SCHEMA, startJobs } from "./runtime";
import { JOB_FAILURES, JOB_STATES } from "./dead-letter";
import { JOBS } from "./registry";
import { TEST_REGISTRY, healTestJob, sendTestJob, testRuns } from "./testing/jobs";

/** The dead-letter view of the API: a site's administrators see and retry their site's failed jobs. */
let cleanup: () => Promise<void>;
const admin = new ApiClient("aurora.localhost");
const otherAdmin = new ApiClient("laane.localhost");
const customer = new ApiClient("aurora.localhost");

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await startJobs({ registry: TEST_REGISTRY, work: true });
  await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
  await otherAdmin.signInSandbox("laane", { identityId: "laane-site-admin" });
  await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
}, 120_000);
afterAll(async () => cleanup());

async function state(id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ state: string }>(await getDb(), sql`select state from ${sql.raw(JOB_SCHEMA)}.job where id = ${id}::uuid`);
  return row?.state;
}

async function until(id: string, wanted: string) {
  const started = Date.now();
  while ((await state(id)) !== wanted) {
    if (Date.now() - started > 10_000) throw new Error(`job ${id} is ${await state(id)}, not ${wanted}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("GET /api/admin/jobs and POST /api/admin/jobs/{jobId}/retry", () => {
  let failedId = "";
  const key = crypto.randomUUID();

  beforeAll(async () => {
    failedId = (await sendTestJob("test-fail", { siteId: "aurora", key })).id;
    await until(failedId, "failed");
  });

  it("shows a site's administrator the site's failed jobs, with translation keys", async () => {
    const res = await admin.get("/api/admin/jobs?state=failed");
    expect(res.status).toBe(200);
    const job = (res.body.jobs as { id: string }[]).find((j) => j.id === failedId);
    expect(job).toMatchObject({ name: "test-fail", label: "jobs.names.test-fail", state: "failed", attempts: 1, maxAttempts: 1, failure: "jobs.failures.error" });
    expect((await admin.get("/api/admin/jobs")).body.jobs.map((j: { id: string }) => j.id)).toContain(failedId);
    expect((await admin.get("/api/admin/jobs?state=completed")).body.jobs.map((j: { id: string }) => j.id)).not.toContain(failedId);
  });

  it("shows another site's administrator nothing of it, and refuses a customer", async () => {
    const other = await otherAdmin.get("/api/admin/jobs?state=failed");
    expect(other.status).toBe(200);
    expect(other.body.jobs.map((j: { id: string }) => j.id)).not.toContain(failedId);
    const retry = await otherAdmin.post(`/api/admin/jobs/${failedId}/retry`);
    expect(retry.status).toBe(404);
    expect(retry.body.error.message).toBe("jobs.errors.not-found");
    expect(await state(failedId)).toBe("failed");
    expect((await customer.get("/api/admin/jobs?state=failed")).status).toBe(403);
    expect((await customer.post(`/api/admin/jobs/${failedId}/retry`)).status).toBe(403);
    expect((await new ApiClient("aurora.localhost").get("/api/admin/jobs")).status).toBe(401);
    expect((await admin.get("/api/admin/jobs?state=lost")).status).toBe(422);
  });

  it("runs a failed job again on the administrator's retry, and only a failed one", async () => {
    healTestJob(key);
    const res = await admin.post(`/api/admin/jobs/${failedId}/retry`);
    expect(res.status).toBe(200);
    expect(res.body.job).toMatchObject({ id: failedId, maxAttempts: 2 });
    // The worker is woken at once: the job may be running or done by the time it is read back.
    expect(["retry", "active", "completed"]).toContain(res.body.job.state);
    await until(failedId, "completed");
    expect(testRuns(key)).toHaveLength(2);
    const again = await admin.post(`/api/admin/jobs/${failedId}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("jobs.errors.not-failed");
    expect((await admin.post(`/api/admin/jobs/${crypto.randomUUID()}/retry`)).status).toBe(404);
  });
});

describe("the view's messages", () => {
  it("are translated in every locale", () => {
    const wanted = [
      ...Object.keys(JOBS).map((n) => `jobs.names.${n}`),
      ...JOB_STATES.map((s) => `jobs.states.${s}`),
      ...JOB_FAILURES.map((f) => `jobs.failures.${f}`),
      "jobs.errors.not-found",
      "jobs.errors.not-failed",
    ];
    for (const locale of LOCALES) {
      const keys = new Set(listMessageKeys(loadLocaleMessages(locale)));
      expect(
        wanted.filter((k) => !keys.has(k)),
        locale,
      ).toEqual([]);
    }
  });
});
