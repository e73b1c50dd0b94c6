/**
 * Personal API tokens under load: the same read endpoints with a Bearer token and with the session
 * cookie, side by side with a bare node:http server answering the same JSON in the same run. The
 * token's rate limit is raised for the run (API_TOKEN_RATE_LIMIT_MAX), so every call goes the whole
 * way: authentication, the rate limit and the use roll-up (decision 0018). After the server stops,
 * the roll-up is compared with the calls the load generator saw answered.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { build, emptyDatabase, portFree, signIn, stopServer } from "./render";
import { cannon, startBare, startPortal } from "./throughput";

const HOST = "aurora.localhost";
const IDENTITY = "aurora-solar-household";

export interface TokenBenchRow {
  label: string;
  auth: "bare" | "session" | "token";
  connections: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  failed: number;
}

export interface TokenBenchResult {
  engine: "pglite" | "postgres";
  seconds: number;
  rows: TokenBenchRow[];
  /** Calls the load generator saw answered with the token, and the calls the roll-up counted (PostgreSQL; null on PGlite). */
  counted: { answered: number; rolledUp: number | null };
}

export interface TokenBenchOptions {
  engine: "pglite" | "postgres";
  postgresUrl?: string;
  port: number;
  seconds: number;
  log: (m: string) => void;
}

const TARGETS = [
  { label: "GET /api/invoices", path: "/api/invoices", scope: "read-invoices" },
  { label: "GET /api/dashboard/statistics/consumption", path: "/api/dashboard/statistics/consumption", scope: "read-consumption" },
] as const;

function request(port: number, method: string, pathname: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: pathname, method, headers: { host: HOST, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function rolledUp(dbEnv: Record<string, string>): Promise<number | null> {
  if (!dbEnv.DATABASE_URL) return null;
  const { default: postgres } = await import("postgres");
  const client = postgres(dbEnv.DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client.unsafe("select coalesce(sum(count), 0)::int as n from api_token_uses");
    return Number(row.n);
  } finally {
    await client.end();
  }
}

export async function benchTokens(opts: TokenBenchOptions): Promise<TokenBenchResult> {
  const { log, port } = opts;
  const barePort = port + 1;
  log(`\n== ${opts.engine}: personal API tokens against the session (autocannon, ${opts.seconds} s per measurement)`);
  for (const p of [port, barePort]) if (!(await portFree(p))) throw new Error(`Port ${p} is in use: stop what listens there, or pass --port.`);
  build(log);
  const db = await emptyDatabase({ engine: opts.engine, postgresUrl: opts.postgresUrl, port, runs: 0, log });
  const logPath = path.join(os.tmpdir(), `portal-bench-tokens-${port}.log`);
  fs.rmSync(logPath, { force: true });
  const rows: TokenBenchRow[] = [];
  let answered = 0;
  let portal: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  const previousLimit = process.env.API_TOKEN_RATE_LIMIT_MAX;
  try {
    log(`   starting the server (demo data into an empty ${opts.engine} database; log in ${logPath})`);
    // High enough that no call of the run is refused: the run measures the whole path, not 429s.
    process.env.API_TOKEN_RATE_LIMIT_MAX = "1000000";
    portal = await startPortal(opts, db.env, 1, logPath);
    const cookie = (await signIn(port, [IDENTITY])).get(IDENTITY)!;
    const created = await request(
      port,
      "POST",
      "/api/me/api-tokens",
      { cookie, origin: `http://${HOST}`, "content-type": "application/json" },
      JSON.stringify({ name: "Benchmark", scopes: TARGETS.map((t) => t.scope), expiresInDays: 30 }),
    );
    if (created.status !== 201) throw new Error(`creating a token: HTTP ${created.status} ${created.body}`);
    const token = (JSON.parse(created.body) as { token: string }).token;
    const invoices = await request(port, "GET", "/api/invoices", { cookie });
    if (invoices.status !== 200) throw new Error(`GET /api/invoices with the session: HTTP ${invoices.status}`);
    bare = await startBare(barePort, invoices.body);
    const b = await cannon(barePort, ["/"], 20, opts.seconds, {});
    rows.push({ label: "bare node:http, the invoices' JSON", auth: "bare", connections: 20, reqPerSec: b.reqPerSec, p50: b.p50, p95: b.p95, failed: b.errors + b.non2xx });
    log(`   bare node:http, same JSON: ${Math.round(b.reqPerSec)} req/s, p95 ${b.p95.toFixed(1)} ms`);
    for (const t of TARGETS) {
      for (const auth of ["session", "token"] as const) {
        const headers: Record<string, string> = auth === "session" ? { cookie } : { authorization: `Bearer ${token}` };
        // A first pass loads the route's code and fills the caches, as a server in use has them.
        const warm = await cannon(port, [t.path], 4, 1, headers);
        const r = await cannon(port, [t.path], 20, opts.seconds, headers);
        if (auth === "token") answered += warm.total + r.total - warm.errors - r.errors - r.timeouts - warm.timeouts;
        rows.push({ label: t.label, auth, connections: 20, reqPerSec: r.reqPerSec, p50: r.p50, p95: r.p95, failed: r.errors + r.non2xx });
        log(
          `   ${auth.padEnd(7)} ${t.label.padEnd(44)} ${Math.round(r.reqPerSec).toString().padStart(6)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms${r.errors + r.non2xx ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ""}`,
        );
      }
    }
    // The server writes what it counted when it stops; nothing may be missing.
    await stopServer(portal, log);
    portal = null;
    const counted = { answered, rolledUp: await rolledUp(db.env) };
    if (counted.rolledUp !== null) log(`   use roll-up after the stop: ${counted.rolledUp} calls counted, ${answered} answered to the load generator`);
    return { engine: opts.engine, seconds: opts.seconds, rows, counted };
  } finally {
    if (previousLimit === undefined) delete process.env.API_TOKEN_RATE_LIMIT_MAX;
    else process.env.API_TOKEN_RATE_LIMIT_MAX = previousLimit;
    if (bare) bare.kill("SIGTERM");
    if (portal) await stopServer(portal, log);
    await db.drop();
  }
}

const fmt = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

export function tokensTable(r: TokenBenchResult): string {
  const bare = r.rows.find((x) => x.auth === "bare")!;
  const lines = ["| request | session req/s | token req/s | token / session | token of bare | session p95 ms | token p95 ms | failed |", "|---|---:|---:|---:|---:|---:|---:|---:|"];
  lines.push(`| ${bare.label} | ${Math.round(bare.reqPerSec)} (bare) | | | 1 | ${fmt(bare.p95)} (bare) | | ${bare.failed} |`);
  for (const label of [...new Set(r.rows.filter((x) => x.auth !== "bare").map((x) => x.label))]) {
    const s = r.rows.find((x) => x.label === label && x.auth === "session")!;
    const t = r.rows.find((x) => x.label === label && x.auth === "token")!;
    lines.push(
      `| ${label} | ${Math.round(s.reqPerSec)} | ${Math.round(t.reqPerSec)} | ${(t.reqPerSec / s.reqPerSec).toFixed(2)} | ${(t.reqPerSec / bare.reqPerSec).toFixed(3)} | ${fmt(s.p95)} | ${fmt(t.p95)} | ${s.failed + t.failed} |`,
    );
  }
  return lines.join("\n");
}
