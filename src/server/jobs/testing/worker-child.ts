import "server-only";
import { getDb } from "@/server/db/client";
import { startJobs } from "../runtime";
import { TEST_REGISTRY } from "./jobs";

/**
 * A worker in a process of its own, for the restart test (durability.test.ts): opens the database
 * of DATABASE_URL or PGLITE_DIR, works the test registry and prints `WORKING` once it takes jobs.
 * SIGTERM stops it cleanly (the database client closes on it); the test kills it with SIGKILL
 * mid-job instead.
 */
async function main() {
  await getDb();
  await startJobs({ registry: TEST_REGISTRY, work: true, maintenanceIntervalSeconds: 1 });
  process.stdout.write(`WORKING ${process.pid}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
