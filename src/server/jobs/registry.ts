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
  /** How often an idle worker asks for this job (a worker in the sending process is woken at once). */
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
    pollingIntervalSeconds: 0.5,
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
} satisfies JobRegistry;

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs & string;
export type JobPayload<R extends JobRegistry, N extends keyof R> = z.input<R[N]["schema"]>;
