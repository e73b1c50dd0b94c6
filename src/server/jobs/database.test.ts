import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "@/test/db";
import { openBossDb } from "./database";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
}, 120_000);
afterAll(async () => cleanup());

describe("the job queue's database adapter", () => {
  it("never fails a statement in flight at its close or sent after it: those answer no rows and are logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { db } = await openBossDb();
      await expect(db.executeSql("select $1::int as one", [1])).resolves.toEqual({ rows: [{ one: 1 }] });
      // In flight when the queue closes: answered, or dropped if the pool ends first; never a rejection.
      const inFlight = db.executeSql("select $1::int as two", [2]);
      await db.close();
      const answer = await inFlight;
      expect([[{ two: 2 }], []]).toContainEqual(answer.rows);
      // pg-boss's completion of a job that outlived the stop: no rows and a line in the log, no rejection.
      await expect(db.executeSql("update pgboss.job set state = 'completed' where id = $1", ["00000000-0000-4000-8000-000000000000"])).resolves.toEqual({ rows: [] });
      const lines = warn.mock.calls.map(([line]) => String(line));
      expect(lines.at(-1)).toContain("[jobs] dropped a statement sent after the queue closed: update pgboss.job");
      expect(lines.length).toBe(answer.rows.length ? 1 : 2);
    } finally {
      warn.mockRestore();
    }
  });
});
