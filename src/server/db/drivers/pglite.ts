import "server-only";
/** The embedded PGlite and its Drizzle adapter, loaded together and only without DATABASE_URL (see ./postgres.ts for why through this module). */
export { PGlite } from "@electric-sql/pglite";
export { drizzle } from "drizzle-orm/pglite";
export { migrate } from "drizzle-orm/pglite/migrator";
