/**
 * Throughput benchmark: requests per second and latency under concurrent load (autocannon) on the
 * production server, side by side with a bare node:http server answering the same JSON in the same
 * run, so the results read as ratios that hold from one machine to another. Then the same with
 * several processes on PostgreSQL, 200 connections on a mix of pages and API calls, and the
 * server's memory after many requests (a tenth of them aborted mid-response). The bare server is
 * measured before and after the portal's rows, and ratios are taken against the mean: measured
 * once, it swung by half between runs with the shared machine's load.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { quantile } from "./quantile";
import { serverEnv, serverNodeArgs } from "../server-command";
import { build, emptyDatabase, machineSettled, portFree, signIn, stopServer, waitUntilServing } from "./render";

const ROOT = path.resolve(__dirname, "../..");
const HOST = "aurora.localhost";
const IDENTITY = "aurora-solar-household";

export interface ThroughputRow {
  label: string;
  processes: number;
  connections: number;
  reqPerSec: number;
  /** Share of the bare node:http server's requests per second in the same run. */
  ratio: number | null;
  p50: number;
  p95: number;
  p99: number;
  /** The server's CPU time per request (user + system, every process of the server), ms. */
  cpuPerRequest: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadResult {
  processes: number;
  connections: number;
  seconds: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
}

export interface MemoryResult {
  processes: number;
  afterStartMb: number;
  afterFirstMb: number;
  afterSecondMb: number;
  requestsPerRound: number;
  abortedPerRound: number;
}

export interface ThroughputResult {
  engine: "pglite" | "postgres";
  seconds: number;
  /** The bare server's req/s: the mean of `bareRuns`, taken before and after the portal's measurements. */
  bare: number;
  bareRuns: number[];
  rows: ThroughputRow[];
  load: LoadResult | null;
  memory: MemoryResult[];
}

export interface ThroughputOptions {
  engine: "pglite" | "postgres";
  postgresUrl?: string;
  port: number;
  /** Seconds per measurement. */
  seconds: number;
  /** Seconds of the 200-connection mix; 0 leaves it out. */
  loadSeconds: number;
  log: (m: string) => void;
}

interface Target {
  label: string;
  path: string;
  signedIn: boolean;
  connections: number;
}

const TARGETS: Target[] = [
  { label: "GET /api/countries (public, cached)", path: "/api/countries", signedIn: false, connections: 20 },
  { label: "GET /api/openapi.json", path: "/api/openapi.json", signedIn: false, connections: 20 },
  { label: "GET /api/me", path: "/api/me", signedIn: true, connections: 20 },
  { label: "GET /api/invoices", path: "/api/invoices", signedIn: true, connections: 20 },
  { label: "GET /auth/signin (page)", path: "/auth/signin", signedIn: false, connections: 20 },
  { label: "GET /dashboard (page)", path: "/dashboard", signedIn: true, connections: 50 },
  // The dashboard's document is shared (decision 0033): its cards come from this call.
  { label: "GET /api/dashboard/overview (the dashboard's cards)", path: "/api/dashboard/overview", signedIn: true, connections: 20 },
];

/** The mix of the load and memory runs: what a person's visit asks of the server. */
const MIX = ["/api/countries", "/api/me", "/auth/signin", "/dashboard", "/api/dashboard/overview", "/api/invoices", "/api/session"];

export async function cannon(port: number, paths: string[], connections: number, seconds: number, headers: Record<string, string>, hostHeader = HOST) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { host: hostHeader, "accept-encoding": "gzip, deflate, br", ...headers },
        requests: paths.map((p) => ({ method: "GET" as const, path: p })),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: result.requests.total / seconds,
    total: result.requests.total,
    p50: latencies.length ? quantile(latencies, 0.5) : 0,
    p95: latencies.length ? quantile(latencies, 0.95) : 0,
    p99: latencies.length ? quantile(latencies, 0.99) : 0,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

function fetchBody(port: number, pathname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pathname, headers: { host: HOST } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A bare node:http server, in a process of its own, answering every request with the same JSON. */
export async function startBare(port: number, body: string): Promise<ChildProcess> {
  const code = `const b=Buffer.from(process.env.BODY);require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json","content-length":b.length});s.end(b)}).listen(${port},"127.0.0.1",()=>console.log("ready"))`;
  const child = spawn(process.execPath, ["-e", code], { env: { ...process.env, BODY: body }, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (c) => reject(new Error(`the bare server exited with ${c}`)));
  });
  return child;
}

/** A process and all its descendants (the server runs under tsx, and as a cluster). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** Resident memory of a process tree, MB. */
function treeRssMb(root: number): number {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return Math.round(kb / 1024);
}

/**
 * CPU time (user + system) a process tree has used, ms. Read around a measurement, it gives the
 * server's CPU per request: steadier than req/s on a shared machine, where neighbours take turns
 * on the cores.
 */
function treeCpuMs(root: number): number {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // ended
    }
  }
  return ticks * tick;
}

/** `count` requests of the mix, 20 at a time; every tenth is dropped after its first bytes arrive. */
async function mixedRound(port: number, cookie: string, count: number): Promise<number> {
  let next = 0;
  let aborted = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const abort = i % 10 === 9;
      const req = http.get({ host: "127.0.0.1", port, path: MIX[i % MIX.length], agent: abort ? undefined : agent, headers: { host: HOST, cookie, "accept-encoding": "gzip" } }, (res) => {
        if (abort) {
          res.once("data", () => {
            aborted++;
            req.destroy();
            resolve();
          });
          res.once("end", resolve);
        } else {
          res.resume();
          res.on("end", resolve);
        }
        res.on("error", () => resolve());
      });
      req.on("error", () => resolve());
    });
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < count) await one(next++);
    }),
  );
  agent.destroy();
  return aborted;
}

export async function startPortal(opts: Pick<ThroughputOptions, "engine" | "port">, dbEnv: Record<string, string>, processes: number, logPath: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...dbEnv, NODE_ENV: "production", DEMO_MODE: "true", PORT: String(opts.port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" };
  if (opts.engine === "pglite") delete env.DATABASE_URL;
  const args = serverNodeArgs("scripts/server.ts", processes > 1 ? ["--workers", String(processes)] : []);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const logFile = fs.createWriteStream(logPath, { flags: "a" });
  child.stdout!.pipe(logFile);
  child.stderr!.pipe(logFile);
  await waitUntilServing(opts.port, child, logPath, 30 * 60_000);
  return child;
}

export async function benchThroughput(opts: ThroughputOptions): Promise<ThroughputResult> {
  const { log, port } = opts;
  const barePort = port + 1;
  log(`\n== ${opts.engine}: throughput (autocannon, ${opts.seconds} s per measurement)`);
  for (const p of [port, barePort]) if (!(await portFree(p))) throw new Error(`Port ${p} is in use: stop what listens there, or pass --port.`);
  build(log);
  const db = await emptyDatabase({ engine: opts.engine, postgresUrl: opts.postgresUrl, port, runs: 0, log });
  const logPath = path.join(os.tmpdir(), `portal-bench-throughput-${port}.log`);
  fs.rmSync(logPath, { force: true });
  const rows: ThroughputRow[] = [];
  const memory: MemoryResult[] = [];
  let load: LoadResult | null = null;
  const bareRuns: number[] = [];
  const apiRows: ThroughputRow[] = [];
  let portal: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  try {
    log(`   starting the server (demo data into an empty ${opts.engine} database; log in ${logPath})`);
    portal = await startPortal(opts, db.env, 1, logPath);
    const cookie = (await signIn(port, [IDENTITY])).get(IDENTITY)!;
    // The start-up jobs after the demo data would otherwise be timed with the first requests.
    const settle = await machineSettled();
    log(`   machine quiet after ${settle.seconds} s (${Math.round(settle.busy * 100)} % busy)`);
    bare = await startBare(barePort, await fetchBody(port, "/api/countries"));
    // The ceiling swings with the shared machine's load (by half between runs): it is measured
    // before and after the portal's rows, and each ratio is taken against the mean.
    const measureBare = async () => {
      bareRuns.push((await cannon(barePort, ["/"], 20, opts.seconds, {})).reqPerSec);
      log(`   bare node:http, same JSON: ${Math.round(bareRuns[bareRuns.length - 1])} req/s`);
    };
    await measureBare();
    const processCounts = opts.engine === "postgres" ? [1, 2] : [1];
    for (const processes of processCounts) {
      if (processes > 1) {
        await stopServer(portal, log);
        portal = await startPortal(opts, db.env, processes, logPath);
        await machineSettled();
      }
      const rssAtStart = treeRssMb(portal.pid!);
      for (const t of TARGETS) {
        // A first pass loads the route's code and fills the caches, as a server in use has them.
        await cannon(port, [t.path], 4, 1, t.signedIn ? { cookie } : {});
        const cpuBefore = treeCpuMs(portal.pid!);
        const r = await cannon(port, [t.path], t.connections, opts.seconds, t.signedIn ? { cookie } : {});
        const cpuPerRequest = r.total ? (treeCpuMs(portal.pid!) - cpuBefore) / r.total : 0;
        const row: ThroughputRow = {
          label: t.label,
          processes,
          connections: t.connections,
          reqPerSec: r.reqPerSec,
          ratio: null, // API rows' share of the bare server, set once its last measurement is in
          p50: r.p50,
          p95: r.p95,
          p99: r.p99,
          cpuPerRequest,
          errors: r.errors,
          timeouts: r.timeouts,
          non2xx: r.non2xx,
        };
        rows.push(row);
        if (t.path.startsWith("/api/")) apiRows.push(row);
        log(
          `   ${processes} process${processes > 1 ? "es" : ""}, ${t.connections} connections, ${t.label.padEnd(38)} ${Math.round(r.reqPerSec).toString().padStart(6)} req/s${t.path.startsWith("/api/") ? ` (${(r.reqPerSec / bareRuns[0]).toFixed(3)} of the first bare)` : ""}, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, server CPU ${fmt(cpuPerRequest)} ms/request${r.non2xx + r.errors + r.timeouts ? `, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : ""}`,
        );
      }
      await measureBare();
      const last = processes === processCounts[processCounts.length - 1];
      if (last && opts.loadSeconds > 0) {
        const r = await cannon(port, MIX, 200, opts.loadSeconds, { cookie });
        load = { processes, connections: 200, seconds: opts.loadSeconds, requests: r.total, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, p50: r.p50, p99: r.p99 };
        log(
          `   200 connections for ${opts.loadSeconds} s on the mix: ${r.total} requests, ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
        );
      }
      const rounds: number[] = [];
      let aborted = 0;
      for (let i = 0; i < 2; i++) {
        aborted = await mixedRound(port, cookie, 10_000);
        // Let the collector see the garbage of the round, as a quiet moment would.
        await new Promise((r) => setTimeout(r, 2_000));
        rounds.push(treeRssMb(portal.pid!));
      }
      memory.push({ processes, afterStartMb: rssAtStart, afterFirstMb: rounds[0], afterSecondMb: rounds[1], requestsPerRound: 10_000, abortedPerRound: aborted });
      log(`   memory (RSS of the server's processes): ${rssAtStart} MB before the runs, ${rounds[0]} MB after 10,000 mixed requests (${aborted} aborted), ${rounds[1]} MB after 10,000 more`);
    }
    const bareMean = bareRuns.reduce((a, b) => a + b, 0) / bareRuns.length;
    for (const row of apiRows) row.ratio = row.reqPerSec / bareMean;
    log(`   bare node:http, mean of ${bareRuns.length}: ${Math.round(bareMean)} req/s (the table's ratios are to this)`);
    return { engine: opts.engine, seconds: opts.seconds, bare: bareMean, bareRuns, rows, load, memory };
  } finally {
    if (bare) bare.kill("SIGTERM");
    if (portal) await stopServer(portal, log);
    await db.drop();
  }
}

const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

export function throughputTable(r: ThroughputResult): string {
  return [
    "| request | processes | connections | req/s | of bare | p50 ms | p95 ms | p99 ms | server CPU ms per request | failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| bare node:http, same JSON (mean of ${r.bareRuns.map((x) => Math.round(x)).join(", ")}) | 1 | 20 | ${Math.round(r.bare)} | 1 | | | | | |`,
    ...r.rows.map(
      (x) =>
        `| ${x.label} | ${x.processes} | ${x.connections} | ${Math.round(x.reqPerSec)} | ${x.ratio === null ? "" : x.ratio.toFixed(3)} | ${fmt(x.p50)} | ${fmt(x.p95)} | ${fmt(x.p99)} | ${fmt(x.cpuPerRequest)} | ${x.errors + x.non2xx} |`,
    ),
  ].join("\n");
}
