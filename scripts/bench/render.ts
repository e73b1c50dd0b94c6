/**
 * Server render benchmark: the production build served by scripts/server.ts (as `npm start`
 * serves it) on a fresh database with the demo data. A demo customer signs in once through the
 * sandbox e-ID pages in Chromium; then plain HTTP requests with the session cookies time the
 * pages (first and last byte of the streamed HTML) and the dashboard's API calls.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import Module from "node:module";
import os from "node:os";
import path from "node:path";
import { adminStatement } from "./admin";
import { benchLighthouse, type LighthouseRow } from "./lighthouse";
import { quantile } from "./quantile";
import { serverEnv, serverNodeArgs } from "../server-command";
import { localDateString, startOfLocalMonth } from "../../src/lib/energy/time";

const ROOT = path.resolve(__dirname, "../..");
const SITE = { id: "aurora", host: "aurora.localhost", timezone: "Europe/Helsinki" };
/** One customer with solar production (electricity), one without (electricity and district heat). */
export const RENDER_CUSTOMERS = [
  { identityId: "aurora-solar-household", label: "solar household" },
  { identityId: "aurora-apartment", label: "apartment (no solar)" },
] as const;
const WARM_UPS = 3;

export interface RenderTiming {
  label: string;
  customer: string;
  kind: "page" | "api";
  /** Bytes on the wire (compressed as a browser asks for it). */
  bytes: number;
  ttfb: { p50: number; p95: number };
  total: { p50: number; p95: number };
}

export interface RenderResult {
  engine: "pglite" | "postgres";
  runs: number;
  /** Seconds of `next build` when this run had to build, with whether the build folder was empty. */
  build: { seconds: number; cold: boolean } | null;
  /** Server start to first answer: migrations, loading the demo data, Next.js start-up. */
  startSeconds: number;
  timings: RenderTiming[];
  /** JavaScript a page loads before it is interactive (its script tags), gzipped as served. */
  firstLoadJs: { page: string; scripts: number; gzipKb: number }[];
  /** Lighthouse mobile on the main pages, when asked for. */
  lighthouse: LighthouseRow[] | null;
}

export interface RenderOptions {
  engine: "pglite" | "postgres";
  /** The PostgreSQL server's URL (the bench creates and drops a scratch database on it). */
  postgresUrl?: string;
  runs: number;
  port: number;
  /** Run Lighthouse on the main pages too. */
  lighthouse?: boolean;
  log: (m: string) => void;
}

// ---------------------------------------------------------------- build

let buildChecked = false;

/**
 * Builds into NEXT_DIST_DIR (default .next) unless the last build there is of the same sources.
 * Once per bench run, so that every engine measures the same build.
 */
export function build(log: (m: string) => void): RenderResult["build"] {
  if (buildChecked) return null;
  buildChecked = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { buildIfNeeded, DIST, STAMP } = require("../start") as typeof import("../start");
  const before = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : null;
  const cold = !fs.existsSync(path.join(DIST, "BUILD_ID"));
  const started = Date.now();
  buildIfNeeded();
  const after = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : null;
  if (after === before) {
    log(`   production build in ${path.relative(ROOT, DIST)} is up to date`);
    return null;
  }
  return { seconds: Math.round((Date.now() - started) / 1000), cold };
}

// ---------------------------------------------------------------- database and server

/** An empty database for the server: a temporary PGlite folder, or a scratch PostgreSQL database. */
export async function emptyDatabase(opts: RenderOptions): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (opts.engine === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-render-"));
    // The lock file sits next to the data folder, so both stay inside the temporary folder.
    return { env: { PGLITE_DIR: path.join(dir, "db") }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!opts.postgresUrl) throw new Error("The PostgreSQL render bench needs DATABASE_URL.");
  const base = opts.postgresUrl;
  const name = `portal_bench_render_${crypto.randomBytes(4).toString("hex")}`;
  await adminStatement(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => adminStatement(base, `drop database if exists ${name} with (force)`) };
}

interface Answer {
  status: number;
  /** Milliseconds to the response head (sent with the first chunk of the body). */
  ttfb: number;
  /** Milliseconds to the last byte. */
  total: number;
  bytes: number;
  location?: string;
  body?: string;
}

function get(port: number, pathname: string, headers: Record<string, string> = {}, agent?: http.Agent, keepBody = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: "127.0.0.1", port, path: pathname, agent, headers: { host: `${SITE.host}:${port}`, ...headers } }, (res) => {
      const ttfb = performance.now() - started;
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - started, bytes, location: res.headers.location, body: keepBody ? Buffer.concat(chunks).toString("utf8") : undefined }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

export async function waitUntilServing(port: number, child: ChildProcess, logPath: string, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}); see ${logPath}`);
    const status = await get(port, "/api/info").then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not answer within ${timeoutMs / 1000} s; see ${logPath}`);
}

export async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = http.createServer().once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

export async function stopServer(child: ChildProcess, log: (m: string) => void) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const clean = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 30_000))]);
  if (!clean) {
    log("   the server did not stop within 30 s of SIGTERM; killing it");
    child.kill("SIGKILL");
    await exited;
  }
}

// ---------------------------------------------------------------- sign-in

/**
 * e2e/helpers.ts reads the server's port with vitest's inject(); outside a vitest worker the
 * port comes from here, so the bench signs in through exactly the pages the browser tests use.
 */
function loadBrowserHelpers(port: number) {
  const id = require.resolve("vitest");
  const saved = require.cache[id];
  const stand = new Module(id);
  stand.exports = { inject: (key: string) => (key === "ports" ? [port] : key === "databaseUrls" ? [""] : undefined) };
  stand.loaded = true;
  require.cache[id] = stand;
  try {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const helpers = require("../../e2e/helpers") as typeof import("../../e2e/helpers");
    const browser = require("../../e2e/browser") as typeof import("../../e2e/browser");
    /* eslint-enable @typescript-eslint/no-require-imports */
    return { ...helpers, ...browser };
  } finally {
    if (saved) require.cache[id] = saved;
    else delete require.cache[id];
  }
}

/** Signs each customer in once through the sandbox e-ID pages; returns their Cookie headers. */
export async function signIn(port: number, identityIds: readonly string[]): Promise<Map<string, string>> {
  const { launchBrowser, newContext, signInSandbox } = loadBrowserHelpers(port);
  const browser = await launchBrowser();
  const cookies = new Map<string, string>();
  try {
    for (const identityId of identityIds) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signInSandbox(page, SITE.host, identityId, "/");
      const jar = await context.cookies(`http://${SITE.host}:${port}/`);
      cookies.set(identityId, jar.map((c) => `${c.name}=${c.value}`).join("; "));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return cookies;
}

// ---------------------------------------------------------------- timing

interface Request {
  label: string;
  path: string;
  kind: "page" | "api";
}

const KIND_ORDER = ["electricity", "heating", "gas"] as const;
const KIND_NAME: Record<string, string> = { electricity: "electricity", heating: "district heat", gas: "gas" };

/** A browser's headers, with the customer's session cookies. */
function headersFor(cookie: string, kind: "page" | "api"): Record<string, string> {
  return { cookie, "accept-encoding": "gzip, deflate, br", "accept-language": "en-GB", accept: kind === "page" ? "text/html,application/xhtml+xml" : "application/json" };
}

/**
 * The pages, and the API calls that load what the dashboard's cards show, with the cards' own
 * ranges and one series per energy kind (this month by day, the last 12 months by month).
 */
async function requestsFor(port: number, cookie: string, now: number): Promise<Request[]> {
  const answer = await get(port, "/api/dashboard/locations", { ...headersFor(cookie, "api"), "accept-encoding": "identity" }, undefined, true);
  if (answer.status !== 200) throw new Error(`GET /api/dashboard/locations: HTTP ${answer.status}`);
  const { locations } = JSON.parse(answer.body!) as { locations: { meteringPoints: { gsrn: string; energyKind: string; hasProduction: boolean }[] }[] };
  const points = locations.flatMap((l) => l.meteringPoints);
  const tz = SITE.timezone;
  const month = `from=${localDateString(startOfLocalMonth(now, tz), tz)}&to=${localDateString(startOfLocalMonth(now, tz, 1), tz)}&resolution=day`;
  const year = `from=${localDateString(startOfLocalMonth(now, tz, -11), tz)}&to=${localDateString(startOfLocalMonth(now, tz, 1), tz)}&resolution=month`;
  const kinds = KIND_ORDER.filter((k) => points.some((p) => p.energyKind === k)).map((kind) => {
    const ofKind = points.filter((p) => p.energyKind === kind);
    return { kind, name: KIND_NAME[kind], gsrn: ofKind.map((p) => `&gsrn=${p.gsrn}`).join(""), producing: kind === "electricity" && ofKind.some((p) => p.hasProduction) };
  });
  return [
    { label: "GET / (home)", path: "/", kind: "page" },
    { label: "GET /dashboard", path: "/dashboard", kind: "page" },
    { label: "GET /charts", path: "/charts", kind: "page" },
    { label: "GET /invoices", path: "/invoices", kind: "page" },
    { label: "GET /api/dashboard/locations", path: "/api/dashboard/locations", kind: "api" },
    ...kinds.flatMap((k) => [
      { label: `GET /api/dashboard/statistics/consumption, this month by day, ${k.name}`, path: `/api/dashboard/statistics/consumption?${month}${k.gsrn}`, kind: "api" as const },
      ...(k.producing
        ? [{ label: `GET /api/dashboard/statistics/production, this month by day, ${k.name}`, path: `/api/dashboard/statistics/production?${month}${k.gsrn}`, kind: "api" as const }]
        : []),
    ]),
    { label: "GET /api/dashboard/statistics/spot, today and tomorrow", path: "/api/dashboard/statistics/spot", kind: "api" },
    ...kinds.map((k) => ({ label: `GET /api/dashboard/statistics/expenses, 12 months by month, ${k.name}`, path: `/api/dashboard/statistics/expenses?${year}${k.gsrn}`, kind: "api" as const })),
  ];
}

async function fetchOnce(port: number, agent: http.Agent, cookie: string, req: Request, customer: string): Promise<Answer> {
  const r = await get(port, req.path, headersFor(cookie, req.kind), agent);
  if (r.status !== 200) throw new Error(`${req.label} for the ${customer}: HTTP ${r.status}${r.location ? ` → ${r.location}` : ""}`);
  return r;
}

async function timeRequest(port: number, agent: http.Agent, cookie: string, req: Request, customer: string, runs: number): Promise<RenderTiming> {
  const ttfb: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UPS + runs; i++) {
    const r = await fetchOnce(port, agent, cookie, req, customer);
    if (i < WARM_UPS) continue;
    ttfb.push(r.ttfb);
    total.push(r.total);
    bytes = r.bytes;
  }
  ttfb.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  return {
    label: req.label,
    customer,
    kind: req.kind,
    bytes,
    ttfb: { p50: quantile(ttfb, 0.5), p95: quantile(ttfb, 0.95) },
    total: { p50: quantile(total, 0.5), p95: quantile(total, 0.95) },
  };
}

/**
 * First Load JS of a page: every script its HTML loads (what Next.js reports as First Load JS), the
 * ones it holds until its first frame (src/server/web/held-scripts.ts) included,
 * gzipped at level 9 the way the budget counts it. `nomodule` scripts (Next.js's polyfills for
 * browsers without ES modules) are left out: every browser the portal supports skips them.
 */
async function firstLoadJs(port: number, cookie: string, page: string): Promise<{ page: string; scripts: number; gzipKb: number }> {
  const html = await get(port, page, { ...headersFor(cookie, "page"), "accept-encoding": "identity" }, undefined, true);
  if (html.status !== 200) throw new Error(`GET ${page}: HTTP ${html.status}`);
  const tags = [...html.body!.matchAll(/<script\b[^>]*>|<link data-held-script="[^"]*">/gi)].map((m) => m[0]).filter((tag) => !/\snomodule\b/i.test(tag));
  const sources = [...new Set(tags.flatMap((tag) => /\s(?:src|data-held-script)="([^"]+)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&") ?? []))];
  let bytes = 0;
  for (const src of sources) {
    const js = await get(port, src, { "accept-encoding": "identity" }, undefined, true);
    if (js.status !== 200) throw new Error(`GET ${src}: HTTP ${js.status}`);
    bytes += zlib.gzipSync(Buffer.from(js.body!, "utf8"), { level: 9 }).length;
  }
  return { page, scripts: sources.length, gzipKb: Math.round((bytes / 1024) * 10) / 10 };
}

// ---------------------------------------------------------------- the run

/** The machine's CPU time, busy and in all, from /proc/stat (Linux); null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet (under a quarter of its CPU busy over two seconds), at most
 * three minutes: the server's start-up jobs and the database's work after the demo data would
 * otherwise be timed with the first pages.
 */
export async function machineSettled(): Promise<{ seconds: number; busy: number }> {
  const started = Date.now();
  let last = cpuTimes();
  let busy = 0;
  while (last && Date.now() - started < 180_000) {
    await new Promise((r) => setTimeout(r, 2_000));
    const now = cpuTimes()!;
    busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    last = now;
    if (busy < 0.25) break;
  }
  return { seconds: Math.round((Date.now() - started) / 1000), busy };
}

/** The pages Lighthouse scores (the issue's five). */
const PAGES = ["/", "/dashboard", "/charts", "/invoices", "/auth/signin"];
/** Every customer area's first page, whose First Load JS the bench reports against the budget (one budget for every route). */
const FIRST_LOAD_PAGES = [...PAGES, "/contracts", "/settings", "/support", "/inbox", "/outages", "/power-control", "/api-access"];

export async function benchRender(opts: RenderOptions): Promise<RenderResult> {
  const { log, port } = opts;
  log(`\n== ${opts.engine}: server render (production build, ${opts.runs} runs per request)`);
  if (!(await portFree(port))) throw new Error(`Port ${port} is in use: stop what listens there, or pass --port.`);
  const built = build(log);
  if (built) log(`   built in ${built.seconds} s${built.cold ? " (empty build folder)" : ""}`);

  const db = await emptyDatabase(opts);
  const logPath = path.join(os.tmpdir(), `portal-bench-server-${port}.log`);
  let child: ChildProcess | null = null;
  let failed = true;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...db.env,
      NODE_ENV: "production",
      DEMO_MODE: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
    };
    if (opts.engine === "pglite") delete env.DATABASE_URL;
    const logFile = fs.createWriteStream(logPath);
    const started = Date.now();
    log(`   starting the server on port ${port} (migrations and demo data into an empty ${opts.engine} database; log in ${logPath})`);
    child = spawn(process.execPath, serverNodeArgs("scripts/server.ts"), { cwd: ROOT, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.pipe(logFile);
    child.stderr!.pipe(logFile);
    await waitUntilServing(port, child, logPath, 30 * 60_000);
    const startSeconds = Math.round((Date.now() - started) / 1000);
    log(`   serving after ${startSeconds} s`);
    // The demo data queues start-up work (notifications, reconciliation): time the pages once it is done.
    const settle = await machineSettled();
    log(`   start-up work done after ${settle.seconds} s more (machine ${Math.round(settle.busy * 100)} % busy)`);

    const cookies = await signIn(
      port,
      RENDER_CUSTOMERS.map((c) => c.identityId),
    );
    log(`   signed in ${[...cookies.keys()].join(", ")}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const timings: RenderTiming[] = [];
    try {
      const plan = [];
      for (const customer of RENDER_CUSTOMERS) {
        const cookie = cookies.get(customer.identityId)!;
        plan.push({ customer, cookie, requests: await requestsFor(port, cookie, Date.now()) });
      }
      // One pass over everything first: the first request of each route loads its code.
      for (const { customer, cookie, requests } of plan) for (const req of requests) await fetchOnce(port, agent, cookie, req, customer.label);
      for (const { customer, cookie, requests } of plan) {
        for (const req of requests) {
          const t = await timeRequest(port, agent, cookie, req, customer.label, opts.runs);
          timings.push(t);
          log(`   ${t.customer.padEnd(20)} ${t.label.padEnd(82)} first byte ${fmt(t.ttfb.p50)} / ${fmt(t.ttfb.p95)} ms, last byte ${fmt(t.total.p50)} / ${fmt(t.total.p95)} ms (p50 / p95)`);
        }
      }
    } finally {
      agent.destroy();
    }
    const firstCookie = cookies.get(RENDER_CUSTOMERS[0].identityId)!;
    const js = [];
    for (const page of FIRST_LOAD_PAGES) js.push(await firstLoadJs(port, page === "/auth/signin" ? "" : firstCookie, page));
    log(`   First Load JS: ${js.map((j) => `${j.page} ${j.gzipKb} kB`).join(", ")}`);
    const lighthouse = opts.lighthouse
      ? await benchLighthouse(
          `http://${SITE.host}:${port}`,
          PAGES.map((page) => ({ path: page, cookie: page === "/auth/signin" ? undefined : firstCookie })),
          log,
        )
      : null;
    failed = false;
    return { engine: opts.engine, runs: opts.runs, build: built, startSeconds, timings, firstLoadJs: js, lighthouse };
  } finally {
    if (child) await stopServer(child, log);
    await db.drop();
    if (!failed) fs.rmSync(logPath, { force: true });
  }
}

const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

export function renderTable(timings: RenderTiming[]): string {
  const kb = (b: number) => (b / 1024).toFixed(b < 10_240 ? 1 : 0);
  return [
    "| request | customer | kB | first byte p50 ms | first byte p95 ms | last byte p50 ms | last byte p95 ms |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...timings.map((t) => `| ${t.label} | ${t.customer} | ${kb(t.bytes)} | ${fmt(t.ttfb.p50)} | ${fmt(t.ttfb.p95)} | ${fmt(t.total.p50)} | ${fmt(t.total.p95)} |`),
  ].join("\n");
}
