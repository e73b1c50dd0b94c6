import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { envSchema } from "@/lib/env";
import type { Engine } from "./engine";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface DbState {
  db: Db;
  /** Grows with every open, so caches that hold the handle can tell a reopened database. */
  generation: number;
  engine: Engine;
  migrated?: Promise<void>;
}

/**
 * One database per process, shared through a global symbol: Next.js bundles the server code
 * more than once (pages, route handlers, proxy), and every copy must reach the same PGlite.
 */
const KEY = Symbol.for("portal.db.state");
const GENERATION = Symbol.for("portal.db.generation");
const OPENING = Symbol.for("portal.db.opening");
type Globals = typeof globalThis & { [KEY]?: DbState; [OPENING]?: Promise<DbState>; [GENERATION]?: number };
const g = globalThis as Globals;

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** For an in-memory PGlite: start from this dump of a data folder (PGlite's `dumpDataDir`) instead of an empty cluster. */
  pgliteDump?: Blob;
}

function resolveOptions(opts?: OpenOptions): { databaseUrl?: string; pgliteDir: string } {
  const databaseUrl = opts?.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const pgliteDir = opts?.pgliteDir ?? process.env.PGLITE_DIR ?? "./data/pglite";
  return { databaseUrl, pgliteDir };
}

/**
 * True when the database would be the embedded one on disk and its folder holds no database yet
 * (a first start): a process that will have it created and loaded elsewhere need not open it first.
 */
export function embeddedFolderIsNew(opts?: OpenOptions): boolean {
  const { databaseUrl, pgliteDir } = resolveOptions(opts);
  if (databaseUrl || pgliteDir.startsWith("memory://")) return false;
  return !fs.existsSync(path.join(path.resolve(/*turbopackIgnore: true*/ pgliteDir), "PG_VERSION"));
}

function acquireLock(lockFile: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      let alive = false;
      if (pid && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch {
          alive = false;
        }
      }
      if (alive) {
        throw new Error(`The embedded database in ${path.dirname(lockFile)} is open in another process (pid ${pid}). Stop it first, or set DATABASE_URL to use PostgreSQL.`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
}

function nextGeneration(): number {
  g[GENERATION] = (g[GENERATION] ?? 0) + 1;
  return g[GENERATION];
}

async function open(opts?: OpenOptions): Promise<DbState> {
  const { databaseUrl, pgliteDir } = resolveOptions(opts);
  const pgliteDump = opts?.pgliteDump;
  if (databaseUrl) {
    const { postgres, drizzle } = await import("./drivers/postgres");
    // JIT off: the portal's statements are short index-range reads; compiling one that the planner
    // over-estimates (a bulk write, a year of many points) costs 100-1,000 ms more than running it.
    const client = postgres(databaseUrl, { max: 10, onnotice: () => {}, connection: { TimeZone: "UTC", jit: "off" } });
    const db: Db = drizzle(client, { schema });
    return { db, generation: nextGeneration(), engine: { kind: "postgres", client, url: databaseUrl } };
  }
  // The buffer cache: PGlite's own 128 MB is resident from the start while the operating system
  // caches the same files; the variable's default (32 MB) keeps the server ~100 MB smaller at the
  // same query times (decision 0032). Read here, not through env(), which keeps its first answer.
  const sharedBuffers = envSchema.shape.PGLITE_SHARED_BUFFERS.parse(process.env.PGLITE_SHARED_BUFFERS);
  const { PGlite, drizzle } = await import("./drivers/pglite");
  const dir = path.resolve(/*turbopackIgnore: true*/ pgliteDir);
  const inMemory = pgliteDir.startsWith("memory://");
  let lockFile = "";
  if (!inMemory) {
    fs.mkdirSync(dir, { recursive: true });
    lockFile = `${dir}.lock`;
    acquireLock(lockFile);
  }
  if (pgliteDump && !inMemory) throw new Error("A PGlite dump can only start an in-memory database");
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffers}`];
  const client = inMemory ? new PGlite({ startParams, ...(pgliteDump ? { loadDataDir: pgliteDump } : {}) }) : new PGlite(dir, { startParams });
  await client.waitReady;
  await client.exec("SET TIME ZONE 'UTC'");
  const db: Db = drizzle(client, { schema });
  return { db, generation: nextGeneration(), engine: { kind: "pglite", client, dir, lockFile } };
}

/** Opens the database on first use (never at build time) and runs migrations once. */
export async function getDb(): Promise<Db> {
  const state = await getState();
  return state.db;
}

export async function getState(opts?: OpenOptions): Promise<DbState> {
  if (g[KEY]) return g[KEY];
  if (!g[OPENING]) {
    g[OPENING] = (async () => {
      const state = await open(opts);
      g[KEY] = state;
      installShutdownHooks();
      const { runMigrations } = await import("./migrate");
      state.migrated = runMigrations(state.engine);
      await state.migrated;
      return state;
    })().catch((err) => {
      g[OPENING] = undefined;
      throw err;
    });
  }
  return g[OPENING];
}

/** The opened database, or undefined before the first getState() has finished (never opens one). */
export function openedState(): Pick<DbState, "generation" | "engine"> | undefined {
  return g[KEY];
}

export function engineKind(): "pglite" | "postgres" | undefined {
  return g[KEY]?.engine.kind;
}

const PREPARED = new WeakMap<Db, Map<string, unknown>>();
/**
 * A query built once per opened database and run with placeholders (`sql.placeholder`): the hot
 * paths of every request skip building their SQL again, and PostgreSQL keeps its plan.
 */
export async function prepared<T>(name: string, build: (db: Db) => T): Promise<T> {
  const db = await getDb();
  let byName = PREPARED.get(db);
  if (!byName) PREPARED.set(db, (byName = new Map()));
  let query = byName.get(name) as T | undefined;
  if (!query) byName.set(name, (query = build(db)));
  return query;
}

/** Runs a raw SQL query and returns its rows on either engine. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

const BEFORE_CLOSE = Symbol.for("portal.db.beforeClose");
type CloseHooks = typeof globalThis & { [BEFORE_CLOSE]?: Set<() => Promise<void>> };

/**
 * Work that must end before the database closes (the job workers, which poll it): closeDb runs
 * every hook registered since the last close, then closes. A hook runs once.
 */
export function beforeCloseDb(hook: () => Promise<void>): () => void {
  const gh = globalThis as CloseHooks;
  const hooks = (gh[BEFORE_CLOSE] ??= new Set());
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export async function closeDb(): Promise<void> {
  const hooks = (globalThis as CloseHooks)[BEFORE_CLOSE];
  if (hooks?.size) {
    const pending = [...hooks];
    hooks.clear();
    for (const hook of pending) await hook().catch((err) => console.error("[db] closing hook failed", err));
  }
  const state = g[KEY];
  g[KEY] = undefined;
  g[OPENING] = undefined;
  if (!state) return;
  if (state.engine.kind === "pglite") {
    await state.engine.client.close();
    if (state.engine.lockFile) fs.rmSync(state.engine.lockFile, { force: true });
  } else {
    await state.engine.client.end({ timeout: 5 });
  }
}

const HOOKS = Symbol.for("portal.db.hooks");
function installShutdownHooks() {
  const gh = globalThis as typeof globalThis & { [HOOKS]?: boolean };
  if (gh[HOOKS] || process.env.PORTAL_OWN_SIGNALS === "1") return;
  gh[HOOKS] = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      closeDb().finally(() => process.exit(0));
    });
  }
}
