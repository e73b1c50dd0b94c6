import "server-only";
import type { Transaction } from "@electric-sql/pglite";
import type { TransactionSql } from "postgres";
import { getState } from "@/server/db/client";

/**
 * Bulk writes for readings, prices and temperatures: COPY on both engines (PGlite reads it from
 * a blob, PostgreSQL from the wire), inside one transaction of the engine's own client, so a
 * batch is written whole or not at all. Rows are COPY text (tab-separated, one per line) or, as
 * bytes, PostgreSQL's binary COPY format (see BinaryCopy), which the server stores without
 * parsing a single value.
 */
export interface RawTx {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  copyIn(table: string, columns: string[], rows: string | Uint8Array): Promise<void>;
  /**
   * Binary COPY from pieces made while the server takes the earlier ones (PostgreSQL; PGlite,
   * in the same thread, gathers them first). The pieces together are one COPY stream: header,
   * rows, trailer (see BinaryCopy.HEADER, rowsOnly, TRAILER). Should `pieces` throw, the COPY is
   * abandoned (nothing of it stays) and the error passes on; should the server reject the data,
   * no more pieces are asked for and its error passes on.
   */
  copyFrom(table: string, columns: string[], pieces: AsyncIterable<Uint8Array>): Promise<void>;
  /**
   * Runs `fn` in a savepoint: if it throws, what it wrote is undone and the error passes on,
   * and the transaction goes on (a failed statement outside a savepoint fails the transaction).
   */
  savepoint<T>(fn: (tx: RawTx) => Promise<T>): Promise<T>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
function copySql(table: string, columns: string[], source: string, binary: boolean): string {
  if (!IDENT.test(table) || !columns.every((c) => IDENT.test(c))) throw new Error("bad identifier");
  return `copy ${table} (${columns.join(", ")}) from ${source}${binary ? " (format binary)" : ""}`;
}

let savepoints = 0;

function pgliteTx(tx: Transaction): RawTx {
  return {
    async query<R>(text: string, params?: unknown[]) {
      return (await tx.query<R>(text, params as unknown[])).rows;
    },
    async copyIn(table, columns, rows) {
      if (!rows.length) return;
      await tx.query(copySql(table, columns, "'/dev/blob'", typeof rows !== "string"), [], { blob: new Blob([rows as BlobPart]) });
    },
    async copyFrom(table, columns, pieces) {
      const parts: BlobPart[] = [];
      for await (const piece of pieces) parts.push(piece as BlobPart);
      await tx.query(copySql(table, columns, "'/dev/blob'", true), [], { blob: new Blob(parts) });
    },
    async savepoint(fn) {
      const name = `raw_sp_${++savepoints}`;
      await tx.query(`savepoint ${name}`);
      try {
        const result = await fn(this);
        await tx.query(`release savepoint ${name}`);
        return result;
      } catch (err) {
        await tx.query(`rollback to savepoint ${name}`);
        throw err;
      }
    },
  };
}

function postgresTx(sql: TransactionSql): RawTx {
  return {
    async query<R>(text: string, params?: unknown[]) {
      return (await sql.unsafe(text, (params ?? []) as never[])) as unknown as R[];
    },
    async copyIn(table, columns, rows) {
      if (!rows.length) return;
      const CHUNK = 1 << 20;
      async function* pieces() {
        for (let offset = 0; offset < rows.length; offset += CHUNK) yield typeof rows === "string" ? rows.slice(offset, offset + CHUNK) : rows.subarray(offset, offset + CHUNK);
      }
      await copyStream(sql, copySql(table, columns, "stdin", typeof rows !== "string"), pieces());
    },
    copyFrom: (table, columns, pieces) => copyStream(sql, copySql(table, columns, "stdin", true), pieces),
    // The client fails a whole transaction on any failed statement unless it ran in its own savepoint scope.
    savepoint: (fn) => sql.savepoint((inner) => fn(postgresTx(inner))) as never,
  };
}

/** Feeds a COPY FROM STDIN statement on PostgreSQL, piece by piece, as the socket takes them. */
async function copyStream(sql: TransactionSql, statement: string, pieces: AsyncIterable<string | Uint8Array>): Promise<void> {
  const query = sql.unsafe(statement);
  // The client settles a COPY's query with the stream as soon as the server takes the data,
  // and should the server reject the data (a duplicate key), it hands the error only to that
  // settled query: the stream then never finishes. Catch the error there.
  let failure: { error: unknown } | undefined;
  let wake = () => {};
  const fail = (error: unknown) => {
    failure ??= { error };
    wake();
  };
  const settled = query as unknown as { reject: (err: unknown) => void };
  const reject0 = settled.reject;
  settled.reject = (err) => {
    fail(err);
    reject0(err);
  };
  const stream = await query.writable();
  stream.on("error", fail);
  const until = (event: "drain" | "finish") =>
    new Promise<void>((resolve) => {
      if (failure) return resolve();
      wake = resolve;
      stream.once(event, () => resolve());
    });
  try {
    for await (const piece of pieces) {
      if (failure) break;
      if (!stream.write(piece)) await until("drain");
    }
  } catch (err) {
    // The maker of the pieces failed: abandon the COPY (the server undoes it) and pass its error on.
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
  if (!failure) {
    stream.end();
    await until("finish");
  }
  if (failure) throw failure.error;
}

export async function withRawTransaction<T>(fn: (tx: RawTx) => Promise<T>): Promise<T> {
  const state = await getState();
  if (state.engine.kind === "pglite") return state.engine.client.transaction((tx) => fn(pgliteTx(tx))) as Promise<T>;
  return state.engine.client.begin((sql) => fn(postgresTx(sql))) as Promise<T>;
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

/** PostgreSQL's epoch for timestamps (2000-01-01 UTC) in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];

/**
 * Rows in PostgreSQL's binary COPY format, for a fixed number of rows of fixed-size fields:
 * header, then per row the field count and each field as length + big-endian value, then the
 * trailer. Values are written in the column order of the COPY statement; no NULLs.
 */
export class BinaryCopy {
  private bytes: Uint8Array;
  private view: DataView;
  private at = 19;
  private readonly tupleBytes: number;
  /** Rows written since the last take(). */
  rows = 0;

  /**
   * `rowBytes`: the sum of the fields' value sizes (uuid 16, timestamptz, int8 and float8 8, int4
   * and date 4, int2 2); `rows`: how many to make room for at first (it grows as needed).
   */
  constructor(rows: number, fields: number, rowBytes: number) {
    this.tupleBytes = 2 + 4 * fields + rowBytes;
    this.bytes = new Uint8Array(19 + Math.max(1, rows) * this.tupleBytes + 2);
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(SIGNATURE, 0);
    // Flags and header extension length: both zero (the array starts zeroed).
  }

  row(fields: number): this {
    if (this.at + this.tupleBytes + 2 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.at));
      this.bytes = grown;
      this.view = new DataView(grown.buffer);
    }
    this.view.setInt16(this.at, fields);
    this.at += 2;
    this.rows++;
    return this;
  }

  /** A uuid as its 16 bytes (see uuidBytes). */
  uuid(value: Uint8Array): this {
    this.view.setInt32(this.at, 16);
    this.bytes.set(value, this.at + 4);
    this.at += 20;
    return this;
  }

  /** An instant in epoch milliseconds (whole ms) as timestamptz. */
  timestamptz(ms: number): this {
    // Microseconds since 2000 stay below 2^53 until the year 287,000: exact in a double.
    const us = (ms - PG_EPOCH_MS) * 1000;
    this.view.setInt32(this.at, 8);
    this.view.setInt32(this.at + 4, Math.floor(us / 4_294_967_296));
    this.view.setUint32(this.at + 8, us >>> 0);
    this.at += 12;
    return this;
  }

  int4(value: number): this {
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, value);
    this.at += 8;
    return this;
  }

  float8(value: number): this {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, value);
    this.at += 12;
    return this;
  }

  /** A whole number (|value| < 2^53) as int8. */
  int8(value: number): this {
    const hi = Math.floor(value / 4_294_967_296);
    this.view.setInt32(this.at, 8);
    this.view.setInt32(this.at + 4, hi);
    this.view.setUint32(this.at + 8, value - hi * 4_294_967_296);
    this.at += 12;
    return this;
  }

  /** A calendar date given as days since 1970-01-01. */
  date(epochDay: number): this {
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, epochDay - PG_EPOCH_MS / 86_400_000);
    this.at += 8;
    return this;
  }

  int2(value: number): this {
    this.view.setInt32(this.at, 2);
    this.view.setInt16(this.at + 4, value);
    this.at += 6;
    return this;
  }

  /** The COPY stream's header, and its trailer: a stream is the header, the rows, the trailer. */
  static readonly HEADER = Uint8Array.from([...SIGNATURE, 0, 0, 0, 0, 0, 0, 0, 0]);
  static readonly TRAILER = Uint8Array.from([0xff, 0xff]);

  /** The rows written since the last take, without header or trailer (a piece of a stream); starts over. */
  rowsOnly(): Uint8Array {
    const data = this.bytes.slice(19, this.at);
    this.at = 19;
    this.rows = 0;
    return data;
  }

  /** The COPY data so far, with its trailer (empty when no row was written); starts over. */
  take(): Uint8Array {
    if (!this.rows) return new Uint8Array(0);
    this.view.setInt16(this.at, -1);
    const data = this.bytes.slice(0, this.at + 2);
    this.at = 19;
    this.rows = 0;
    return data;
  }
}

/** A uuid's 16 bytes, for BinaryCopy. */
export function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error("bad uuid");
  return Uint8Array.from(Buffer.from(hex, "hex"));
}

/**
 * A PostgreSQL array literal (`{"a","b"}`) of the values, to pass a list as one parameter
 * (`$1::uuid[]`, `$2::text[]`): every element quoted, so any text (a GSRN as a file gave it)
 * stays one element.
 */
export function pgArray(items: Iterable<string | number>): string {
  const quoted: string[] = [];
  for (const item of items) quoted.push(`"${String(item).replace(/["\\]/g, "\\$&")}"`);
  return `{${quoted.join(",")}}`;
}
