/**
 * The portal's server: opens the database (migrating it), loads the demo data into an empty
 * database when asked, serves Next.js and the API and works the job queue (scripts/serving.ts),
 * and on SIGINT/SIGTERM stops taking jobs and closes the database cleanly.
 */
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import { once } from "node:events";
import path from "node:path";
import { env } from "../src/lib/env";
import { closeDb, embeddedFolderIsNew, getState } from "../src/server/db/client";
import { isDatabaseEmpty, demoPlans } from "../src/server/demo/seed";
import { listSites } from "../src/server/sites/sites";

process.env.PORTAL_OWN_SIGNALS = "1";

export interface ServeOptions {
  dev?: boolean;
  seedIfEmpty?: boolean;
  quiet?: boolean;
  /** Processes to serve with (node:cluster, sharing the port); more than one needs PostgreSQL. */
  workers?: number;
}

/**
 * Loads the demo data in a process of its own (`npm run db:seed`): a serving process that loaded
 * months of readings itself kept the heap that grew to (about 35 MB resident after load, decision
 * 0031). The database is closed meanwhile (the embedded one opens in one process at a time).
 */
async function seedApart(quiet: boolean) {
  await closeDb();
  const child = spawn(process.execPath, [...process.execArgv, path.join(__dirname, "db-seed.ts")], { stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"] });
  // Stopped while loading: the loader stops too, and so does this process (nothing else is open yet).
  let stopped = false;
  const stop = () => {
    stopped = true;
    child.kill("SIGTERM");
  };
  process.once("SIGINT", stop).once("SIGTERM", stop);
  const [code, signal] = (await once(child, "exit")) as [number | null, NodeJS.Signals | null];
  process.off("SIGINT", stop).off("SIGTERM", stop);
  if (stopped) process.exit(0);
  if (code !== 0) throw new Error(`Loading the demo data failed (${signal ?? `exit code ${code}`}).`);
}

export async function serve(opts: ServeOptions = {}) {
  if ((opts.workers ?? 1) > 1 && cluster.isPrimary) return servePrimary(opts, opts.workers!);
  const e = env();
  const started = Date.now();
  const host = process.env.HOST ?? "127.0.0.1";
  const log = (m: string) => !opts.quiet && console.log(m);
  // A new embedded database is created and loaded by the child alone: an embedded database this
  // process had opened and closed first would stay in its memory until a full collection.
  const fresh = !!opts.seedIfEmpty && embeddedFolderIsNew();
  if (fresh) {
    log("Loading demo data into a new embedded database…");
    await seedApart(!!opts.quiet);
  }
  const state = await getState();
  log(`Database: ${state.engine.kind === "pglite" ? `embedded PGlite in ${path.relative(process.cwd(), state.engine.dir) || "."}` : "PostgreSQL (DATABASE_URL)"}, migrated`);
  if (!fresh && opts.seedIfEmpty && (await isDatabaseEmpty())) {
    log("Loading demo data into the empty database…");
    await seedApart(!!opts.quiet);
  }
  // What only a serving process needs (Next.js, the API, the job handlers) loads here: the first
  // process of `--workers N` never loads it (decision 0031).
  const { listen } = await import("./serving");
  const { server, stopJobs } = await listen({ dev: !!opts.dev, port: e.PORT, host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: closing…`);
    server.close();
    server.closeAllConnections();
    // Running jobs get a few seconds to finish; the rest are put back for another process.
    await stopJobs();
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  if (!opts.quiet) await printWelcome(e.PORT, Date.now() - started);
  return server;
}

async function printWelcome(port: number, ms: number) {
  const sites = await listSites();
  const plans = demoPlans();
  console.log(`\nThe portal is running (ready in ${(ms / 1000).toFixed(1)} s). Sites:`);
  for (const site of sites) {
    const plan = plans.find((p) => p.site.id === site.id);
    const hosts = plan?.site.domains ?? [];
    console.log(`  ${site.companyName.padEnd(26)} ${hosts.map((h) => `http://${h}:${port}`).join("  ")}`);
  }
  console.log(`\nSign in: open a site, choose "Sandbox e-ID" and pick a demo person (national codes are test codes).`);
  console.log(`E-mail sign-in (aurora, laane): enter a demo customer's address, then open the link from http://localhost:${port}/dev/mailbox.`);
  const aurora = plans.find((p) => p.site.id === "aurora");
  if (aurora) {
    const legal = aurora.customers.find((c) => c.kind === "legal" && c.owner?.persona === null);
    const someone = aurora.customers.find((c) => c.kind === "private" && c.owner?.persona === null);
    console.log(
      `Representative codes to try on aurora: ${[legal, someone]
        .filter(Boolean)
        .map((c) => `${c!.representativeCode} (${c!.name})`)
        .join(", ")}`,
    );
    console.log(`E-mail to try on aurora: ${aurora.customers[1].email}`);
  }
  console.log(`API reference: http://localhost:${port}/api/docs\n`);
}

/**
 * Several processes on one PostgreSQL: this one migrates and loads the demo data, then forks the
 * workers, which share the port (node:cluster) and keep nothing in memory that another must see
 * (sessions, sites and rate limits live in the database; caches hear each other's changes).
 * A worker that dies is replaced; SIGTERM stops them all.
 */
async function servePrimary(opts: ServeOptions, workers: number) {
  const e = env();
  const started = Date.now();
  const state = await getState();
  if (state.engine.kind !== "postgres") {
    await closeDb();
    throw new Error("Serving with several processes needs PostgreSQL (set DATABASE_URL): the embedded database opens in one process at a time.");
  }
  if (opts.seedIfEmpty && (await isDatabaseEmpty())) {
    if (!opts.quiet) console.log("Loading demo data into the empty database…");
    await seedApart(!!opts.quiet);
  }
  cluster.setupPrimary({ exec: __filename, args: opts.dev ? ["--dev"] : [] });
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ PORTAL_CLUSTER_WORKER: "1" });
  cluster.on("listening", () => {
    listening++;
    if (listening === workers && !opts.quiet) {
      console.log(`Serving with ${workers} processes on PostgreSQL.`);
      void printWelcome(e.PORT, Date.now() - started);
    }
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`[cluster] process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < workers; i++) fork();
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!opts.quiet) console.log(`\n${signal}: closing ${workers} processes…`);
    const all = Object.values(cluster.workers ?? {}).filter((w) => !!w);
    await Promise.all(
      all.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w!.isDead()) return resolve();
            w!.once("exit", () => resolve());
            w!.process.kill("SIGTERM");
          }),
      ),
    );
    await closeDb();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

export function workersFromArgs(): number {
  const i = process.argv.indexOf("--workers");
  const raw = i >= 0 ? process.argv[i + 1] : process.env.WORKERS;
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`--workers takes a whole number from 1 to 64, not ${raw}`);
  return n;
}

if (require.main === module) {
  const worker = cluster.isWorker && process.env.PORTAL_CLUSTER_WORKER === "1";
  serve({
    dev: process.argv.includes("--dev"),
    seedIfEmpty: !worker && (env().DEMO_MODE || process.argv.includes("--seed")),
    quiet: worker,
    workers: worker ? 1 : workersFromArgs(),
  }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
