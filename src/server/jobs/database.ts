import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { getState } from "@/server/db/client";

/**
 * pg-boss talks to the database through `executeSql(text, values)` and reads `{ rows }`, as
 * node-postgres answers. These adapters give it the portal's engines:
 *
 * - PostgreSQL: a small postgres-js pool of its own (the request pool stays free for requests),
 *   whose JSON parameters pass strings through unchanged as node-postgres does (pg-boss sends
 *   some JSON already serialized).
 * - PGlite: the process's one embedded connection. Every query and transaction there holds
 *   PGlite's exclusive lock, so pg-boss's statements never land inside a transaction of the app.
 *
 * pg-boss sends its schema changes and maintenance as one text `BEGIN; …; COMMIT;` (with an
 * advisory lock inside). Both adapters run the body in a transaction of the driver instead, so a
 * failure rolls back and never leaves the connection inside a broken transaction.
 */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/** The statements between pg-boss's own BEGIN and COMMIT, or null for any other text. */
export function transactionBody(text: string): string | null {
  const m = LOCKED.exec(text);
  return m ? m[1] : null;
}

/** Values as node-postgres sends them: undefined is null. */
function parameters(values: unknown[]): unknown[] {
  return values.map((v) => (v === undefined ? null : v));
}

function pgliteDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values && values.length) {
        const result = await client.query<Record<string, unknown>>(text, parameters(values));
        return { rows: result.rows };
      }
      const body = transactionBody(text);
      const results = body !== null ? await client.transaction((tx) => tx.exec(body)) : await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async close() {
      // The connection is the app's; closeDb closes it.
    },
  };
}

async function postgresDb(url: string): Promise<BossDb> {
  const { postgres } = await import("@/server/db/drivers/postgres");
  const sql: Sql = postgres(url, {
    max: 4,
    onnotice: () => {},
    connection: { TimeZone: "UTC", application_name: "portal-jobs" },
    types: {
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === "string" ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x),
      },
    },
  });
  const rowsOf = (result: unknown): Record<string, unknown>[] => {
    // A multi-statement text answers one result per statement.
    const list = result as unknown[];
    const last = list.length && Array.isArray(list[list.length - 1]) ? list[list.length - 1] : list;
    return [...(last as Record<string, unknown>[])];
  };
  return {
    async executeSql(text, values) {
      if (values && values.length) return { rows: rowsOf(await sql.unsafe(text, parameters(values) as never[])) };
      const body = transactionBody(text);
      if (body !== null) return { rows: rowsOf(await sql.begin((tx) => tx.unsafe(body))) };
      return { rows: rowsOf(await sql.unsafe(text)) };
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * An adapter that answers no rows once closed, instead of failing. pg-boss sends a finished job's
 * completion without waiting for it; a job that outlives the stop timeout finishes after the pool
 * has closed, and its completion would fail with no one to catch it (an unhandled rejection that
 * ends a script). That job was already marked failed at the stop, so it runs again: nothing is
 * lost by dropping the statement.
 */
function closingQuietly(inner: BossDb): BossDb {
  let closed = false;
  const dropped = (text: string) => {
    console.warn(`[jobs] dropped a statement sent after the queue closed: ${text.replace(/\s+/g, " ").trim().slice(0, 60)}`);
    return { rows: [] };
  };
  return {
    async executeSql(text, values) {
      if (closed) return dropped(text);
      try {
        return await inner.executeSql(text, values);
      } catch (err) {
        if (closed) return dropped(text);
        throw err;
      }
    },
    async close() {
      closed = true;
      await inner.close();
    },
  };
}

/** The adapter for the database this process has open (opening and migrating it first). */
export async function openBossDb(): Promise<{ db: BossDb; engine: "pglite" | "postgres"; generation: number }> {
  const state = await getState();
  if (state.engine.kind === "pglite") return { db: closingQuietly(pgliteDb(state.engine.client)), engine: "pglite", generation: state.generation };
  return { db: closingQuietly(await postgresDb(state.engine.url)), engine: "postgres", generation: state.generation };
}
