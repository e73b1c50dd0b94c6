import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { importSpotPrices } from "@/server/importers/spot-prices";
import { JOB_SCHEMA, startJobs } from "@/server/jobs/runtime";
import { evaluateSpotPriceAlerts } from "./spot-price";
import { tomorrowsFinnishPrices } from "./spot-price.testing";

/** The evaluation at more customers than one page of alerts: each told once, in batches, however often it runs. */
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  // Queued, not worked: the test counts the notification jobs the evaluation leaves.
  await startJobs({ work: false });
}, 120_000);
afterAll(async () => cleanup());

const MANY = 2_345;

describe("spot-price alerts of many customers", () => {
  it("queues one notification per customer whose limits the day crosses, across pages, and nothing more when evaluated again", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into customers (site_id, kind, client_code, name, country, representative_code)
      select 'aurora', 'private', 'MANY-' || g, 'Customer ' || g, 'FI', 'MANY-R-' || g from generate_series(1, ${MANY}::int) g`);
    // Every third customer's limits are not crossed (1 and 90 c/kWh), one in ten has the alert off.
    await db.execute(sql`
      insert into spot_price_alerts (site_id, customer_id, enabled, lower, upper)
      select site_id, id, substr(client_code, 6)::int % 10 <> 0,
        case when substr(client_code, 6)::int % 3 = 0 then 1 else 6 end,
        case when substr(client_code, 6)::int % 3 = 0 then 90 else 20 end
      from customers where site_id = 'aurora' and client_code like 'MANY-%'`);
    const [{ expected }] = await queryRows<{ expected: number }>(db, sql`select count(*)::int as expected from generate_series(1, ${MANY}::int) g where g % 10 <> 0 and g % 3 <> 0`);
    expect(expected).toBeGreaterThan(1_000);
    const { date: tomorrow, rows, from, to } = tomorrowsFinnishPrices();
    expect((await importSpotPrices(rows)).inserted).toBe(24);
    const queued = async () =>
      queryRows<{ customer: string; n: number; params: Record<string, string> }>(
        db,
        sql`select j.data->>'customerId' as customer, count(*)::int as n, min(j.data->>'params')::jsonb as params
            from ${sql.raw(JOB_SCHEMA)}.job j join customers c on c.id::text = j.data->>'customerId'
            where j.name = 'notification-event' and c.client_code like 'MANY-%' and j.data->>'eventKey' = ${`spot-price-alert:${tomorrow}`}
            group by 1`,
      );
    const told = await evaluateSpotPriceAlerts("FI", from, to);
    expect(told).toBeGreaterThanOrEqual(expected);
    const first = await queued();
    expect(first).toHaveLength(expected);
    expect(first.every((r) => r.n === 1)).toBe(true);
    expect(first[0].params).toEqual({ priceDate: tomorrow, below: "00–06", above: "17–20", cheapest: "00–03" });
    // A re-import or a retried job: the same customers, no job twice.
    await evaluateSpotPriceAlerts("FI", from, to);
    const again = await queued();
    expect(again).toHaveLength(expected);
    expect(again.every((r) => r.n === 1)).toBe(true);
  }, 120_000);
});
