import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { getDb, queryRows } from "@/server/db/client";
import { notificationEventJob, queueNotification } from "@/server/notifications/notify";
import { BULK_SEND_CHUNK, JOB_SCHEMA, JobPayloadError, UnknownJobError, jobsSender, keyedJobId, sendJobs, startJobs } from "./runtime";
import { TEST_REGISTRY, sendTestJob, testRuns } from "./testing/jobs";

/** sendJobs: many jobs queued in batch inserts, with sendJob's checks and idempotency keys. */
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await startJobs({ registry: TEST_REGISTRY, work: true });
}, 120_000);
afterAll(async () => cleanup());

const sendTestJobs = jobsSender(TEST_REGISTRY);

async function jobsWithIds(ids: string[]): Promise<{ id: string; state: string; created_on: string; data: { key: string } }[]> {
  return queryRows(
    await getDb(),
    sql`select id::text, state, created_on::text, data from ${sql.raw(JOB_SCHEMA)}.job where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) order by id`,
  );
}

describe("sending jobs in bulk", () => {
  it("queues each keyed item once however often the same items are sent, across batches", async () => {
    const run = crypto.randomUUID();
    // More than one batch insert; held back an hour so the workers leave them queued.
    const items = Array.from({ length: BULK_SEND_CHUNK + 250 }, (_, i) => ({
      payload: { siteId: "aurora", key: `${run}:${i}` },
      options: { idempotencyKey: `bulk:${run}:${i}`, startAfterSeconds: 3600 },
    }));
    const first = await sendTestJobs("test-count", items);
    expect(new Set(first).size).toBe(items.length);
    const rows = await jobsWithIds(first);
    expect(rows).toHaveLength(items.length);
    expect(rows.every((r) => r.state === "created")).toBe(true);
    expect(new Set(rows.map((r) => r.data.key)).size).toBe(items.length);
    // Sent again: the same ids, and the jobs queued first are the ones kept.
    expect(await sendTestJobs("test-count", items)).toEqual(first);
    expect(await jobsWithIds(first)).toEqual(rows);
    // Half old, half new: only the new half is added.
    const more = Array.from({ length: 20 }, (_, i) => ({
      payload: { siteId: "aurora", key: `${run}:${i}` },
      options: { idempotencyKey: `bulk:${run}:${i % 2 ? i : `new-${i}`}`, startAfterSeconds: 3600 },
    }));
    const mixed = await sendTestJobs("test-count", more);
    expect(await jobsWithIds(mixed)).toHaveLength(20);
    expect(await jobsWithIds([...new Set([...first, ...mixed])])).toHaveLength(items.length + 10);
  }, 60_000);

  it("gives an item the job id sendJob gives the same key, so neither queues what the other did", async () => {
    const k = crypto.randomUUID();
    const single = await sendTestJob("test-count", { siteId: "aurora", key: k }, { idempotencyKey: `same:${k}`, startAfterSeconds: 3600 });
    const bulk = await sendTestJobs("test-count", [{ payload: { siteId: "aurora", key: k }, options: { idempotencyKey: `same:${k}`, startAfterSeconds: 3600 } }]);
    expect(bulk).toEqual([single.id]);
    expect(await jobsWithIds(bulk)).toHaveLength(1);
    const k2 = crypto.randomUUID();
    const bulk2 = await sendTestJobs("test-count", [{ payload: { siteId: "aurora", key: k2 }, options: { idempotencyKey: `same:${k2}`, startAfterSeconds: 3600 } }]);
    expect(await sendTestJob("test-count", { siteId: "aurora", key: k2 }, { idempotencyKey: `same:${k2}` })).toEqual({ id: bulk2[0], queued: false });
  });

  it("runs each queued item once, a key sent twice in one send included", async () => {
    const keys = Array.from({ length: 5 }, () => crypto.randomUUID());
    const items = [...keys, keys[0]].map((key) => ({ payload: { siteId: "aurora", key }, options: { idempotencyKey: `run:${key}` } }));
    const sent = await sendTestJobs("test-count", items);
    expect(sent[5]).toBe(sent[0]);
    await expect.poll(async () => (await jobsWithIds(sent)).filter((r) => r.state === "completed").length, { timeout: 20_000 }).toBe(5);
    await sendTestJobs("test-count", items);
    await new Promise((r) => setTimeout(r, 1_200));
    for (const key of keys) expect(testRuns(key)).toHaveLength(1);
  }, 30_000);

  it("refuses unknown jobs and any payload of the wrong shape, queueing nothing of the send", async () => {
    const run = crypto.randomUUID();
    const good = { payload: { siteId: "aurora", key: `${run}:good` }, options: { idempotencyKey: `refused:${run}:good` } };
    // @ts-expect-error -- `key` is missing
    await expect(sendTestJobs("test-count", [good, { payload: { siteId: "aurora" } }])).rejects.toBeInstanceOf(JobPayloadError);
    // @ts-expect-error -- every payload names its site
    await expect(sendJobs("payments-reconcile", [{ payload: {} }])).rejects.toBeInstanceOf(JobPayloadError);
    await expect(sendJobs("mail-send", [{ payload: { siteId: "aurora", to: "not an address", subject: "Hi", text: "…" } }])).rejects.toBeInstanceOf(JobPayloadError);
    // @ts-expect-error -- not a registered job
    await expect(sendJobs("no-such-job", [good])).rejects.toBeInstanceOf(UnknownJobError);
    // @ts-expect-error -- the test jobs are not the portal's
    await expect(sendJobs("test-count", [good])).rejects.toBeInstanceOf(UnknownJobError);
    const [{ n }] = await queryRows<{ n: number }>(
      await getDb(),
      sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name in ('mail-send', 'payments-reconcile', 'no-such-job') or data->>'key' = ${`${run}:good`}`,
    );
    expect(n).toBe(0);
    expect(await sendTestJobs("test-count", [])).toEqual([]);
  });

  it("queues a notification event as queueNotification does: the same event is one job", async () => {
    const event = { siteId: "aurora", customerId: crypto.randomUUID(), subject: "spot-price-alert" as const, eventKey: `spot-price-alert:${crypto.randomUUID()}`, params: { priceDate: "2026-01-01" } };
    expect(await queueNotification(event)).toEqual({ queued: true });
    const [same] = await sendJobs("notification-event", [notificationEventJob(event)]);
    const other = { ...event, eventKey: `${event.eventKey}:other` };
    const [another] = await sendJobs("notification-event", [notificationEventJob(other)]);
    expect(await queueNotification(other)).toEqual({ queued: false });
    expect(same).toBe(keyedJobId("notification-event", `${event.siteId}:${event.customerId}:${event.eventKey}`));
    expect((await jobsWithIds([same, another])).map((r) => r.id).sort()).toEqual([same, another].sort());
    // Both run (no such customer: nothing to tell) before the database closes.
    await expect.poll(async () => (await jobsWithIds([same, another])).filter((r) => r.state === "completed").length, { timeout: 20_000 }).toBe(2);
  }, 30_000);
});
