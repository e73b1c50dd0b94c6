/**
 * `npm run import -- <kind> <file…> --site <id>`: loads energy data into the database the app
 * uses (PGlite in ./data, or DATABASE_URL).
 *
 *   readings <file.csv…> --site <id>     meter readings (gsrn, timestamp, interval_minutes, value, unit[, quality, series])
 *   prices <file.xml…>                   ENTSO-E day-ahead prices (A44 Publication_MarketDocument)
 *   temperatures <file.csv…>             hourly temperatures (area, timestamp, temperature_c)
 *   outages <file.csv…> --site <id>      grid outages (id, kind, area_name, start[, end, postal_codes, gsrns, …]):
 *                                        start, update and end outages; see src/server/outages/import.ts
 *   token --site <id> [--name <name>]    creates a bearer token for POST /api/import/readings and /api/import/outages
 *   --parallel <n>                       files imported at once (default: 2 on PostgreSQL with more than
 *                                        two cores, else 1: each import keeps this process busy
 *                                        for half its time and a server process for the rest)
 *
 * Each file is one transaction: any bad row rejects that file, listed by line, and the others
 * go on. Importing the same file again changes nothing. Several files are imported on separate
 * connections at once on PostgreSQL, where each import keeps one server process busy.
 */
import fs from "node:fs";
import os from "node:os";
import { closeDb, getDb, getState } from "../src/server/db/client";
import { startJobs } from "../src/server/jobs/runtime";
import { getSiteById } from "../src/server/sites/sites";
import { importReadingsCsv } from "../src/server/importers/readings";
import { importSpotPrices, parseEntsoeA44 } from "../src/server/importers/spot-prices";
import { importTemperatures, parseTemperaturesCsv } from "../src/server/importers/temperatures";
import { createImportToken } from "../src/server/importers/tokens";
import { importOutagesCsv } from "../src/server/outages/import";
import { ImportError, type ImportResult } from "../src/server/importers/types";

const USAGE = "usage: npm run import -- readings|prices|temperatures|outages <file…> [--site <id>] [--parallel <n>] | token --site <id> [--name <name>]";
const KINDS = ["readings", "prices", "temperatures", "outages"] as const;
type Kind = (typeof KINDS)[number];

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The positional arguments: everything that is neither an option nor an option's value. */
function positional(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith("--")) i++;
    else out.push(args[i]);
  }
  return out;
}

async function importFile(kind: Kind, file: string, siteId: string | undefined): Promise<ImportResult> {
  const text = fs.readFileSync(file, "utf8");
  if (kind === "readings") return importReadingsCsv(siteId!, text);
  if (kind === "outages") return importOutagesCsv(siteId!, text);
  if (kind === "prices") return importSpotPrices(parseEntsoeA44(text));
  return importTemperatures(parseTemperaturesCsv(text));
}

/** Runs the command with its arguments (after `npm run import --`); returns the exit code. */
export async function runImport(args: string[], log: (line: string) => void = console.log, warn: (line: string) => void = console.error): Promise<number> {
  const [kind, ...files] = positional(args);
  const siteId = option(args, "site");
  if (kind !== "token" && (!KINDS.includes(kind as Kind) || !files.length)) {
    warn(USAGE);
    return 2;
  }
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length) {
    warn(`No such file: ${missing.join(", ")}`);
    return 2;
  }
  await getDb();
  if (siteId && !(await getSiteById(siteId))) {
    warn(`No site "${siteId}".`);
    return 2;
  }
  if (kind === "token") {
    if (!siteId) {
      warn("token needs --site <id>");
      return 2;
    }
    const { token } = await createImportToken(siteId, option(args, "name") ?? "import");
    log(`Import token for ${siteId} (shown once, store it now):\n${token}`);
    return 0;
  }
  if ((kind === "readings" || kind === "outages") && !siteId) {
    warn(`${kind} need --site <id>: GSRNs and outages are per site`);
    return 2;
  }
  const engine = (await getState()).engine.kind;
  const parallel = Math.max(1, Number(option(args, "parallel") ?? (engine === "postgres" && os.availableParallelism() > 2 ? 2 : 1)) || 1);
  const started = Date.now();
  let failed = 0;
  let rows = 0;
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const fileStarted = Date.now();
      try {
        const result = await importFile(kind as Kind, file, siteId);
        rows += result.rows;
        const seconds = (Date.now() - fileStarted) / 1000;
        log(
          `${file}: ${result.rows} rows, ${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged in ${seconds.toFixed(2)} s (${Math.round(result.rows / Math.max(seconds, 0.001))} rows/s)`,
        );
      } catch (err) {
        failed++;
        if (err instanceof ImportError) {
          warn(`${file}: nothing was imported, ${err.issues.length} problem(s)`);
          for (const i of err.issues) warn(`  line ${i.line}, ${i.field}: ${i.message}${i.value !== undefined ? ` (${i.value})` : ""}`);
        } else {
          warn(`${file}: nothing was imported: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, worker));
  if (files.length > 1) {
    const seconds = (Date.now() - started) / 1000;
    log(`${kind}: ${files.length - failed} of ${files.length} files, ${rows} rows in ${seconds.toFixed(2)} s (${Math.round(rows / Math.max(seconds, 0.001))} rows/s)`);
  }
  return failed ? 1 : 0;
}

if (require.main === module) {
  // The command queues jobs (spot-price alerts after new prices) but leaves them to the servers:
  // a job taken here would be held by a process about to exit.
  startJobs({ work: false })
    .then(() => runImport(process.argv.slice(2)))
    .then(async (code) => {
      await closeDb();
      process.exit(code);
    })
    .catch(async (err) => {
      console.error(err);
      await closeDb();
      process.exit(1);
    });
}
