import "server-only";
/**
 * A customer's contacts as stored: the row and view types, limits, ordering, reading them (with
 * the customer row's e-mail and phone taken over on first read) and keeping the customer row in
 * step. The list's changes are in contacts.ts, verification by code and link in
 * contact-verification.ts.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { getDb, prepared, type Db } from "@/server/db/client";
import { customerContacts, customers, type ContactType } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { hasFeature } from "@/lib/features";
import { formatPhoneInternational } from "@/lib/settings/phone";
import { type SettingsSite } from "./actor";
import { checkPhone } from "./phones";

export type ContactRow = typeof customerContacts.$inferSelect;

export interface ContactInput {
  id?: string;
  type: ContactType;
  value: string;
  primary: boolean;
}

export interface ContactView {
  id: string;
  type: ContactType;
  value: string;
  display: string;
  primary: boolean;
  verified: boolean;
  pendingVerification: boolean;
  createdAt: string;
}

/** At most this many contacts of one type. */
export const MAX_CONTACTS_PER_TYPE = 5;
/** A verification code and link work this long. */
export const VERIFICATION_MINUTES = 30;
/** Wrong codes allowed per mailed code; then a new code must be sent. */
export const MAX_CODE_ATTEMPTS = 5;
/** Verification mails per contact and hour (sending more is 429). */
export const MAILS_PER_HOUR = 5;

export const TYPE_ORDER: Record<ContactType, number> = { Email: 0, Gsm: 1, Phone: 2 };
export const isPhone = (type: ContactType) => type === "Phone" || type === "Gsm";
export const phonesOff = (site: Pick<SettingsSite, "features">) => hasFeature(site, "settings.phone-number-disabled");
export const emailSchema = z.email().max(254);

/** Numbers as shown, kept: reading a number with the numbering plans costs more than the rest of a profile. */
const PHONE_DISPLAY = new LRUCache<string, string>({ max: 10_000 });
function phoneDisplay(e164: string): string {
  let shown = PHONE_DISPLAY.get(e164);
  if (shown === undefined) PHONE_DISPLAY.set(e164, (shown = formatPhoneInternational(e164)));
  return shown;
}

export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    display: row.type === "Email" ? row.value : phoneDisplay(row.value),
    primary: row.isPrimary,
    verified: row.type === "Email" && row.verifiedAt !== null,
    pendingVerification: row.type === "Email" && row.verifiedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function sortRows(rows: ContactRow[]): ContactRow[] {
  return [...rows].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || Number(b.isPrimary) - Number(a.isPrimary) || a.position - b.position);
}

const contactRowsQuery = (db: Db) =>
  db
    .select()
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, sql.placeholder("siteId")), eq(customerContacts.customerId, sql.placeholder("customerId"))))
    .orderBy(asc(customerContacts.position), asc(customerContacts.createdAt));

/** The customer's contact rows in display order; read with the prepared query unless inside a transaction. */
export async function rowsOf(db: Db, siteId: string, customerId: string): Promise<ContactRow[]> {
  const query = db === (await getDb()) ? await prepared("contact_rows", (base) => contactRowsQuery(base).prepare("contact_rows")) : contactRowsQuery(db);
  return sortRows(await query.execute({ siteId, customerId }));
}

/**
 * A customer that has no contact rows yet (created before contacts were kept as a list, or by a
 * supplier's import) gets them from its own row: the e-mail on file counts as verified (it came
 * from the supplier's records) and the phone is read with the site's country.
 */
export async function materialize(db: Db, site: SettingsSite, customerId: string): Promise<void> {
  const [c] = await db
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  if (!c) throw notFound();
  const values: (typeof customerContacts.$inferInsert)[] = [];
  const email = c.email?.trim().toLowerCase();
  if (email && emailSchema.safeParse(email).success) values.push({ siteId: site.id, customerId, type: "Email", value: email, isPrimary: true, verifiedAt: new Date() });
  const phone = c.phone ? checkPhone(c.phone, site.country) : null;
  if (phone?.ok) values.push({ siteId: site.id, customerId, type: phone.mobile === false ? "Phone" : "Gsm", value: phone.e164, isPrimary: true, position: 0 });
  if (values.length) await db.insert(customerContacts).values(values).onConflictDoNothing();
}

/**
 * The contacts the supplier uses: the primary e-mail once verified (a new one is not used before),
 * else the verified one it replaces; the primary mobile and landline numbers.
 */
export function primaryOf(rows: readonly ContactView[], previousEmail: string | null): { email: string | null; phone: string | null; gsm: string | null } {
  const primary = (type: ContactType) => rows.find((r) => r.type === type && r.primary) ?? null;
  const email = primary("Email");
  const stillThere = previousEmail && rows.some((r) => r.type === "Email" && r.verified && r.value === previousEmail.toLowerCase()) ? previousEmail.toLowerCase() : null;
  return {
    email: email?.verified ? email.value : stillThere,
    phone: primary("Phone")?.value ?? null,
    gsm: primary("Gsm")?.value ?? null,
  };
}

/** Keeps the customer row's e-mail and phone in step with the contacts (invoices and e-mail sign-in read them). */
export async function mirror(db: Db, siteId: string, customerId: string): Promise<void> {
  const rows = (await rowsOf(db, siteId, customerId)).map(contactView);
  const [c] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.id, customerId)));
  const p = primaryOf(rows, c?.email ?? null);
  await db
    .update(customers)
    .set({ email: p.email, phone: p.gsm ?? p.phone, updatedAt: new Date() })
    .where(and(eq(customers.siteId, siteId), eq(customers.id, customerId)));
}

/** The profile's phone: the primary mobile, else the primary landline, in international form. */
export function profilePhone(rows: readonly ContactView[]): string | null {
  const p = primaryOf(rows, null);
  const value = p.gsm ?? p.phone;
  return value ? phoneDisplay(value) : null;
}

/** The profile's e-mail: the primary one (it may still wait for its verification). */
export function profileEmail(rows: readonly ContactView[]): string | null {
  return rows.find((r) => r.type === "Email" && r.primary)?.value ?? null;
}
