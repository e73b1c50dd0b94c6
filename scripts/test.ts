/**
 * `npm test`: lint, type check, unit and integration tests on PGlite (and again on PostgreSQL when
 * DATABASE_URL is set), then the browser suite against the real server (on PostgreSQL when
 * DATABASE_URL is set). Ends with one summary line.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const RESULTS = path.join(ROOT, "test-results");
fs.mkdirSync(RESULTS, { recursive: true });

interface Step {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
  /** Failed tests as "file › test: first line of the error", for the summary. */
  failures: string[];
}
const steps: Step[] = [];
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

function run(name: string, cmd: string, args: string[], env: Record<string, string> = {}, jsonReport?: string, errorsFile?: string) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  if (jsonReport && fs.existsSync(jsonReport)) {
    const report = JSON.parse(fs.readFileSync(jsonReport, "utf8")) as VitestReport;
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numFailedTests === 0 && result.status !== 0 ? 1 : 0);
    for (const file of report.testResults ?? []) {
      const where = path.relative(ROOT, file.name);
      const failedTests = file.assertionResults.filter((t) => t.status === "failed");
      for (const t of failedTests) failures.push(`${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
      // A file that fails before its tests run (an import or a hook) has no failed test to name.
      if (!failedTests.length && file.status === "failed") failures.push(`${where}: ${firstLine(file.message)}`);
    }
  } else if (result.status !== 0) failed = 1;
  // Errors outside any test fail the run without failing a test; name them too.
  if (errorsFile && fs.existsSync(errorsFile)) for (const e of JSON.parse(fs.readFileSync(errorsFile, "utf8")) as string[]) failures.push(`unhandled ${e}`);
  else passed = jsonReport ? 0 : 1;
  steps.push({ name, passed, failed, ok: result.status === 0, seconds: (Date.now() - started) / 1000, failures });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults: { title: string; fullName?: string; status: string; failureMessages?: string[] }[] }[];
}

function firstLine(message: string | undefined): string {
  const plain = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  return (plain.split("\n").find((l) => l.trim()) ?? "").trim().slice(0, 300);
}

const vitest = (name: string, args: string[], env: Record<string, string> = {}) => {
  const report = path.join(RESULTS, `${name.replace(/\W+/g, "-")}.json`);
  const errors = report.replace(/\.json$/, ".unhandled.json");
  for (const f of [report, errors]) fs.rmSync(f, { force: true });
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, "--reporter=./scripts/unhandled-errors-reporter.ts"];
  run(name, bin("vitest"), ["run", ...args, ...reporters], { ...env, UNHANDLED_ERRORS_FILE: errors }, report, errors);
};

/** What the formatter keeps formatted (.prettierrc.json; JSON and Markdown are left as written). */
const FORMATTED = ["src/**/*.{ts,tsx,css}", "scripts/**/*.{ts,cjs}", "e2e/**/*.ts", "*.{ts,mts,mjs,cjs}"];

const only = process.argv.slice(2);
const want = (step: string) => only.length === 0 || only.includes(step);

if (want("lint")) {
  run("lint", bin("eslint"), [".", "--max-warnings=0"]);
  // The formatter's check: `npm run format` writes what it asks for.
  run("format", bin("prettier"), ["--check", "--log-level=warn", ...FORMATTED]);
}
if (want("typecheck")) run("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
if (want("unit")) vitest("unit and integration (PGlite)", [], { TEST_DB: "pglite" });
if (want("unit") && process.env.DATABASE_URL) vitest("integration (PostgreSQL)", [], { TEST_DB: "postgres" });
// The browser suite runs once, on PostgreSQL where there is one (CI), else on PGlite; the
// integration tests above cover both databases.
if (want("e2e")) {
  const engine = process.env.DATABASE_URL ? "postgres" : "pglite";
  vitest(`browser (${engine === "postgres" ? "PostgreSQL" : "PGlite"})`, ["--config", "vitest.e2e.config.mts"], { TEST_DB: engine });
}

console.log("\n━━ Summary");
for (const s of steps) console.log(`${s.ok ? "✓" : "✗"} ${s.name.padEnd(34)} ${String(s.passed).padStart(4)} passed ${String(s.failed).padStart(3)} failed  ${s.seconds.toFixed(0)} s`);
for (const s of steps) for (const f of s.failures) console.log(`  ✗ ${s.name}: ${f}`);
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
