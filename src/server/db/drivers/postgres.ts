import "server-only";
/**
 * The PostgreSQL driver and its Drizzle adapter, loaded together and only when DATABASE_URL is set.
 *
 * The server loads them through this module rather than with `import("postgres")` and
 * `import("drizzle-orm/postgres-js")` in place: under the TypeScript loader the server's modules are
 * CommonJS, and a dynamic import of a package there loads its ES module build. Drizzle would then be
 * loaded twice, the schema's columns from one copy and the query builder from the other, and every
 * `instanceof` check Drizzle makes while building a query or reading a row would miss and fall back
 * to walking the class chain. A local module imported dynamically keeps its own imports in the
 * caller's module format, so one copy serves both.
 */
export { default as postgres } from "postgres";
export { drizzle } from "drizzle-orm/postgres-js";
export { migrate } from "drizzle-orm/postgres-js/migrator";
