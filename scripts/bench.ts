/**
 * `npm run bench`: the performance numbers of docs/performance.md, measured on this machine.
 *
 *   npm run bench                      readings queries and import speed on PGlite, and on
 *                                      PostgreSQL too when DATABASE_URL is set (in a scratch database)
 *   npm run bench -- --scale           adds 1,000 metering points × 13 months of 15-minute data
 *                                      (≈ 38 M rows) on PostgreSQL and measures the same queries
 *   npm run bench -- --scale-only      only the scale run; keeps the other numbers in the doc
 *   npm run bench -- --render          adds the server render times: pages and the dashboard's API
 *                                      calls on the production build (builds first if needed)
 *   npm run bench -- --render-only     only the render times; keeps the other numbers in the doc
 *                                      (both report First Load JS per page against its budget and
 *                                      Lighthouse mobile scores; --no-lighthouse leaves those out)
 *   npm run bench -- --throughput      adds requests per second under load (autocannon) against a bare
 *                                      node:http server in the same run, 1 and 2 processes on
 *                                      PostgreSQL, 200 connections on a mix, memory after 20,000 requests
 *   npm run bench -- --throughput-only only that; keeps the other numbers in the doc
 *   npm run bench -- --tokens          adds personal API tokens under load: GET /api/invoices and the
 *                                      consumption statistics with a Bearer token against the same
 *                                      calls with a session cookie, next to a bare node:http server
 *   npm run bench -- --tokens-only     only that; keeps the other numbers in the doc
 *   npm run bench -- --fanout          adds the spot-price alert fan-out on PostgreSQL (DATABASE_URL):
 *                                      100,000 customers with an alert, a day of prices imported, timed
 *                                      until every notification is queued; then outbox deliveries per
 *                                      second to a local Web Push service and a local SMTP server
 *   npm run bench -- --fanout-only     only that; keeps the other numbers in the doc
 *   --fanout-customers <n>             customers of the fan-out (default 100000)
 *   --deliveries <n>                   outbox rows per channel in the fan-out run (default 2000)
 *   --seconds <n>                      seconds per throughput or token measurement (default 10)
 *   --load-seconds <n>                 seconds of the 200-connection mix (default 60; 0 leaves it out)
 *   --runs <n>                         timed runs per query or request (default 30)
 *   --port <n>                         port of the server the render bench starts (default 3260)
 *   --engine pglite|postgres           one engine only
 *   --no-write                         print, leave docs/performance.md alone
 *
 * Each engine gets a fresh database with the demo data (13 months) and is dropped afterwards.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "../src/server/db/client";
import { SEEDERS, seedDemo } from "../src/server/demo/seed";
import { benchImport, benchQueries, loadScale, pickPoint, tableSizes, type Timing } from "./bench/readings";
import { adminStatement } from "./bench/admin";
import { benchRender, renderTable, type RenderResult } from "./bench/render";
import { LIGHTHOUSE_GOAL, LIGHTHOUSE_RUNS, lighthouseTable, meetsLighthouseGoal } from "./bench/lighthouse";
import { benchThroughput, throughputTable, type ThroughputResult } from "./bench/throughput";
import { benchTokens, tokensTable, type TokenBenchResult } from "./bench/tokens";
import { FANOUT_GOAL_SECONDS, benchFanout, fanoutSummary, fanoutTable, type FanoutResult } from "./bench/fanout";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option("runs") ?? 30);
const PG_URL = process.env.DATABASE_URL || undefined;
const TZ = "Europe/Helsinki";
const DOC = path.resolve(__dirname, "../docs/performance.md");
const START = "<!-- bench:readings:start -->";
const END = "<!-- bench:readings:end -->";

export function machine(): string {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  return `${os.cpus().length} cores (${model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${load} (1 / 5 / 15 min; the machine is shared, so numbers above 2 mean other work competed for the cores)`;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
function table(rows: Timing[]): string {
  return ["| query | buckets | p50 ms | p95 ms |", "|---|---:|---:|---:|", ...rows.map((r) => `| ${r.label} | ${r.rows ?? ""} | ${ms(r.p50)} | ${ms(r.p95)} |`)].join("\n");
}

/** Opens a fresh database of the engine with the demo data; returns how to drop it. */
async function openFresh(engine: "pglite" | "postgres", log: (m: string) => void): Promise<{ drop: () => Promise<void>; seedMs: number; meteringMs: number }> {
  process.env.DEMO_HISTORY_MONTHS ??= "13";
  let drop: () => Promise<void>;
  if (engine === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const base = PG_URL!;
    const name = `portal_bench_${crypto.randomBytes(4).toString("hex")}`;
    await adminStatement(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    drop = () => adminStatement(base, `drop database if exists ${name} with (force)`);
  }
  await getDb();
  const seeders = SEEDERS.filter((s) => s.name.startsWith("sites") || s.name.startsWith("metering"));
  let meteringMs = 0;
  const started = Date.now();
  await seedDemo({
    seeders,
    log: (m) => {
      const match = /^\s+metering[^:]*: (\d+) ms/.exec(m);
      if (match) meteringMs = Number(match[1]);
      log(m);
    },
  });
  return { drop, seedMs: Date.now() - started, meteringMs };
}

interface EngineResult {
  engine: string;
  meteringSeedMs: number;
  sizes: Awaited<ReturnType<typeof tableSizes>>;
  queries: Timing[];
  imports: Awaited<ReturnType<typeof benchImport>>;
}

async function benchEngine(engine: "pglite" | "postgres", log: (m: string) => void): Promise<EngineResult> {
  log(`\n== ${engine}: seeding the demo data (13 months)`);
  const { drop, meteringMs } = await openFresh(engine, log);
  try {
    const point = await pickPoint("aurora", 15);
    log(`== ${engine}: queries on metering point ${point.gsrn} (${RUNS} runs each)`);
    const queries = await benchQueries(point, TZ, RUNS);
    log(table(queries));
    log(`== ${engine}: import`);
    const imports = await benchImport("aurora", 100_000, engine === "postgres");
    log(`   ${importLine(imports)}`);
    const sizes = await tableSizes();
    return { engine, meteringSeedMs: meteringMs, sizes, queries, imports };
  } finally {
    await closeDb();
    await drop();
  }
}

async function benchScale(log: (m: string) => void): Promise<EngineResult & { loadSeconds: number }> {
  log(`\n== postgres --scale: demo data + 1,000 metering points × 13 months of 15-minute readings`);
  const { drop, meteringMs } = await openFresh("postgres", log);
  try {
    const started = Date.now();
    const point = await loadScale(1000, 13, log);
    const loadSeconds = Math.round((Date.now() - started) / 1000);
    const sizes = await tableSizes();
    log(`   ${sizes.rows} rows, heap ${sizes.heap}, indexes ${sizes.index}, loaded in ${loadSeconds} s`);
    const queries = await benchQueries(point, TZ, RUNS);
    log(table(queries));
    const imports = await benchImport("aurora", 100_000, true);
    log(`   import at scale: ${importLine(imports)}`);
    return { engine: SCALE_HEADING.slice(4), meteringSeedMs: meteringMs, sizes, queries, imports, loadSeconds };
  } finally {
    await closeDb();
    await drop();
  }
}

const SCALE_HEADING = "### postgres, 38 M rows";

function importLine(i: Awaited<ReturnType<typeof benchImport>>): string {
  const n = (v: number) => v.toLocaleString("en-GB");
  return (
    `Import of a CSV delivery of ${n(i.rowsPerFile)} readings (${i.points} points; read, checked, copied and rolled up in one transaction; after one untimed delivery): ` +
    `${n(i.insertRowsPerSecond)} rows/s new (the median of ${i.deliveries} deliveries, one after another; ${n(i.insertRange[0])}–${n(i.insertRange[1])}), ${n(i.unchangedRowsPerSecond)} rows/s when a file comes again` +
    (i.parallel ? `; ${i.parallel.files} such files, ${i.parallel.at} at a time on separate connections: ${n(i.parallel.rowsPerSecond)} rows/s.` : ".") +
    ` The median delivery's time, ms: ${Object.entries(i.phases)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")} (read: a first look at the file's points and times; check: the points, locks and prices; write: the rows read, checked and copied at once).`
  );
}

function renderEngine(r: EngineResult): string {
  return [
    `### ${r.engine}`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
    "",
    `interval_readings: ${r.sizes.rows.toLocaleString("en-GB")} rows, heap ${r.sizes.heap}, indexes ${r.sizes.index}.` +
      (r.meteringSeedMs ? ` Metering demo seeder: ${(r.meteringSeedMs / 1000).toFixed(1)} s.` : "") +
      ("loadSeconds" in r ? ` Bulk load of the 1,000 extra points (readings, keys, hourly rollup): ${(r as { loadSeconds: number }).loadSeconds} s.` : ""),
    "",
    table(r.queries),
    "",
    importLine(r.imports),
    "",
  ].join("\n");
}

const INTRO = [
  "",
  "One 15-minute metering point of the demo data (13 months of history and the current month); each query runs",
  `${RUNS} times after 3 warm-up runs. "buckets" is the number of values the chart gets.`,
  "",
].join("\n");

/** The doc section: a run replaces the engines it measured and keeps the others' last numbers. */
function render(previous: string | null, results: EngineResult[]): string {
  const body = previous ? previous.slice(START.length, previous.length - END.length) : "";
  const blocks = new Map<string, string>();
  for (const part of body.split(/\n(?=### )/).slice(1)) blocks.set(part.split("\n")[0].slice(4).trim(), `${part.trimEnd()}\n`);
  for (const r of results) blocks.set(r.engine, renderEngine(r));
  const order = ["pglite", "postgres", SCALE_HEADING.slice(4)];
  const names = [...blocks.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return `${START}${INTRO}${names.map((n) => `\n${blocks.get(n)}`).join("")}${END}`;
}

function writeDoc(results: EngineResult[], scale: (EngineResult & { loadSeconds: number }) | null) {
  const all = scale ? [...results, scale] : results;
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n\n## Readings queries and import\n\n";
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a >= 0 && b > a) {
    doc = doc.slice(0, a) + render(doc.slice(a, b + END.length), all) + doc.slice(b + END.length);
  } else {
    doc = `${doc.trimEnd()}\n\n${render(null, all)}\n`;
  }
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, doc);
}

// ---------------------------------------------------------------- server render section

const RENDER_START = "<!-- bench:render:start -->";
const RENDER_END = "<!-- bench:render:end -->";
const BUDGET_MS = 100;

function renderIntro(runs: number): string {
  return [
    "",
    "The production build (`next build`) served by `scripts/server.ts` as `npm start` serves it, on a fresh",
    "database with the demo data (13 months of readings). Two aurora customers sign in once through the",
    "sandbox e-ID pages in Chromium: one with solar production, one without (an apartment with electricity",
    "and district heat). Then plain HTTP requests from the same machine, one at a time over one keep-alive",
    "connection, with their session cookies and `Accept-Encoding: gzip, deflate, br` as a browser sends:",
    `3 warm-ups, then ${runs} timed runs per request. Pages stream: "first byte" is the response head and the`,
    'page shell, "last byte" the end of the HTML with every card rendered, i.e. the whole server render',
    "(PGlite runs its queries in the server's own thread and keeps the event loop busy until the last one",
    "has answered, so there the shell leaves together with the rest).",
    "The API calls load what the dashboard's cards show, with the cards' ranges (this month by day, the last",
    "12 months by month) and one series per energy kind; kB is the size on the wire. Budget:",
    `${BUDGET_MS} ms at p95 for every page and endpoint.`,
    "",
  ].join("\n");
}

/** A render run with the machine's state when it ended. */
interface RenderRun {
  result: RenderResult;
  machine: string;
  date: string;
}

const JS_BUDGET_KB = 170;

function renderBlock({ result: r, machine: host, date }: RenderRun): string {
  const over = r.timings.filter((t) => t.total.p95 > BUDGET_MS);
  const overJs = r.firstLoadJs.filter((j) => j.gzipKb > JS_BUDGET_KB);
  const facts = [
    r.build ? `Production build: ${r.build.seconds} s${r.build.cold ? " from an empty build folder" : ""}.` : "",
    `Server start on the empty database (migrations, demo data, Next.js start-up): ${r.startSeconds} s.`,
  ].filter(Boolean);
  return [
    `### ${r.engine}`,
    "",
    `Measured ${date} on ${host}.`,
    "",
    facts.join(" "),
    "",
    renderTable(r.timings),
    "",
    over.length
      ? `Over the ${BUDGET_MS} ms budget at p95 (last byte): ${over.map((t) => `${t.label.replace(/^GET /, "")}, ${t.customer}: ${Math.round(t.total.p95)} ms`).join("; ")}.`
      : `Every page and endpoint within the ${BUDGET_MS} ms budget at p95 (last byte).`,
    "",
    `First Load JS (every script a page's HTML loads, gzip -9; budget ${JS_BUDGET_KB} kB): ${r.firstLoadJs.map((j) => `${j.page} ${j.gzipKb} kB in ${j.scripts} files`).join(", ")}.`,
    "",
    overJs.length ? `**Over the First Load JS budget**: ${overJs.map((j) => `${j.page} (${j.gzipKb} kB)`).join(", ")}.` : `Every page within the ${JS_BUDGET_KB} kB First Load JS budget.`,
    "",
    ...(r.lighthouse
      ? [
          `Lighthouse 12 mobile (simulated slow 4G, its default), performance only, the run with the median score of ${LIGHTHOUSE_RUNS} per page (every run's score under "runs"); goal ≥ ${LIGHTHOUSE_GOAL.score} with LCP ≤ ${LIGHTHOUSE_GOAL.lcpMs / 1000} s and CLS ≤ ${LIGHTHOUSE_GOAL.cls}. "First frame seen" is when Chromium showed the median run's first contentful frame in the load Lighthouse observed, before its simulation: at a second or more it is the late first frame of the notes below. The page's scripts wait for that frame (decision 0042), so the simulation leaves them out of LCP however late it comes.`,
          "",
          lighthouseTable(r.lighthouse),
          "",
          r.lighthouse.every(meetsLighthouseGoal)
            ? "Every page meets the Lighthouse goal."
            : `**Below the Lighthouse goal**: ${r.lighthouse
                .filter((x) => !meetsLighthouseGoal(x))
                .map((x) => x.page)
                .join(", ")}.`,
          "",
        ]
      : []),
  ].join("\n");
}

/** The render section: a run replaces the engines it measured and keeps the others' last numbers. */
function writeRenderDoc(results: RenderRun[]) {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  const a = doc.indexOf(RENDER_START);
  const b = doc.indexOf(RENDER_END);
  const blocks = new Map<string, string>();
  if (a >= 0 && b > a) {
    for (const part of doc
      .slice(a + RENDER_START.length, b)
      .split(/\n(?=### )/)
      .slice(1))
      blocks.set(part.split("\n")[0].slice(4).trim(), `${part.trimEnd()}\n`);
  }
  for (const r of results) blocks.set(r.result.engine, renderBlock(r));
  const names = [...blocks.keys()].sort((x, y) => ["pglite", "postgres"].indexOf(x) - ["pglite", "postgres"].indexOf(y));
  const section = `${RENDER_START}${renderIntro(RUNS)}${names.map((n) => `\n${blocks.get(n)}`).join("")}${RENDER_END}`;
  doc = a >= 0 && b > a ? doc.slice(0, a) + section + doc.slice(b + RENDER_END.length) : `${doc.trimEnd()}\n\n## Server render times\n\n${section}\n`;
  fs.mkdirSync(path.dirname(DOC), { recursive: true });
  fs.writeFileSync(DOC, doc);
}

// ---------------------------------------------------------------- throughput section

const TP_START = "<!-- bench:throughput:start -->";
const TP_END = "<!-- bench:throughput:end -->";

/** The issue's goals, read against a run: each line says met or not, with the number. */
function throughputSummary(results: ThroughputResult[]): string {
  const lines: string[] = ["| goal | measured | met |", "|---|---|---|"];
  const pick = (r: ThroughputResult, label: string, processes = 1) => r.rows.find((x) => x.label.startsWith(label) && x.processes === processes);
  for (const r of results) {
    const maxP = Math.max(...r.rows.map((x) => x.processes));
    for (const [label, goal] of [
      ["GET /api/me", 0.1],
      ["GET /api/invoices", 0.1],
      ["GET /api/countries", 0.3],
    ] as const) {
      const row = pick(r, label);
      if (row?.ratio != null)
        lines.push(`| ${r.engine}: ${label} ≥ ${goal} of bare (1 process) | ${row.ratio.toFixed(3)} (${Math.round(row.reqPerSec)} req/s) | ${row.ratio >= goal ? "yes" : "no"} |`);
    }
    const dash = pick(r, "GET /dashboard", maxP);
    if (dash)
      lines.push(
        `| ${r.engine}: /dashboard ≥ 100 req/s, p95 ≤ 200 ms at 50 connections (${maxP} process${maxP > 1 ? "es" : ""}) | ${Math.round(dash.reqPerSec)} req/s, p95 ${Math.round(dash.p95)} ms | ${dash.reqPerSec >= 100 && dash.p95 <= 200 ? "yes" : "no"} |`,
      );
    const cards = pick(r, "GET /api/dashboard/overview", maxP);
    if (dash && cards)
      lines.push(
        `| ${r.engine}: a dashboard visit (the document and its cards' call), server CPU (${maxP} process${maxP > 1 ? "es" : ""}) | ${(dash.cpuPerRequest + cards.cpuPerRequest).toFixed(1)} ms (${dash.cpuPerRequest.toFixed(1)} + ${cards.cpuPerRequest.toFixed(1)}) | for reading |`,
      );
    if (r.load) {
      const failed = r.load.errors + r.load.non2xx;
      lines.push(
        `| ${r.engine}: 200 connections for ${r.load.seconds} s, no failure, p99 ≤ 1 s | ${failed} failed of ${r.load.requests}, p99 ${Math.round(r.load.p99)} ms | ${failed === 0 && r.load.p99 <= 1000 ? "yes" : "no"} |`,
      );
    }
    for (const m of r.memory) {
      const flat = m.afterSecondMb <= m.afterFirstMb * 1.1;
      lines.push(
        `| ${r.engine}: RSS ≤ 400 MB after 10,000 mixed requests and flat after 10,000 more (${m.processes} process${m.processes > 1 ? "es" : ""}) | ${m.afterFirstMb} MB, then ${m.afterSecondMb} MB | ${m.afterFirstMb <= 400 * m.processes && flat ? "yes" : "no"} |`,
      );
    }
  }
  return lines.join("\n");
}

function writeThroughputDoc(results: ThroughputResult[]) {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  const a = doc.indexOf(TP_START);
  const b = doc.indexOf(TP_END);
  const blocks = new Map<string, string>();
  if (a >= 0 && b > a) {
    for (const part of doc
      .slice(a + TP_START.length, b)
      .split(/\n(?=### )/)
      .slice(1))
      blocks.set(part.split("\n")[0].slice(4).trim(), `${part.trimEnd()}\n`);
  }
  const date = new Date().toISOString().slice(0, 10);
  for (const r of results) {
    blocks.set(r.engine, [`### ${r.engine}`, "", `Measured ${date} on ${machine()}.`, "", throughputTable(r), "", "Goals:", "", throughputSummary([r]), ""].join("\n"));
  }
  const intro = [
    "",
    "`npm run bench -- --throughput`: the production server on a fresh database with the demo data, loaded with",
    "autocannon from the same machine (so the load generator shares the two cores with the server and the database).",
    "A bare `node:http` server answering the same JSON as `/api/countries` runs in the same run as the ceiling,",
    "measured before the portal's rows and again after each set of them (the row lists each measurement);",
    '"of bare" is the request rate as a share of their mean. Signed-in requests carry the session cookie of a demo customer',
    "signed in through the sandbox e-ID pages. Pages are asked for with `Accept-Encoding: gzip, deflate, br`.",
    "Failed counts errors (timeouts after 10 s among them) and non-2xx answers. Server CPU is the user and system",
    "time of the server's processes during the measurement divided by its requests: steadier than req/s when",
    "neighbours on a shared machine take turns on the cores.",
    "",
  ].join("\n");
  const names = [...blocks.keys()].sort((x, y) => ["pglite", "postgres"].indexOf(x) - ["pglite", "postgres"].indexOf(y));
  const section = `${TP_START}${intro}${names.map((n) => `\n${blocks.get(n)}`).join("")}${TP_END}`;
  doc = a >= 0 && b > a ? doc.slice(0, a) + section + doc.slice(b + TP_END.length) : `${doc.trimEnd()}\n\n## Throughput under load\n\n${section}\n`;
  fs.writeFileSync(DOC, doc);
}

// ---------------------------------------------------------------- personal API tokens section

const TOK_START = "<!-- bench:tokens:start -->";
const TOK_END = "<!-- bench:tokens:end -->";

function writeTokensDoc(results: TokenBenchResult[]) {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  const a = doc.indexOf(TOK_START);
  const b = doc.indexOf(TOK_END);
  const blocks = new Map<string, string>();
  if (a >= 0 && b > a) {
    for (const part of doc
      .slice(a + TOK_START.length, b)
      .split(/\n(?=### )/)
      .slice(1))
      blocks.set(part.split("\n")[0].slice(4).trim(), `${part.trimEnd()}\n`);
  }
  const date = new Date().toISOString().slice(0, 10);
  for (const r of results) {
    const counted =
      r.counted.rolledUp === null
        ? ""
        : `Use roll-up after the server stopped: ${r.counted.rolledUp.toLocaleString("en-GB")} calls counted; the load generator saw ${r.counted.answered.toLocaleString("en-GB")} answered (calls still in flight when a measurement ends are counted by the server only).`;
    blocks.set(
      r.engine,
      [`### ${r.engine}`, "", `Measured ${date} on ${machine()}; ${r.seconds} s per measurement, 20 connections.`, "", tokensTable(r), "", counted, ""]
        .filter((l, i, all) => l !== "" || all[i - 1] !== "")
        .join("\n"),
    );
  }
  const intro = [
    "",
    "`npm run bench -- --tokens-only` (or `--tokens` with the rest): the production server on a fresh database with",
    "the demo data; the same read endpoints asked for with a personal API token (`Authorization: Bearer eppat_…`)",
    "and with the session cookie of the same customer, and a bare `node:http` server answering the invoices' JSON",
    "in the same run. The token's rate limit is raised for the run (`API_TOKEN_RATE_LIMIT_MAX`), so every call",
    "takes the whole path: the token looked up (cached), its rate limit (allowances taken from the shared window",
    "in blocks) and its use roll-up (counted in memory, written in batches; decision 0018). Goal: the token",
    "within 10 % of the session.",
    "",
  ].join("\n");
  const names = [...blocks.keys()].sort((x, y) => ["pglite", "postgres"].indexOf(x) - ["pglite", "postgres"].indexOf(y));
  const section = `${TOK_START}${intro}${names.map((n) => `\n${blocks.get(n)}`).join("")}${TOK_END}`;
  doc = a >= 0 && b > a ? doc.slice(0, a) + section + doc.slice(b + TOK_END.length) : `${doc.trimEnd()}\n\n## Personal API tokens under load\n\n${section}\n`;
  fs.writeFileSync(DOC, doc);
}

// ---------------------------------------------------------------- spot-price alert fan-out section

const FAN_START = "<!-- bench:fanout:start -->";
const FAN_END = "<!-- bench:fanout:end -->";

function writeFanoutDoc(r: FanoutResult) {
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  const a = doc.indexOf(FAN_START);
  const b = doc.indexOf(FAN_END);
  const body = [
    "",
    "`npm run bench -- --fanout-only` (or `--fanout` with the rest; PostgreSQL only, never in a plain `npm run bench`):",
    "a fresh database with the demo sites; 100,000 customers of one site (aurora) with an enabled spot-price alert",
    "each (lower limit 6, upper 20 c/kWh), inserted with bulk SQL. Tomorrow's 24 prices, crossing both limits, go",
    "through the real import (`importSpotPrices`, as the ENTSO-E import calls it), which queues the evaluation job;",
    "the bench process works every job as the server does (one process, pg-boss on the same database). Timed from",
    "the import's start until the evaluation job has queued one notification-event job per customer: the alerts",
    "are read in pages of 1,000 and each page's jobs go in one batch insert (`sendJobs`, with the same idempotency",
    "keys as `queueNotification`). Then the fan-out's backlog is set aside and the outbox is delivered: outbox",
    "rows as the event job writes them, their delivery jobs queued at once, timed until every row is sent and the",
    "local server has it: the Web Push test service (VAPID checked, payload decrypted) and an SMTP server",
    "(`smtp-server`; the delivery job queues the mail job, which sends over SMTP). One worker per job kind in one",
    `process takes one job at a time; more processes on the same database add workers. Goal: every notification queued within ${FANOUT_GOAL_SECONDS} s.`,
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`,
    "",
    fanoutTable(r),
    "",
    fanoutSummary(r),
    "",
  ].join("\n");
  const section = `${FAN_START}${body}${FAN_END}`;
  doc = a >= 0 && b > a ? doc.slice(0, a) + section + doc.slice(b + FAN_END.length) : `${doc.trimEnd()}\n\n## Spot-price alert fan-out\n\n${section}\n`;
  fs.writeFileSync(DOC, doc);
}

async function main() {
  process.env.PORTAL_OWN_SIGNALS = "1";
  const log = (m: string) => console.log(m);
  const only = option("engine");
  const engines: ("pglite" | "postgres")[] = [];
  const renderOnly = flag("render-only");
  const throughputOnly = flag("throughput-only");
  const tokensOnly = flag("tokens-only");
  const fanoutOnly = flag("fanout-only");
  if (!flag("scale-only") && !renderOnly && !throughputOnly && !tokensOnly && !fanoutOnly) {
    if (!only || only === "pglite") engines.push("pglite");
    if ((!only || only === "postgres") && PG_URL) engines.push("postgres");
  }
  const results: EngineResult[] = [];
  for (const e of engines) results.push(await benchEngine(e, log));
  const wantScale = flag("scale") || flag("scale-only");
  const scale = wantScale && PG_URL ? await benchScale(log) : null;
  if (wantScale && !scale) log("--scale needs DATABASE_URL (PostgreSQL).");
  const renders: RenderRun[] = [];
  if (flag("render") || renderOnly) {
    const port = Number(option("port") ?? 3260);
    for (const engine of ["pglite", "postgres"] as const) {
      if ((only && only !== engine) || (engine === "postgres" && !PG_URL)) continue;
      const result = await benchRender({ engine, postgresUrl: PG_URL, runs: RUNS, port, lighthouse: !flag("no-lighthouse"), log });
      log(`\n${renderTable(result.timings)}`);
      for (const j of result.firstLoadJs) if (j.gzipKb > JS_BUDGET_KB) log(`   OVER BUDGET: First Load JS of ${j.page} is ${j.gzipKb} kB (budget ${JS_BUDGET_KB} kB)`);
      for (const x of result.lighthouse ?? []) if (!meetsLighthouseGoal(x)) log(`   BELOW GOAL: Lighthouse ${x.page} ${x.score} (LCP ${x.lcpMs} ms, CLS ${x.cls})`);
      renders.push({ result, machine: machine(), date: new Date().toISOString().slice(0, 10) });
    }
  }
  const throughputs: ThroughputResult[] = [];
  if (flag("throughput") || throughputOnly) {
    const port = Number(option("port") ?? 3260);
    for (const engine of ["pglite", "postgres"] as const) {
      if ((only && only !== engine) || (engine === "postgres" && !PG_URL)) continue;
      const result = await benchThroughput({ engine, postgresUrl: PG_URL, port, seconds: Number(option("seconds") ?? 10), loadSeconds: Number(option("load-seconds") ?? 60), log });
      log(`\n${throughputTable(result)}`);
      throughputs.push(result);
    }
    if (throughputs.length) log(`\nSummary\n${throughputSummary(throughputs)}`);
  }
  const tokenRuns: TokenBenchResult[] = [];
  if (flag("tokens") || tokensOnly) {
    const port = Number(option("port") ?? 3260);
    for (const engine of ["pglite", "postgres"] as const) {
      if ((only && only !== engine) || (engine === "postgres" && !PG_URL)) continue;
      const result = await benchTokens({ engine, postgresUrl: PG_URL, port, seconds: Number(option("seconds") ?? 10), log });
      log(`\n${tokensTable(result)}`);
      tokenRuns.push(result);
    }
  }
  let fanout: FanoutResult | null = null;
  if (flag("fanout") || fanoutOnly) {
    if (!PG_URL) log("--fanout needs DATABASE_URL (PostgreSQL).");
    else {
      fanout = await benchFanout({ postgresUrl: PG_URL, customers: Number(option("fanout-customers") ?? 100_000), deliveries: Number(option("deliveries") ?? 2000), log });
      log(`\n${fanoutTable(fanout)}\n\n${fanoutSummary(fanout)}`);
    }
  }
  if (!flag("no-write")) {
    if (!renderOnly && !throughputOnly && !tokensOnly && !fanoutOnly) writeDoc(results, scale);
    if (tokenRuns.length) writeTokensDoc(tokenRuns);
    if (fanout) writeFanoutDoc(fanout);
    if (renders.length) writeRenderDoc(renders);
    if (throughputs.length) writeThroughputDoc(throughputs);
    log(`\nWrote ${path.relative(process.cwd(), DOC)}.`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
