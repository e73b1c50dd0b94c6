import path from "node:path";
import { sql } from "drizzle-orm";

const MIGRATIONS = path.resolve(process.cwd(), "src/server/db/migrations");
/** Same number on every engine so concurrent starts on one PostgreSQL migrate one at a time. */
const MIGRATION_LOCK = 72_091_337;

type State = Awaited<ReturnType<typeof import("./client").getState>>;

export async function runMigrations(state: State): Promise<void> {
  if (state.engine.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { drizzle } = await import("drizzle-orm/pglite");
    await migrate(drizzle(state.engine.client), { migrationsFolder: MIGRATIONS });
    return;
  }
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { default: postgres } = await import("postgres");
  // One dedicated connection, so the advisory lock and the migration share a session.
  const client = postgres(state.engine.url, { max: 1, onnotice: () => {} });
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
