/**
 * `npm run import -- <kind> <file> --site <id>`: loads energy data into the database the app
 * uses (PGlite in ./data, or DATABASE_URL).
 *
 *   readings <file.csv> --site <id>      meter readings (gsrn, timestamp, interval_minutes, value, unit[, quality, series])
 *   prices <file.xml>                    ENTSO-E day-ahead prices (A44 Publication_MarketDocument)
 *   temperatures <file.csv>              hourly temperatures (area, timestamp, temperature_c)
 *   token --site <id> [--name <name>]    creates a bearer token for POST /api/import/readings
 *
 * Each file is one transaction: any bad row rejects the file, listed by line. Importing the
 * same file again changes nothing.
 */
import fs from "node:fs";
import { closeDb, getDb } from "../src/server/db/client";
import { getSiteById } from "../src/server/sites/sites";
import { importReadings, parseReadingsCsv } from "../src/server/importers/readings";
import { importSpotPrices, parseEntsoeA44 } from "../src/server/importers/spot-prices";
import { importTemperatures, parseTemperaturesCsv } from "../src/server/importers/temperatures";
import { createImportToken } from "../src/server/importers/tokens";
import { ImportError, type ImportResult } from "../src/server/importers/types";

const USAGE = "usage: npm run import -- readings|prices|temperatures <file> [--site <id>] | token --site <id> [--name <name>]";

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const [kind, file] = args;
  const siteId = option(args, "site");
  if (!kind || (kind !== "token" && (!file || file.startsWith("--")))) {
    console.error(USAGE);
    return 2;
  }
  await getDb();
  if (siteId && !(await getSiteById(siteId))) {
    console.error(`No site "${siteId}".`);
    return 2;
  }
  const started = Date.now();
  let result: ImportResult;
  if (kind === "token") {
    if (!siteId) {
      console.error("token needs --site <id>");
      return 2;
    }
    const { token } = await createImportToken(siteId, option(args, "name") ?? "import");
    console.log(`Import token for ${siteId} (shown once, store it now):\n${token}`);
    return 0;
  }
  const text = fs.readFileSync(file, "utf8");
  if (kind === "readings") {
    if (!siteId) {
      console.error("readings need --site <id>: GSRNs are unique per site");
      return 2;
    }
    result = await importReadings(siteId, parseReadingsCsv(text));
  } else if (kind === "prices") {
    result = await importSpotPrices(parseEntsoeA44(text));
  } else if (kind === "temperatures") {
    result = await importTemperatures(parseTemperaturesCsv(text));
  } else {
    console.error(USAGE);
    return 2;
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${kind}: ${result.rows} rows, ${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged in ${seconds.toFixed(2)} s (${Math.round(result.rows / Math.max(seconds, 0.001))} rows/s)`,
  );
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (err) => {
    if (err instanceof ImportError) {
      console.error(`Nothing was imported: ${err.issues.length} problem(s)`);
      for (const i of err.issues) console.error(`  line ${i.line}, ${i.field}: ${i.message}${i.value !== undefined ? ` (${i.value})` : ""}`);
    } else {
      console.error(err);
    }
    await closeDb();
    process.exit(1);
  });
