import "server-only";
import { z } from "zod";

/**
 * The job registry: every job the portal queues, by name, with the zod schema of its payload,
 * its handler, and how it is retried. Sending a name that is not here, or a payload its schema
 * refuses, fails the type check and, for values built at run time, throws (runtime.ts).
 *
 * Every payload names the site the job belongs to (`siteId`), so the dead-letter view shows a
 * site's administrators their own jobs only; jobs across all sites (schedules) carry `null`.
 *
 * Handlers live with their services, which register them (`handleJob` in runtime.ts): a service
 * both queues its jobs and does them, and the registry imports no service. handlers.ts lists the
 * modules that register handlers; a process that works jobs imports it.
 */
export interface SitePayload {
  siteId: string | null;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Runs allowed after the first one before the job is left failed (dead letter). */
  retryLimit: number;
}

export interface JobDefinition<S extends z.ZodType<SitePayload> = z.ZodType<SitePayload>> {
  schema: S;
  /** Retries after the first run; past them the job stays failed, visible to the site's staff. */
  retryLimit: number;
  /** The first retry's delay; with backoff every further one about doubles (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run that takes longer fails (and is retried); a worker that died holding it loses it after this. */
  expireInSeconds: number;
  /**
   * How often an idle worker asks for this job; default 5 s (IDLE_POLL_SECONDS). A job due now is
   * taken at once by the sending process's worker, which the send wakes; polling finds the rest:
   * retries and delayed jobs coming due, schedules, jobs sent by another process.
   */
  pollingIntervalSeconds?: number;
  /** Queued on this cron schedule (UTC), once across all processes sharing the database. */
  schedule?: { cron: string; payload: z.input<S> };
}

export type JobRegistry = Record<string, JobDefinition>;

/** Does a job: gets its payload as the schema parsed it. Throwing fails the run (and retries it). */
export type JobHandler<D extends JobDefinition> = (payload: z.output<D["schema"]>, ctx: JobContext) => Promise<unknown>;

/** Keeps the schema's own type, so the registry knows each job's payload. */
export function defineJob<S extends z.ZodType<SitePayload>>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export const MailPayload = z.object({
  siteId: z.string().min(1),
  to: z.email(),
  subject: z.string().min(1).max(500),
  text: z.string(),
  html: z.string().optional(),
  from: z.string().optional(),
});
export type MailPayload = z.input<typeof MailPayload>;

export const JOBS = {
  /** One e-mail: sent through the mailer (SMTP or the development mailbox) and recorded (providers/mail/mailer.ts). */
  "mail-send": defineJob({
    schema: MailPayload,
    retryLimit: 8,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  /** A site's open payments whose provider has not called back: ask the provider (payments/reconciliation.ts). */
  "payments-reconcile": defineJob({
    schema: z.object({ siteId: z.string().min(1) }),
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 300,
  }),
  /** Every minute: one reconciliation job per site with open payments. */
  "payments-reconcile-sites": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 1,
    retryDelaySeconds: 5,
    retryBackoff: false,
    expireInSeconds: 120,
    schedule: { cron: "* * * * *", payload: { siteId: null } },
  }),
  /** Every hour: support attachments uploaded but never linked to a ticket within a day are removed (support/attachments.ts). */
  "support-attachments-cleanup": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    schedule: { cron: "17 * * * *", payload: { siteId: null } },
  }),
  /** An event a customer should hear of: the inbox entry and the outbox rows of their channels (notifications/notify.ts). */
  "notification-event": defineJob({
    schema: z.object({
      siteId: z.string().min(1),
      customerId: z.string().uuid(),
      subject: z.string().min(1),
      eventKey: z.string().min(1).max(300),
      params: z.record(z.string(), z.string().max(2000)).default({}),
    }),
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  }),
  /** One outbox row handed to its channel (e-mail, SMS, letter) when the customer's timing allows (notifications/notify.ts). */
  "notification-deliver": defineJob({
    schema: z.object({ siteId: z.string().min(1), outboxId: z.string().uuid() }),
    retryLimit: 8,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  /** Spot prices were imported: customers whose alert limits the new days cross are told (notifications/spot-price.ts). */
  "notification-spot-prices": defineJob({
    schema: z.object({ siteId: z.null(), zone: z.string().min(1).max(10), from: z.number().int(), to: z.number().int() }),
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 900,
  }),
  /** Every hour: invoices issued in the last two days and invoices due within three are announced once each (notifications/hooks.ts). */
  "notification-invoices": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    schedule: { cron: "25 * * * *", payload: { siteId: null } },
  }),
  /** Every day: customers whose contract ends within 30 days are told once (notifications/hooks.ts). */
  "notification-contracts-ending": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    schedule: { cron: "5 6 * * *", payload: { siteId: null } },
  }),
  /** Every hour: open contract offers that have become available (renewal window reached, personal or campaign offer) are announced once each (notifications/offers.ts). */
  "notification-contract-offers": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    schedule: { cron: "35 * * * *", payload: { siteId: null } },
  }),
  /** A scheduled relay command whose time has come: handed to the meter head-end (load-control/load-control.ts). */
  "load-control-dispatch": defineJob({
    schema: z.object({ siteId: z.string().min(1), commandId: z.string().uuid() }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 60,
  }),
  /** Every five minutes: contract signings left unsigned past their deadline become expired (contracts/signing.ts). */
  "contract-signings-expire": defineJob({
    schema: z.object({ siteId: z.null() }),
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    schedule: { cron: "*/5 * * * *", payload: { siteId: null } },
  }),
} satisfies JobRegistry;

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs & string;
export type JobPayload<R extends JobRegistry, N extends keyof R> = z.input<R[N]["schema"]>;
