/** `npm run db:seed`: loads the demo data (migrating first). Refuses a database that already has sites unless --force. */
import { closeDb, getDb } from "../src/server/db/client";
import { isDatabaseEmpty, seedDemo } from "../src/server/demo/seed";

(async () => {
  await getDb();
  if (!(await isDatabaseEmpty()) && !process.argv.includes("--force")) {
    console.log("The database already has sites; nothing loaded. Use --force to add the demo data anyway.");
  } else {
    const started = Date.now();
    await seedDemo({ log: console.log });
    console.log(`Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  await closeDb();
})().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
