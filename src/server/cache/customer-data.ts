import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { LRUCache } from "lru-cache";
import { env } from "@/lib/env";
import { dropHere, hearsDatabase, loadAndKeep, onInvalidate } from "@/server/cache/bus";

/**
 * What the API's reads keep per customer for a while: the rows behind `GET /api/me` (the customer,
 * its contacts and business info) and `GET /api/invoices` (the invoice summaries), so a repeated
 * call costs no query. The answers are still worked out per request from these rows (the rights of
 * the caller, the site's features, today's date for "overdue").
 *
 * Only reads inside `cachedReads()` use it (the API's GET and HEAD requests): pages, jobs, writes
 * and the tests that call services read the database as before.
 *
 * An entry goes when its customer changes, whoever writes: triggers on the tables behind it
 * (migration 0015) send the customer's key on the cache channel at commit, which every process
 * hears (cache/bus.ts; PGlite's own LISTEN in the embedded database). An API write drops its
 * customer's entries in its own process before it answers, and its own reads skip the cache, so the
 * caller reads its write at once. A read that a change was heard during is not kept (`loadAndKeep`), and
 * nothing lives longer than CUSTOMER_CACHE_SECONDS (0 turns the cache off).
 */
interface Store {
  cache: LRUCache<string, Map<string, { value: unknown }>>;
  /** Inside `cachedReads()`: what the request has read once already (`oncePerRead`). */
  scope: AsyncLocalStorage<Map<string, Promise<unknown>>>;
}

const KEY = Symbol.for("portal.cache.customer-data");
const g = globalThis as typeof globalThis & { [KEY]?: Store };

function store(): Store {
  if (!g[KEY]) {
    const s: Store = {
      cache: new LRUCache({ max: 10_000, ttl: Math.max(1, env().CUSTOMER_CACHE_SECONDS) * 1000 }),
      scope: new AsyncLocalStorage<Map<string, Promise<unknown>>>(),
    };
    const clear = () => drop(s, "*");
    onInvalidate("customer", (key) => drop(s, key), clear);
    g[KEY] = s;
  }
  return g[KEY];
}

/** Forgets one customer's entry, or every entry for "*" (a TRUNCATE's notification, a write for no known customer). */
function drop(s: Store, key: string) {
  if (key === "*") s.cache.clear();
  else s.cache.delete(key);
}

const keyOf = (siteId: string, customerId: string) => `${siteId}/${customerId}`;

/** Runs `fn` with its customer reads served from the cache (the API's GET requests). */
export function cachedReads<T>(fn: () => T): T {
  return store().scope.run(new Map(), fn);
}

/** True inside `cachedReads()`: the API's GET and HEAD requests of a customer. */
export function inCachedReads(): boolean {
  return store().scope.getStore() !== undefined;
}

/**
 * A read made once per API read request (inside `cachedReads()`), however many parts of the
 * answer ask for it (the dashboard's overview resolves the customer's points for each card); React's
 * `cache()` does the same for a page render. Outside both, `load` runs every time.
 */
export function oncePerRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = store().scope.getStore();
  if (!memo) return load();
  let read = memo.get(key) as Promise<T> | undefined;
  if (!read) {
    read = load();
    memo.set(key, read);
    read.catch(() => memo.delete(key));
  }
  return read;
}

/**
 * One part of a customer's data (`part` names what `load` reads): from the cache inside
 * `cachedReads()`, from `load` otherwise. The value is shared between requests: callers must not
 * change it.
 */
export async function customerData<T>(siteId: string, customerId: string, part: string, load: () => Promise<T>): Promise<T> {
  const s = store();
  if (!s.scope.getStore() || env().CUSTOMER_CACHE_SECONDS === 0 || !hearsDatabase()) return load();
  const key = keyOf(siteId, customerId);
  const hit = s.cache.get(key)?.get(part);
  if (hit) return hit.value as T;
  return loadAndKeep(["customer"], load, (value) => {
    let parts = s.cache.get(key);
    if (!parts) s.cache.set(key, (parts = new Map()));
    parts.set(part, { value });
  });
}

/** This process forgets a customer's data now (after an API write; other processes hear the database's triggers). */
export function forgetCustomerData(siteId: string, customerId: string): void {
  dropHere("customer", keyOf(siteId, customerId));
}

/**
 * This process forgets every customer's data now: after a write whose customers are not known here
 * (an API call acting for no customer, such as a payment provider's callback; a finished job).
 */
export function forgetAllCustomerData(): void {
  dropHere("customer", "*");
}

/** Whether this process holds anything for the customer (tests). */
export function holdsCustomerData(siteId: string, customerId: string): boolean {
  return store().cache.has(keyOf(siteId, customerId));
}
