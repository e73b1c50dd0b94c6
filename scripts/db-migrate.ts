/** `npm run db:migrate`: applies the checked-in migrations to PGlite (PGLITE_DIR) or PostgreSQL (DATABASE_URL). */
import { closeDb, getState } from "../src/server/db/client";

(async () => {
  const state = await getState();
  console.log(`Migrated ${state.engine.kind === "pglite" ? state.engine.dir : "PostgreSQL"}.`);
  await closeDb();
})().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
