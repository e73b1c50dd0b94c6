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
  /** What passed only on a second run, for the summary. */
  notes: string[];
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
  const unhandled = errorsFile ? unhandledErrors(errorsFile) : [];
  for (const e of unhandled) failures.push(`unhandled ${e.text}`);
  if (!jsonReport && !errorsFile) passed = result.status === 0 ? 1 : 0;
  const step: Step = { name, passed, failed, ok: result.status === 0, seconds: (Date.now() - started) / 1000, failures, notes: [] };
  steps.push(step);
  return { step, unhandled };
}

interface UnhandledError {
  text: string;
  /** The test file that was running, when Vitest knows it. */
  file: string | null;
}

function unhandledErrors(file: string): UnhandledError[] {
  if (!fs.existsSync(file)) return [];
  return JSON.parse(fs.readFileSync(file, "utf8")) as UnhandledError[];
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
  const attempt = (label: string, files: string[], suffix: string) => {
    const report = path.join(RESULTS, `${name.replace(/\W+/g, "-")}${suffix}.json`);
    const errors = report.replace(/\.json$/, ".unhandled.json");
    for (const f of [report, errors]) fs.rmSync(f, { force: true });
    const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, "--reporter=./scripts/unhandled-errors-reporter.ts"];
    return run(label, bin("vitest"), ["run", ...args, ...files, ...reporters], { ...env, UNHANDLED_ERRORS_FILE: errors }, report, errors);
  };
  const first = attempt(name, [], "");
  // Every test passed, yet an error outside any test (a socket reset in a library's background
  // work) failed the run: the files it happened in run once more. A failing assertion is never
  // run again, and the summary keeps what happened either way.
  const files = [...new Set(first.unhandled.map((e) => e.file))];
  const testsFailed = first.step.failures.length > first.unhandled.length;
  if (first.step.ok || testsFailed || !files.length || files.some((f) => !f)) return;
  const second = attempt(`${name}, again`, files as string[], ".again");
  steps.pop();
  if (!second.step.ok) {
    first.step.failures.push(...second.step.failures.map((f) => `again: ${f}`));
    return;
  }
  first.step.ok = true;
  first.step.failed = 0;
  first.step.notes.push(...first.step.failures.map((f) => `${f} (its file passed when run again)`));
  first.step.failures = [];
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
for (const s of steps) for (const n of s.notes) console.log(`  ⚠ ${s.name}: ${n}`);
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
