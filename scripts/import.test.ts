import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { demoPlans } from "@/server/demo/seed";
import { planDemoPoints } from "@/server/demo/energy/points-plan";
import { queryRows, type Db } from "@/server/db/client";
import { runImport } from "./import";

let db: Db;
let cleanup: () => Promise<void>;
let dir: string;
beforeAll(async () => {
  ({ db, cleanup } = await useTestDatabase({ full: true }));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await cleanup();
});

const quarter = () => planDemoPoints(demoPlans().find((p) => p.site.id === "aurora")!).filter((p) => p.intervalMinutes === 15 && p.energyKind === "electricity");

function file(name: string, gsrn: string, fromMs: number, count: number, bad?: number): string {
  const lines = ["gsrn,timestamp,interval_minutes,value,unit"];
  for (let i = 0; i < count; i++) lines.push(`${gsrn},${new Date(fromMs + i * 900_000).toISOString()},15,${i === bad ? "x" : 100 + i},Wh`);
  const p = path.join(dir, name);
  fs.writeFileSync(p, `${lines.join("\n")}\n`);
  return p;
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runImport(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function count(gsrn: string, from: string, to: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from interval_readings r join metering_points m on m.id = r.metering_point_id where m.gsrn = ${gsrn} and r.start >= ${from}::timestamptz and r.start < ${to}::timestamptz`,
  );
  return Number(row.n);
}

describe("npm run import", () => {
  it("imports several files at once, each in its own transaction, and goes on after a bad one", async () => {
    const [a, b, c] = quarter();
    const from = Date.UTC(2018, 0, 1);
    const good1 = file("a.csv", a.gsrn, from, 300);
    const good2 = file("b.csv", b.gsrn, from, 200);
    const bad = file("c.csv", c.gsrn, from, 50, 17);
    const result = await run(["readings", good1, bad, good2, "--site", "aurora", "--parallel", "2"]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(`${good1}: 300 rows, 300 new`);
    expect(result.out).toContain(`${good2}: 200 rows, 200 new`);
    expect(result.out).toContain("readings: 2 of 3 files, 500 rows");
    expect(result.err).toContain(`${bad}: nothing was imported, 1 problem(s)`);
    expect(result.err).toContain("line 19, value: energy.import.errors.bad-value (x)");
    expect(await count(a.gsrn, "2018-01-01", "2018-02-01")).toBe(300);
    expect(await count(b.gsrn, "2018-01-01", "2018-02-01")).toBe(200);
    expect(await count(c.gsrn, "2018-01-01", "2018-02-01")).toBe(0);
    // The same files again: nothing changes.
    const again = await run(["readings", good1, good2, "--site", "aurora"]);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`${good1}: 300 rows, 0 new, 0 changed, 300 unchanged`);
  });

  it("refuses a missing site, an unknown kind and a missing file before touching anything", async () => {
    const [a] = quarter();
    const f = file("d.csv", a.gsrn, Date.UTC(2018, 2, 1), 4);
    expect((await run(["readings", f])).err).toContain("readings need --site");
    expect((await run(["readings", f, "--site", "nowhere"])).err).toContain('No site "nowhere"');
    expect((await run(["meters", f])).code).toBe(2);
    expect((await run(["readings", path.join(dir, "missing.csv"), "--site", "aurora"])).err).toContain("No such file");
    expect(await count(a.gsrn, "2018-03-01", "2018-04-01")).toBe(0);
  });
});
