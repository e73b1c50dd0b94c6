/**
 * `npm run bench`: the performance numbers of docs/performance.md, measured on this machine.
 *
 *   npm run bench                      readings queries and import speed on PGlite, and on
 *                                      PostgreSQL too when DATABASE_URL is set (in a scratch database)
 *   npm run bench -- --scale           adds 1,000 metering points × 13 months of 15-minute data
 *                                      (≈ 38 M rows) on PostgreSQL and measures the same queries
 *   npm run bench -- --scale-only      only the scale run; keeps the other numbers in the doc
 *   --runs <n>                         timed runs per query (default 30)
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

function machine(): string {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  const load = os.loadavg().map((l) => l.toFixed(1)).join(" / ");
  return `${os.cpus().length} cores (${model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${load} (1 / 5 / 15 min; the machine is shared, so numbers above 2 mean other work competed for the cores)`;
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
function table(rows: Timing[]): string {
  return ["| query | buckets | p50 ms | p95 ms |", "|---|---:|---:|---:|", ...rows.map((r) => `| ${r.label} | ${r.rows ?? ""} | ${ms(r.p50)} | ${ms(r.p95)} |`)].join("\n");
}

async function adminDatabase(url: string, statement: string) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
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
    await adminDatabase(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
    drop = () => adminDatabase(base, `drop database if exists ${name} with (force)`);
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
    const imports = await benchImport(point, 100_000);
    log(`   ${imports.rows} rows: ${imports.insertRowsPerSecond} rows/s new, ${imports.unchangedRowsPerSecond} rows/s re-import (unchanged)`);
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
    const imports = await benchImport(point, 100_000);
    log(`   import at scale: ${imports.insertRowsPerSecond} rows/s new, ${imports.unchangedRowsPerSecond} rows/s unchanged`);
    return { engine: SCALE_HEADING.slice(4), meteringSeedMs: meteringMs, sizes, queries, imports, loadSeconds };
  } finally {
    await closeDb();
    await drop();
  }
}

const SCALE_HEADING = "### postgres, 38 M rows";

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
    `Import of ${r.imports.rows.toLocaleString("en-GB")} readings (validate, COPY, upsert and rollup refresh in one transaction): ${r.imports.insertRowsPerSecond.toLocaleString("en-GB")} rows/s new, ${r.imports.unchangedRowsPerSecond.toLocaleString("en-GB")} rows/s when re-imported unchanged.`,
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

async function main() {
  process.env.PORTAL_OWN_SIGNALS = "1";
  const log = (m: string) => console.log(m);
  const only = option("engine");
  const engines: ("pglite" | "postgres")[] = [];
  if (!flag("scale-only")) {
    if (!only || only === "pglite") engines.push("pglite");
    if ((!only || only === "postgres") && PG_URL) engines.push("postgres");
  }
  const results: EngineResult[] = [];
  for (const e of engines) results.push(await benchEngine(e, log));
  const wantScale = flag("scale") || flag("scale-only");
  const scale = wantScale && PG_URL ? await benchScale(log) : null;
  if (wantScale && !scale) log("--scale needs DATABASE_URL (PostgreSQL).");
  if (!flag("no-write")) {
    writeDoc(results, scale);
    log(`\nWrote ${path.relative(process.cwd(), DOC)}.`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
