import "server-only";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { JOB_SCHEMA, jobsReady, retryFailedJob } from "./runtime";

/**
 * The site's jobs as its staff see them: failed ones past their retries (the dead letter) and,
 * for diagnosis, the other states. Always scoped to one site by the `siteId` of the payload.
 * Messages are translation keys (`jobs.*`); error texts stay in the server log, since they may
 * name the portal's infrastructure (mail servers, provider hosts) that a site must not see.
 */

export const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_FAILURES = ["timeout", "stopped", "invalid-payload", "error"] as const;
export type JobFailure = (typeof JOB_FAILURES)[number];

export interface SiteJobView {
  id: string;
  name: string;
  /** Translation key of what the job does: jobs.names.<name>. */
  label: string;
  state: JobState;
  /** Runs so far (the first and its retries). */
  attempts: number;
  /** Runs allowed in all. */
  maxAttempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a job waiting for a retry runs next. */
  runAfter: string;
  /** Why the last run failed, as a translation key (jobs.failures.*); null if it did not. */
  failure: string | null;
}

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  started_on: Date | string | null;
  created_on: Date | string;
  completed_on: Date | string | null;
  start_after: Date | string;
  output: unknown;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Sorts a failure pg-boss recorded (an error it serialized, or its own message) into a kind. */
export function failureOf(output: unknown): JobFailure {
  const o = (output ?? {}) as { name?: unknown; message?: unknown; value?: unknown };
  const value = (o.value ?? {}) as { message?: unknown } | string;
  const message = String(o.message ?? (typeof value === "string" ? value : value.message) ?? "");
  if (o.name === "JobPayloadError") return "invalid-payload";
  if (/failed by timeout|handler execution exceeded/.test(message)) return "timeout";
  if (/shut down while active/.test(message)) return "stopped";
  return "error";
}

function viewOf(row: JobRow): SiteJobView {
  const ran = row.started_on !== null;
  const failed = row.state === "failed" || (row.state === "retry" && row.output !== null);
  return {
    id: row.id,
    name: row.name,
    label: `jobs.names.${row.name}`,
    state: row.state,
    attempts: ran ? Number(row.retry_count) + 1 : 0,
    maxAttempts: Number(row.retry_limit) + 1,
    createdAt: iso(row.created_on)!,
    startedAt: iso(row.started_on),
    finishedAt: iso(row.completed_on),
    runAfter: iso(row.start_after)!,
    failure: failed ? `jobs.failures.${failureOf(row.output)}` : null,
  };
}

const COLUMNS = sql.raw("id, name, state, retry_count, retry_limit, started_on, created_on, completed_on, start_after, output");
const TABLE = sql.raw(`${JOB_SCHEMA}.job`);

/** The site's jobs in one state, newest first. */
export async function listSiteJobs(siteId: string, opts: { state: JobState; limit?: number }): Promise<SiteJobView[]> {
  await jobsReady();
  const db = await getDb();
  const rows = await queryRows<JobRow>(
    db,
    sql`select ${COLUMNS} from ${TABLE}
        where data->>'siteId' = ${siteId} and state = ${opts.state}::${sql.raw(JOB_SCHEMA)}.job_state and name not like '\\_\\_pgboss%'
        order by coalesce(completed_on, created_on) desc, id
        limit ${opts.limit ?? 100}`,
  );
  return rows.map(viewOf);
}

/** One job of the site, or null (another site's job is not found either). */
export async function getSiteJob(siteId: string, jobId: string): Promise<SiteJobView | null> {
  await jobsReady();
  const db = await getDb();
  const [row] = await queryRows<JobRow>(db, sql`select ${COLUMNS} from ${TABLE} where id = ${jobId}::uuid and data->>'siteId' = ${siteId} and name not like '\\_\\_pgboss%'`);
  return row ? viewOf(row) : null;
}

/** Runs a failed job of the site once more. Only failed jobs: others are queued or done already. */
export async function retrySiteJob(siteId: string, jobId: string): Promise<SiteJobView> {
  const job = await getSiteJob(siteId, jobId);
  if (!job) throw notFound("jobs.errors.not-found");
  if (job.state !== "failed" || !(await retryFailedJob(job.name, job.id))) throw new AppError("conflict", "jobs.errors.not-failed");
  return (await getSiteJob(siteId, jobId))!;
}
