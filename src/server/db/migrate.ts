import "server-only";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Engine } from "./engine";

const MIGRATIONS = path.resolve(process.cwd(), "src/server/db/migrations");
/** Same number on every engine so concurrent starts on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK = 72_091_337;

/** Brings the database up to the checked-in migrations; on PostgreSQL one process at a time. */
export async function runMigrations(engine: Engine): Promise<void> {
  if (engine.kind === "pglite") {
    const { migrate, drizzle } = await import("./drivers/pglite");
    await migrate(drizzle(engine.client), { migrationsFolder: MIGRATIONS });
    return;
  }
  const { migrate, drizzle, postgres } = await import("./drivers/postgres");
  // One dedicated connection, so the advisory lock and the migration share a session.
  const client = postgres(engine.url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzle(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
