import "server-only";
import { getState } from "@/server/db/client";

/**
 * Bulk writes for readings, prices and temperatures: COPY on both engines (PGlite reads it from
 * a blob, PostgreSQL from the wire), inside one transaction of the engine's own client, so a
 * batch is written whole or not at all. Rows are COPY text: tab-separated, one per line.
 */
export interface RawTx {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  copyIn(table: string, columns: string[], rows: string): Promise<void>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
function copySql(table: string, columns: string[], source: string): string {
  if (!IDENT.test(table) || !columns.every((c) => IDENT.test(c))) throw new Error("bad identifier");
  return `copy ${table} (${columns.join(", ")}) from ${source}`;
}

export async function withRawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T> {
  const state = await getState();
  if (state.engine.kind === "pglite") {
    return state.engine.client.transaction(async (tx) =>
      fn({
        async query<R>(text: string, params?: unknown[]) {
          return (await tx.query<R>(text, params as unknown[])).rows;
        },
        async copyIn(table, columns, rows) {
          if (!rows) return;
          await tx.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([rows]) });
        },
      }),
    ) as Promise<T>;
  }
  const client = state.engine.client;
  return client.begin(async (sql) =>
    fn({
      async query<R>(text: string, params?: unknown[]) {
        return (await sql.unsafe(text, (params ?? []) as never[])) as unknown as R[];
      },
      async copyIn(table, columns, rows) {
        if (!rows) return;
        const stream = await sql.unsafe(copySql(table, columns, "stdin")).writable();
        await new Promise<void>((resolve, reject) => {
          stream.on("error", reject);
          stream.on("finish", () => resolve());
          const CHUNK = 1 << 20;
          let offset = 0;
          const pump = () => {
            while (offset < rows.length) {
              const piece = rows.slice(offset, offset + CHUNK);
              offset += CHUNK;
              if (!stream.write(piece)) {
                stream.once("drain", pump);
                return;
              }
            }
            stream.end();
          };
          pump();
        });
      },
    }),
  ) as Promise<T>;
}

/** Builds COPY text lines quickly; values must not contain tabs, newlines or backslashes. */
export class CopyText {
  private parts: string[] = [];
  rows = 0;
  add(line: string) {
    this.parts.push(line);
    this.rows++;
  }
  take(): string {
    const text = this.parts.length ? `${this.parts.join("\n")}\n` : "";
    this.parts = [];
    this.rows = 0;
    return text;
  }
}
