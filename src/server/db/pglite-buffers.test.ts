import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, getState, queryRows } from "./client";

/**
 * The embedded database's buffer cache (decision 0032): 32 MB unless PGLITE_SHARED_BUFFERS says
 * otherwise, where PGlite's own default is 128 MB. Whatever database the rest of the run uses, this
 * file opens an embedded one of its own, in memory.
 */
async function sharedBuffers(): Promise<string> {
  const state = await getState({ databaseUrl: "", pgliteDir: "memory://buffers" });
  expect(state.engine.kind).toBe("pglite");
  const [row] = await queryRows<{ shared_buffers: string }>(state.db, sql`show shared_buffers`);
  return row.shared_buffers;
}

const before = process.env.PGLITE_SHARED_BUFFERS;
afterEach(async () => {
  await closeDb();
  if (before === undefined) delete process.env.PGLITE_SHARED_BUFFERS;
  else process.env.PGLITE_SHARED_BUFFERS = before;
});

describe("the embedded database's buffer cache", () => {
  it("is 32 MB by default", async () => {
    delete process.env.PGLITE_SHARED_BUFFERS;
    expect(await sharedBuffers()).toBe("32MB");
  }, 60_000);

  it("takes PGLITE_SHARED_BUFFERS", async () => {
    process.env.PGLITE_SHARED_BUFFERS = "48MB";
    expect(await sharedBuffers()).toBe("48MB");
  }, 60_000);

  it("refuses a value PostgreSQL would not read, before anything is opened", async () => {
    process.env.PGLITE_SHARED_BUFFERS = "lots";
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-buffers-")), "db");
    try {
      await expect(getState({ databaseUrl: "", pgliteDir: dir })).rejects.toThrow(/pattern/);
      // Neither the data folder nor its lock was made.
      expect(fs.existsSync(dir)).toBe(false);
      expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    } finally {
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  }, 60_000);
});
