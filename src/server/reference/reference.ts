import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { banks, countries, eInvoiceOperators } from "@/server/db/schema";

export async function listCountries() {
  const db = await getDb();
  return db.select().from(countries).orderBy(asc(countries.code));
}

export async function getCountry(code: string) {
  const db = await getDb();
  const [row] = await db.select().from(countries).where(eq(countries.code, code.toUpperCase()));
  return row ?? null;
}

export async function listBanks(country: string, type?: string) {
  const db = await getDb();
  const where = type ? and(eq(banks.country, country), eq(banks.type, type)) : eq(banks.country, country);
  return db.select().from(banks).where(where).orderBy(asc(banks.sortOrder), asc(banks.name));
}

export async function listOperators(country: string) {
  const db = await getDb();
  return db.select().from(eInvoiceOperators).where(eq(eInvoiceOperators.country, country)).orderBy(asc(eInvoiceOperators.name));
}
