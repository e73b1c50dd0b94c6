import "server-only";
import crypto from "node:crypto";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { forgetAllCustomerData } from "@/server/cache/customer-data";
import { beforeCloseDb } from "@/server/db/client";
import { openBossDb, type BossDb } from "./database";
import { JOBS, type JobDefinition, type JobHandler, type JobPayload, type JobRegistry } from "./registry";

/**
 * The job queue of this process: pg-boss on the portal's database (PostgreSQL or PGlite, see
 * database.ts and docs/decisions/0012-job-queue.md), in the schema `pgboss`.
 *
 * - `startJobs()` opens it (creating or migrating pg-boss's tables), creates a queue per
 *   registered job, and, with `work`, takes jobs in this process; with `schedules` it also keeps
 *   the registry's cron schedules. Any number of processes may work on one PostgreSQL: a job is
 *   taken by one (`FOR UPDATE SKIP LOCKED`) and a schedule fires once (pg-boss's clock row and a
 *   one-minute throttle key).
 * - `sendJob()` queues a job. It starts the queue (working) in a process that has not started it,
 *   so scripts and tests that send mail get it delivered.
 * - `stopJobs()` stops taking jobs, lets running ones finish for a while, and fails (so retries)
 *   the rest. closeDb() calls it first, so no worker polls a closed database.
 *
 * One queue per process, kept on globalThis: Next.js bundles server code more than once.
 */

export const JOB_SCHEMA = "pgboss";

export interface StartOptions {
  /** The jobs this process knows (sends and works); the portal's registry unless a test adds its own. */
  registry?: JobRegistry;
  /** Take jobs in this process (default true). */
  work?: boolean;
  /** Keep the registry's cron schedules and queue their jobs (default false: the server asks for it). */
  schedules?: boolean;
  /** How often expired jobs (a worker died holding them) are put back for a retry. */
  maintenanceIntervalSeconds?: number;
  /** On stop, how long running jobs may finish before they are failed (and so retried). */
  stopTimeoutMs?: number;
}

export interface SendOptions {
  /** The same key on the same job queues it once: later sends are ignored while the first is kept (7 days once done). */
  idempotencyKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

export interface SentJob {
  id: string;
  /** False when the idempotency key was taken: the job is already queued, running or done. */
  queued: boolean;
}

export class UnknownJobError extends Error {
  constructor(readonly jobName: string) {
    super(`No job named "${jobName}" is registered with the job queue`);
    this.name = "UnknownJobError";
  }
}

export class JobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Invalid payload for job "${jobName}": ${issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")}`);
    this.name = "JobPayloadError";
  }
}

interface Runtime {
  boss: PgBoss;
  db: BossDb;
  engine: "pglite" | "postgres";
  registry: JobRegistry;
  /** Job name → this process's worker id, for the jobs it works. */
  workers: Map<string, string>;
  stopTimeoutMs: number;
  /** Whether this process takes jobs: a worker per job whose handler is registered here. */
  work: boolean;
  removeCloseHook: () => void;
}

interface RegisteredHandler {
  definition: JobDefinition;
  run: JobHandler<JobDefinition>;
}

const KEY = Symbol.for("portal.jobs.runtime");
const HANDLERS = Symbol.for("portal.jobs.handlers");
const g = globalThis as typeof globalThis & { [KEY]?: Promise<Runtime>; [HANDLERS]?: Map<string, RegisteredHandler> };
const handlers = () => (g[HANDLERS] ??= new Map());

/** Completed jobs are kept (and their idempotency keys held) this long, failed ones longer. */
const KEEP_COMPLETED_SECONDS = 7 * 86_400;
const KEEP_FAILED_SECONDS = 30 * 86_400;

async function open(options: StartOptions): Promise<Runtime> {
  const registry = options.registry ?? JOBS;
  const work = options.work ?? true;
  const schedules = options.schedules ?? false;
  const { db, engine } = await openBossDb();
  const config = {
    db,
    schema: JOB_SCHEMA,
    migrate: true,
    archiveCompletedAfterSeconds: KEEP_COMPLETED_SECONDS,
    archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
    deleteAfterDays: 30,
  };
  const boss = new PgBoss({ ...config, supervise: work, schedule: schedules, maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30 });
  boss.on("error", (err: Error) => console.error(`[jobs] ${err.message}`));
  try {
    if (schedules) {
      // pg-boss's clock reads the schedules the moment it starts: keep the queues and schedules
      // first, from an instance without a clock, so the first reading already has them.
      const setup = new PgBoss({ ...config, supervise: false, schedule: false });
      setup.on("error", (err: Error) => console.error(`[jobs] ${err.message}`));
      await setup.start();
      await createQueues(setup, registry);
      await keepSchedules(setup, registry);
      await setup.stop({ graceful: false, close: false });
    }
    await boss.start();
    if (!schedules) await createQueues(boss, registry);
    const workers = new Map<string, string>();
    const runtime: Runtime = {
      boss,
      db,
      engine,
      registry,
      workers,
      stopTimeoutMs: options.stopTimeoutMs ?? 10_000,
      work: false,
      removeCloseHook: () => {},
    };
    if (work) {
      runtime.work = true;
      for (const name of Object.keys(registry)) await startWorker(runtime, name);
    }
    runtime.removeCloseHook = beforeCloseDb(() => stopJobs());
    return runtime;
  } catch (err) {
    await boss.stop({ graceful: false, close: false }).catch(() => {});
    await db.close();
    throw err;
  }
}

async function createQueues(boss: PgBoss, registry: JobRegistry) {
  for (const [name, def] of Object.entries(registry)) {
    const queue = { name, ...retryOptions(def) };
    await boss.createQueue(name, queue);
    await boss.updateQueue(name, queue);
  }
}

function retryOptions(def: JobDefinition) {
  return { retryLimit: def.retryLimit, retryDelay: def.retryDelaySeconds, retryBackoff: def.retryBackoff, expireInSeconds: def.expireInSeconds };
}

/**
 * How often an idle worker polls its queue by default. Each poll is a query, per queue and per
 * process: twelve queues at one second kept an idle server at 1.3 % of a core and its database
 * at 1.2 % (decision 0012). A send wakes the sending process's worker, so a job due now does
 * not wait.
 */
export const IDLE_POLL_SECONDS = 5;

/** Takes the job in this process, once its handler is registered and if the process works. */
async function startWorker(rt: Runtime, name: string): Promise<void> {
  const def = rt.registry[name];
  const handler = handlers().get(name);
  if (!rt.work || !def || !handler || handler.definition !== def || rt.workers.has(name)) return;
  rt.workers.set(name, "");
  let workerId = "";
  workerId = await rt.boss.work<unknown>(name, { pollingIntervalSeconds: def.pollingIntervalSeconds ?? IDLE_POLL_SECONDS, batchSize: 1, includeMetadata: true }, async ([job]) => {
    try {
      return await runJob(def, handler.run, job);
    } finally {
      // Straight on to the next queued job instead of waiting for the next poll.
      if (workerId) rt.boss.notifyWorker(workerId);
    }
  });
  rt.workers.set(name, workerId);
}

async function runJob(def: JobDefinition, run: JobHandler<JobDefinition>, job: PgBoss.JobWithMetadata<unknown>): Promise<unknown> {
  const parsed = def.schema.safeParse(job.data);
  if (!parsed.success) throw new JobPayloadError(job.name, parsed.error.issues);
  try {
    const result = await run(parsed.data, { id: job.id, name: job.name, attempt: job.retryCount + 1, retryLimit: job.retryLimit });
    return result ?? null;
  } finally {
    // What the job wrote is announced by the database's triggers; this process need not wait for it.
    forgetAllCustomerData();
  }
}

function register(registry: JobRegistry, name: string, run: JobHandler<JobDefinition>) {
  const definition = registry[name];
  if (!definition) throw new UnknownJobError(name);
  handlers().set(name, { definition, run });
  // A queue already open in this process takes the job from now on.
  void g[KEY]?.then((rt) => startWorker(rt, name)).catch((err) => console.error(`[jobs] working ${name} failed: ${(err as Error).message}`));
}

/** Typed handler registration for a registry: the handler gets the payload its job's schema gives. */
export function jobHandlers<R extends JobRegistry>(registry: R) {
  return <N extends keyof R & string>(name: N, run: JobHandler<R[N]>): void => register(registry, name, run as JobHandler<JobDefinition>);
}

/** Registers the handler of one of the portal's jobs (src/server/jobs/registry.ts); the service that does the job calls it. */
export const handleJob = jobHandlers(JOBS);

/** The portal's jobs without a registered handler in this process (none, once handlers.ts is imported). */
export function jobsWithoutHandler(): string[] {
  return Object.keys(JOBS).filter((name) => handlers().get(name)?.definition !== JOBS[name as keyof typeof JOBS]);
}

/** The registry's schedules, replacing what an earlier version kept; fired once a minute at most. */
async function keepSchedules(boss: PgBoss, registry: JobRegistry) {
  for (const [name, def] of Object.entries(registry)) {
    if (!def.schedule) continue;
    const payload = def.schema.parse(def.schedule.payload) as object;
    await boss.schedule(name, def.schedule.cron, payload, { tz: "UTC", singletonKey: name, singletonSeconds: 60, ...retryOptions(def) });
  }
  for (const kept of await boss.getSchedules()) {
    if (!registry[kept.name]?.schedule) await boss.unschedule(kept.name);
  }
}

/**
 * Starts this process's job queue (replacing one already started). The server starts it with
 * schedules; a process that only sends gets one started, working, by its first sendJob.
 */
export async function startJobs(options: StartOptions = {}): Promise<void> {
  if (g[KEY]) await stopJobs();
  const opening = open(options);
  g[KEY] = opening;
  opening.catch(() => {
    if (g[KEY] === opening) g[KEY] = undefined;
  });
  await opening;
}

function runtime(): Promise<Runtime> {
  if (!g[KEY]) {
    const opening = open({});
    g[KEY] = opening;
    opening.catch(() => {
      if (g[KEY] === opening) g[KEY] = undefined;
    });
  }
  return g[KEY];
}

/** Whether this process has its job queue open (started, or being started). */
export function jobsStarted(): boolean {
  return !!g[KEY];
}

/** Stops this process's job queue: no new jobs are taken; running ones may finish within the stop timeout. */
export async function stopJobs(): Promise<void> {
  const pending = g[KEY];
  if (!pending) return;
  g[KEY] = undefined;
  let rt: Runtime;
  try {
    rt = await pending;
  } catch {
    return;
  }
  rt.removeCloseHook();
  await rt.boss.stop({ graceful: true, wait: true, close: false, timeout: rt.stopTimeoutMs });
  await rt.db.close();
}

/** The job id an idempotency key stands for: the same key on the same job is the same row. */
export function keyedJobId(name: string, key: string): string {
  const h = crypto.createHash("sha256").update(`${name}\n${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A job as the queue takes it: the payload checked against the registry, the id the idempotency
 * key stands for (or a new one), and the registry's retry and expiry settings.
 */
function checkedJob(registry: JobRegistry, name: string, payload: unknown, options: SendOptions) {
  const def = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!def) throw new UnknownJobError(name);
  const parsed = def.schema.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(name, parsed.error.issues);
  const id = options.idempotencyKey ? keyedJobId(name, options.idempotencyKey) : crypto.randomUUID();
  return { id, data: parsed.data as object, ...(options.idempotencyKey ? { singletonKey: options.idempotencyKey } : {}), ...retryOptions(def) };
}

/** The process's queue, for a job it knows. */
async function queueFor(name: string): Promise<Runtime> {
  const rt = await runtime();
  // By name, not by identity: the server's modules and Next.js's bundle of them each hold a copy of
  // the registry, and a sender of either copy (say, an auth instance a page created first) sends
  // to the one queue the process opened.
  if (!Object.hasOwn(rt.registry, name)) throw new UnknownJobError(name);
  return rt;
}

/** Wakes this process's worker of the job, when there is one, for work that is due now. */
function wake(rt: Runtime, name: string) {
  const worker = rt.workers.get(name);
  if (worker) rt.boss.notifyWorker(worker);
}

async function send(registry: JobRegistry, name: string, payload: unknown, options: SendOptions): Promise<SentJob> {
  const { data, ...job } = checkedJob(registry, name, payload, options);
  const rt = await queueFor(name);
  const sent = await rt.boss.send(name, data, { ...job, ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}) });
  if (sent && !options.startAfterSeconds) wake(rt, name);
  return { id: job.id, queued: sent !== null };
}

/**
 * A typed sender for a registry: unknown names and payloads of the wrong shape fail the type
 * check; at run time they throw UnknownJobError and JobPayloadError before anything is queued.
 */
export function jobSender<R extends JobRegistry>(registry: R) {
  return <N extends keyof R & string>(name: N, payload: JobPayload<R, N>, options: SendOptions = {}): Promise<SentJob> => send(registry, name, payload, options);
}

/** Queues one of the portal's jobs (src/server/jobs/registry.ts). */
export const sendJob = jobSender(JOBS);

/** One job of a bulk send: its payload and, as with sendJob, its idempotency key and delay. */
export interface JobItem<P> {
  payload: P;
  options?: SendOptions;
}

/** Rows per insert statement: one round trip each. */
export const BULK_SEND_CHUNK = 1000;

async function sendMany(registry: JobRegistry, name: string, items: readonly JobItem<unknown>[]): Promise<string[]> {
  // Every payload is checked before anything is queued: a bad item refuses the whole send.
  const jobs = items.map((item) => {
    const options = item.options ?? {};
    // pg-boss's batch insert reads a start time without a zone as an interval from now.
    return { name, ...checkedJob(registry, name, item.payload, options), ...(options.startAfterSeconds ? { startAfter: `${Math.ceil(options.startAfterSeconds)} seconds` } : {}) };
  });
  const rt = await queueFor(name);
  // One key twice in a send is one job (the first item's payload). The insert skips ids already in
  // the queue (ON CONFLICT DO NOTHING), as sendJob does, without saying which.
  const seen = new Set<string>();
  const unique = jobs.filter((j) => !seen.has(j.id) && seen.add(j.id));
  for (let i = 0; i < unique.length; i += BULK_SEND_CHUNK) await rt.boss.insert(unique.slice(i, i + BULK_SEND_CHUNK));
  if (items.some((item) => !item.options?.startAfterSeconds)) wake(rt, name);
  return jobs.map((j) => j.id);
}

/**
 * A typed bulk sender for a registry: sendJob's checks and idempotency keys, the items queued in
 * batch inserts of BULK_SEND_CHUNK rows (one round trip each) instead of one insert per job.
 * Answers each item's job id, in order.
 */
export function jobsSender<R extends JobRegistry>(registry: R) {
  return <N extends keyof R & string>(name: N, items: readonly JobItem<JobPayload<R, N>>[]): Promise<string[]> => sendMany(registry, name, items);
}

/** Queues many jobs of one of the portal's kinds at once (a fan-out to many customers). */
export const sendJobs = jobsSender(JOBS);

/** Puts a failed job back for one more run, and wakes this process's worker for it. */
export async function retryFailedJob(name: string, id: string): Promise<boolean> {
  const rt = await runtime();
  // pg-boss answers { affected } though its types say void.
  const result = (await rt.boss.retry(name, id)) as unknown as { affected?: number } | undefined;
  const affected = result?.affected ?? 0;
  if (affected) wake(rt, name);
  return affected > 0;
}

/** Opens the job queue in this process if no one has (its tables exist after this). */
export async function jobsReady(): Promise<void> {
  await runtime();
}
