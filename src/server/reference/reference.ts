import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { getDb, openedState } from "@/server/db/client";
import { banks, countries, eInvoiceOperators } from "@/server/db/schema";
import { invalidate, onInvalidate } from "@/server/cache/bus";

type Country = typeof countries.$inferSelect;
type Bank = typeof banks.$inferSelect;
type Operator = typeof eInvoiceOperators.$inferSelect;

/**
 * Reference data (countries with their VAT, banks, e-invoice operators) changes with a migration
 * or a data load, never while people use the portal, and every process reads it the same: it is
 * kept in memory for ten minutes, and a process started after a change reads it afresh; after a
 * data load, `forgetReferenceData` drops it in every process (the cache bus's "reference" topic).
 */
const CACHE = Symbol.for("portal.reference.cache");
const g = globalThis as typeof globalThis & { [CACHE]?: LRUCache<string, { value: unknown }> };
function cache() {
  if (!g[CACHE]) {
    const c = new LRUCache<string, { value: unknown }>({ max: 200, ttl: 10 * 60_000 });
    const clear = () => c.clear();
    onInvalidate("reference", clear, clear);
    g[CACHE] = c;
  }
  return g[CACHE];
}

async function remembered<T>(name: string, load: () => Promise<T>): Promise<T> {
  // Keyed by the opened database too: a database reopened (tests, tools) is read afresh.
  const key = `${openedState()?.generation ?? 0}|${name}`;
  const hit = cache().get(key);
  if (hit) return hit.value as T;
  const value = await load();
  cache().set(key, { value });
  return value;
}

/** Drops the remembered reference data (after loading new data), and what is made of it, in every process. */
export async function forgetReferenceData(): Promise<void> {
  await invalidate("reference", "*");
}

export async function listCountries(): Promise<Country[]> {
  return remembered("countries", async () => {
    const db = await getDb();
    return db.select().from(countries).orderBy(asc(countries.code));
  });
}

export async function getCountry(code: string): Promise<Country | null> {
  const upper = code.toUpperCase();
  return (await listCountries()).find((c) => c.code === upper) ?? null;
}

export async function listBanks(country: string, type?: string): Promise<Bank[]> {
  return remembered(`banks|${country}|${type ?? ""}`, async () => {
    const db = await getDb();
    const where = type ? and(eq(banks.country, country), eq(banks.type, type)) : eq(banks.country, country);
    return db.select().from(banks).where(where).orderBy(asc(banks.sortOrder), asc(banks.name));
  });
}

export async function listOperators(country: string): Promise<Operator[]> {
  return remembered(`operators|${country}`, async () => {
    const db = await getDb();
    return db.select().from(eInvoiceOperators).where(eq(eInvoiceOperators.country, country)).orderBy(asc(eInvoiceOperators.name));
  });
}
