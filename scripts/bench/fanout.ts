/**
 * Spot-price alert fan-out on PostgreSQL: 100,000 customers of one site with the spot-price
 * feature and an enabled alert each; a day of prices that crosses every alert's limits goes
 * through the real import (importSpotPrices, which queues the evaluation job as the ENTSO-E
 * import does); timed from the import's start until the evaluation job has queued every
 * customer's notification-event job. The process works every job while it runs, as the server does.
 *
 * Then the outbox's delivery rate, with the job workers of this one process running: a few
 * thousand outbox rows to the local Web Push test service (VAPID-signed, encrypted pushes it
 * decrypts), and as many e-mails through the mail job to a local SMTP server.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { closeDb, getDb, queryRows } from "../../src/server/db/client";
import { notificationOutbox, pushSubscriptions } from "../../src/server/db/schema";
import { SEEDERS, seedDemo } from "../../src/server/demo/seed";
import { importSpotPrices } from "../../src/server/importers/spot-prices";
import { JOB_SCHEMA, keyedJobId, sendJobs, startJobs, stopJobs } from "../../src/server/jobs/runtime";
import { tomorrowsFinnishPrices } from "../../src/server/notifications/spot-price.testing";
import { startPushService } from "../../src/server/providers/push/push-service.testing";
import { startSmtpServer } from "../../src/server/providers/mail/smtp-server.testing";
import "../../src/server/jobs/handlers";
import { adminStatement } from "./admin";

const SITE = "aurora";
/** The goal of the issue: every notification queued within this many seconds of the import. */
export const FANOUT_GOAL_SECONDS = 30;

export interface DeliveryRun {
  channel: "Web Push" | "SMTP";
  rows: number;
  seconds: number;
  perSecond: number;
  /** What the local server received (pushes decrypted, messages accepted). */
  received: number;
  /** Outbox rows not sent when the run ended (failed, skipped or still pending). */
  notSent: number;
}

export interface FanoutResult {
  customers: number;
  /** Customers and their alerts inserted (bulk SQL). */
  setupSeconds: number;
  /** importSpotPrices: the prices written, the hourly roll-up refreshed, the evaluation job queued. */
  importMs: number;
  /** From the import's start until the evaluation job finished: every notification queued. */
  queuedMs: number;
  /** The evaluation job's own run (started → completed, pg-boss's clock). */
  evaluationMs: number;
  queuedJobs: number;
  /** Notification events the same process had already fanned out (inbox + outbox) by then. */
  fannedOut: number;
  deliveries: DeliveryRun[];
  /** The ceiling of the SMTP run: nodemailer alone to the same server, messages per second, one connection each and over a pooled connection. */
  smtpBare: { perMessage: number; pooled: number };
}

export interface FanoutOptions {
  postgresUrl: string;
  customers: number;
  deliveries: number;
  log: (m: string) => void;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(await getDb(), query);
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Customers of the site and an enabled alert each, lower 6 and upper 20 c/kWh: bulk SQL, as a migration of a customer base would load them. */
async function loadCustomers(n: number): Promise<void> {
  await rows(sql`update sites set features = array_append(features, 'settings.spot-price') where id = ${SITE} and not 'settings.spot-price' = any(features)`);
  await rows(sql`
    insert into customers (site_id, kind, client_code, name, first_name, last_name, email, locale, country, representative_code)
    select ${SITE}, 'private', 'BENCH-' || g, 'Bench Customer ' || g, 'Bench', 'Customer ' || g, 'bench-' || g || '@example.com', 'fi-FI', 'FI', 'BENCH-R-' || g
    from generate_series(1, ${n}::int) g`);
  await rows(sql`
    insert into spot_price_alerts (site_id, customer_id, enabled, lower, upper)
    select site_id, id, true, 6, 20 from customers where site_id = ${SITE} and client_code like 'BENCH-%'`);
  await rows(sql`analyze customers`);
  await rows(sql`analyze spot_price_alerts`);
}

async function jobCount(name: string, states: string[]): Promise<number> {
  const [r] = await rows<{ n: number }>(
    sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name = ${name} and state::text in (select jsonb_array_elements_text(${JSON.stringify(states)}::jsonb))`,
  );
  return Number(r.n);
}

async function outboxStatus(eventKey: string): Promise<{ sent: number; done: number }> {
  const [r] = await rows<{ sent: number; done: number }>(
    sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status in ('sent', 'failed', 'skipped'))::int as done from notification_outbox where site_id = ${SITE} and event_key = ${eventKey}`,
  );
  return { sent: Number(r.sent), done: Number(r.done) };
}

/** Outbox rows as the event job writes them, and their delivery jobs queued at once; timed until every row is handed over. */
async function deliver(channel: DeliveryRun["channel"], recipients: { customerId: string; to: string }[], received: () => number, log: (m: string) => void): Promise<DeliveryRun> {
  const db = await getDb();
  const eventKey = `bench-${channel === "SMTP" ? "mail" : "push"}-${crypto.randomBytes(4).toString("hex")}`;
  const ids: string[] = [];
  for (let i = 0; i < recipients.length; i += 500) {
    const inserted = await db
      .insert(notificationOutbox)
      .values(
        recipients.slice(i, i + 500).map((r) => ({
          siteId: SITE,
          customerId: r.customerId,
          subject: "spot-price-alert",
          eventKey,
          channel: channel === "SMTP" ? ("Email" as const) : ("PushNotification" as const),
          recipient: r.to,
          idempotencyKey: `${r.customerId}:${eventKey}:${r.to}`,
          locale: "fi-FI",
          params: { priceDate: "2026-01-01", below: "00–06", above: "17–20", cheapest: "00–03" },
          link: "/dashboard",
        })),
      )
      .returning({ id: notificationOutbox.id });
    ids.push(...inserted.map((x) => x.id));
  }
  const started = performance.now();
  await sendJobs(
    "notification-deliver",
    ids.map((id) => ({ payload: { siteId: SITE, outboxId: id }, options: { idempotencyKey: id } })),
  );
  let last = 0;
  await until(
    `${ids.length} ${channel} deliveries`,
    async () => {
      const s = await outboxStatus(eventKey);
      if (s.sent - last >= 500) {
        last = s.sent;
        log(`   ${channel}: ${s.sent} sent, ${received()} received after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
      return s.done >= ids.length && received() >= s.sent;
    },
    15 * 60_000,
    200,
  );
  const seconds = (performance.now() - started) / 1000;
  const s = await outboxStatus(eventKey);
  return { channel, rows: ids.length, seconds, perSecond: ids.length / seconds, received: received(), notSent: ids.length - s.sent };
}

/** Messages per second that nodemailer alone sends to the server, one after another. */
async function bareSmtp(url: string, pooled: boolean): Promise<number> {
  const transport = nodemailer.createTransport(pooled ? `${url}?pool=true&maxConnections=1` : url);
  const count = 100;
  const started = performance.now();
  for (let i = 0; i < count; i++) await transport.sendMail({ from: "bench@example.com", to: `bare-${i}@example.com`, subject: "Bench", text: "A message of the ceiling." });
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return count / seconds;
}

export async function benchFanout(opts: FanoutOptions): Promise<FanoutResult> {
  const { log } = opts;
  log(`\n== postgres: spot-price alert fan-out to ${opts.customers.toLocaleString("en-GB")} customers, then outbox deliveries`);
  const name = `portal_bench_fanout_${crypto.randomBytes(4).toString("hex")}`;
  await adminStatement(opts.postgresUrl, `create database ${name}`);
  const url = new URL(opts.postgresUrl);
  url.pathname = `/${name}`;
  const previousUrl = process.env.DATABASE_URL;
  const previousSmtp = process.env.SMTP_URL;
  process.env.DATABASE_URL = url.toString();
  const push = await startPushService();
  // Every mail of the run (the fan-out's too) goes to the local SMTP server.
  const smtp = await startSmtpServer();
  const smtpUrl = smtp.url;
  process.env.SMTP_URL = smtpUrl;
  try {
    await getDb();
    await seedDemo({ seeders: SEEDERS.filter((s) => s.name.startsWith("sites")), log: () => {} });
    let t = performance.now();
    await loadCustomers(opts.customers);
    const setupSeconds = (performance.now() - t) / 1000;
    log(`   ${opts.customers.toLocaleString("en-GB")} customers and alerts inserted in ${setupSeconds.toFixed(1)} s`);
    await startJobs({ work: true });

    // ---- fan-out: the import to every notification queued
    const { rows: prices, from, to } = tomorrowsFinnishPrices();
    const evaluation = keyedJobId("notification-spot-prices", `spot-prices:FI:${from}:${to}`);
    t = performance.now();
    const imported = await importSpotPrices(prices);
    const importMs = performance.now() - t;
    if (imported.inserted !== 24) throw new Error(`the import wrote ${imported.inserted} prices, not 24`);
    await until(
      "the evaluation job",
      async () => {
        const [job] = await rows<{ state: string }>(sql`select state from ${sql.raw(JOB_SCHEMA)}.job where name = 'notification-spot-prices' and id = ${evaluation}::uuid`);
        if (job?.state === "failed") throw new Error("the evaluation job failed");
        return job?.state === "completed";
      },
      10 * 60_000,
      50,
    );
    const queuedMs = performance.now() - t;
    const fannedOut = await jobCount("notification-event", ["completed"]);
    const queuedJobs = await jobCount("notification-event", ["created", "retry", "active", "completed", "failed"]);
    const [timing] = await rows<{ ms: number }>(sql`select extract(epoch from completed_on - started_on) * 1000 as ms from ${sql.raw(JOB_SCHEMA)}.job where id = ${evaluation}::uuid`);
    const evaluationMs = Number(timing.ms);
    log(
      `   import ${Math.round(importMs)} ms; every notification queued ${(queuedMs / 1000).toFixed(1)} s after the import started (evaluation job ${(evaluationMs / 1000).toFixed(1)} s): ${queuedJobs} jobs, ${fannedOut} already fanned out`,
    );
    if (queuedJobs !== opts.customers) throw new Error(`${queuedJobs} notification jobs queued for ${opts.customers} customers`);

    // ---- deliveries: the backlog of the fan-out is set aside, then each channel on its own
    // The workers keep running (stopping a queue with jobs in flight is the server's shutdown, not
    // this measurement): the queued rest is removed until no job of the fan-out is left.
    await until(
      "the fan-out's backlog set aside",
      async () => {
        await rows(sql`delete from ${sql.raw(JOB_SCHEMA)}.job where name in ('notification-event', 'notification-deliver', 'mail-send') and state in ('created', 'retry')`);
        const [left] = await rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job where name in ('notification-event', 'notification-deliver', 'mail-send') and state not in ('completed', 'failed', 'cancelled')`,
        );
        return Number(left.n) === 0;
      },
      60_000,
      200,
    );
    const some = await rows<{ id: string; email: string }>(
      sql`select id::text, email from customers where site_id = ${SITE} and client_code like 'BENCH-%' order by client_code limit ${opts.deliveries}`,
    );
    const db = await getDb();
    const subs: { customerId: string; to: string }[] = [];
    for (let i = 0; i < some.length; i += 500) {
      const made = await db
        .insert(pushSubscriptions)
        .values(
          some.slice(i, i + 500).map((c) => {
            const s = push.subscribe();
            return { id: s.id, siteId: SITE, customerId: c.id, personId: "bench", endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
          }),
        )
        .returning({ id: pushSubscriptions.id, customerId: pushSubscriptions.customerId });
      subs.push(...made.map((m) => ({ customerId: m.customerId, to: m.id })));
    }
    const deliveries: DeliveryRun[] = [];
    deliveries.push(await deliver("Web Push", subs, () => push.received.length, log));
    if (push.errors.length) log(`   push service refused ${push.errors.length}: ${push.errors[0]}`);
    const mailBefore = smtp.received.length;
    deliveries.push(
      await deliver(
        "SMTP",
        some.map((c) => ({ customerId: c.id, to: c.email })),
        () => smtp.received.length - mailBefore,
        log,
      ),
    );
    const smtpBare = { perMessage: await bareSmtp(smtpUrl, false), pooled: await bareSmtp(smtpUrl, true) };
    log(`   bare nodemailer to the same SMTP server: ${Math.round(smtpBare.perMessage)} messages/s on a connection each, ${Math.round(smtpBare.pooled)}/s pooled`);
    for (const d of deliveries) log(`   ${d.channel}: ${d.rows} outbox rows in ${d.seconds.toFixed(1)} s, ${Math.round(d.perSecond)} deliveries/s (${d.received} received, ${d.notSent} not sent)`);
    return { customers: opts.customers, setupSeconds, importMs, queuedMs, evaluationMs, queuedJobs, fannedOut, deliveries, smtpBare };
  } finally {
    await stopJobs().catch(() => {});
    await closeDb();
    await push.close();
    await smtp.close();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    if (previousSmtp === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = previousSmtp;
    await adminStatement(opts.postgresUrl, `drop database if exists ${name} with (force)`);
  }
}

const n = (v: number) => Math.round(v).toLocaleString("en-GB");

export function fanoutTable(r: FanoutResult): string {
  const s = r.queuedMs / 1000;
  return [
    "| measurement | result | goal | result / goal |",
    "|---|---:|---:|---:|",
    `| ${n(r.customers)} customers: import to every notification queued | ${s.toFixed(1)} s | ${FANOUT_GOAL_SECONDS} s | ${(s / FANOUT_GOAL_SECONDS).toFixed(2)} |`,
    `| of which the import (prices, hourly roll-up, evaluation job queued) | ${n(r.importMs)} ms | | |`,
    `| of which the evaluation job's run | ${(r.evaluationMs / 1000).toFixed(1)} s | | |`,
    `| notifications queued per second (customers / import to queued) | ${n(r.customers / s)} | | |`,
    ...r.deliveries.map((d) => `| outbox to ${d.channel}: ${n(d.rows)} deliveries | ${n(d.perSecond)} /s (${d.seconds.toFixed(1)} s) | | |`),
    `| bare nodemailer to the same SMTP server, a connection per message | ${n(r.smtpBare.perMessage)} /s | | |`,
    `| bare nodemailer to the same SMTP server, one pooled connection (as the mail job sends) | ${n(r.smtpBare.pooled)} /s | | |`,
  ].join("\n");
}

export function fanoutSummary(r: FanoutResult): string {
  const s = r.queuedMs / 1000;
  const facts = [
    `${n(r.customers)} customers and their alerts loaded with bulk SQL in ${r.setupSeconds.toFixed(1)} s.`,
    `${n(r.queuedJobs)} notification jobs queued (one per customer); by then the same process had fanned out ${n(r.fannedOut)} of them (inbox entry, outbox rows, delivery jobs).`,
    ...r.deliveries.map((d) => `${d.channel}: ${n(d.received)} received by the local server, ${d.notSent} outbox rows not sent.`),
    `The mail job sends over a pooled connection: a connection per message would cap SMTP at ${n(r.smtpBare.perMessage)} /s; over one connection the delivery job itself (one at a time per process) is the limit, as for Web Push.`,
    s <= FANOUT_GOAL_SECONDS ? `Within the ${FANOUT_GOAL_SECONDS} s goal.` : `**Over the ${FANOUT_GOAL_SECONDS} s goal.**`,
  ];
  return facts.join(" ");
}
