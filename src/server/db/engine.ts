import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";

/** The database a process opened: PGlite in a folder, or PostgreSQL at a URL. */
export type Engine = { kind: "pglite"; client: PGlite; dir: string; lockFile: string } | { kind: "postgres"; client: Sql; url: string };
