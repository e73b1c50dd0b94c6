import "server-only";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { hearsDatabase, loadAndKeep, onInvalidate, type CacheTopic } from "@/server/cache/bus";
import { inCachedReads } from "@/server/cache/customer-data";

/**
 * What the API computes per customer from the metering data and keeps for a while: the dashboard's
 * figures (`GET /api/dashboard/overview`), which read the customer's points and contracts, months of
 * readings and their rollups, spot prices and invoices. A repeated call (a reload, a second tab, the
 * way back to the dashboard) costs no query.
 *
 * An entry goes when anything it was computed from changes, whoever writes:
 * - the customer's own rows and invoices: the "customer" topic of the per-customer data
 *   (customer-data.ts, migration 0015), and an API write drops its customer in its own process;
 * - readings, rollups, points, contracts and spot prices: every statement on those tables announces
 *   "metering" for everyone (migration 0017), and a price import announces its zone on "spot";
 * - the site's settings: the "site" topic.
 * A read that a change was heard during is not kept (`loadAndKeep`). The key names the quarter-hour
 * of the answer (spot prices have 15-minute intervals, and the price in force is part of it), so
 * nothing outlives its quarter-hour, nor CUSTOMER_CACHE_SECONDS (0 turns it off). As with the
 * customer data, only the API's GET requests (inside `cachedReads()`) use it.
 */
const TOPICS: readonly CacheTopic[] = ["customer", "metering", "spot", "site"];
const QUARTER_MS = 15 * 60_000;

const KEY = Symbol.for("portal.cache.customer-figures");
const g = globalThis as typeof globalThis & { [KEY]?: LRUCache<string, { value: unknown }> };

function store(): LRUCache<string, { value: unknown }> {
  if (!g[KEY]) {
    const cache = new LRUCache<string, { value: unknown }>({ max: 5_000, ttl: Math.max(1, env().CUSTOMER_CACHE_SECONDS) * 1000 });
    const clear = () => cache.clear();
    // A customer's key is "site/customer"; its entries start with it.
    onInvalidate(
      "customer",
      (key) => {
        if (key === "*") return clear();
        for (const k of [...cache.keys()]) if (k.startsWith(`${key}|`)) cache.delete(k);
      },
      clear,
    );
    for (const topic of ["metering", "spot", "site"] as const) onInvalidate(topic, clear, clear);
    g[KEY] = cache;
  }
  return g[KEY];
}

/**
 * One of a customer's computed figures (`part` names it): kept for the rest of its quarter-hour
 * inside `cachedReads()`, computed by `load` otherwise. The value is shared between requests:
 * callers must not change it.
 */
export async function customerFigures<T>(siteId: string, customerId: string, part: string, now: number, load: () => Promise<T>): Promise<T> {
  if (!inCachedReads() || env().CUSTOMER_CACHE_SECONDS === 0 || !hearsDatabase()) return load();
  const cache = store();
  const key = `${siteId}/${customerId}|${part}|${Math.floor(now / QUARTER_MS)}`;
  const hit = cache.get(key);
  if (hit) return hit.value as T;
  return loadAndKeep(TOPICS, load, (value) => cache.set(key, { value }));
}

/** Whether this process keeps any figures of the customer (tests). */
export function holdsCustomerFigures(siteId: string, customerId: string): boolean {
  const prefix = `${siteId}/${customerId}|`;
  return [...store().keys()].some((k) => k.startsWith(prefix));
}
