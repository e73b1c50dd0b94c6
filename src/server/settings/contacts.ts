import "server-only";
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Db } from "@/server/db/client";
import { contactVerifications, customerContacts, customers, type ContactType } from "@/server/db/schema";
import { AppError, notFound, validationError, type FieldError } from "@/server/errors";
import { enforceRateLimit } from "@/server/rate-limit";
import { sendMail } from "@/server/providers/mail/mailer";
import { authSecret } from "@/lib/env";
import { hasFeature } from "@/lib/features";
import { localePath } from "@/lib/locales";
import { formatPhoneInternational } from "@/lib/settings/phone";
import { auditChange, requirePermission, type SettingsActor, type SettingsSite } from "./actor";
import { checkPhone } from "./phones";
import { verificationMail } from "./mail";

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
const MAILS_PER_HOUR = 5;

const TYPE_ORDER: Record<ContactType, number> = { Email: 0, Gsm: 1, Phone: 2 };
const isPhone = (type: ContactType) => type === "Phone" || type === "Gsm";
const phonesOff = (site: Pick<SettingsSite, "features">) => hasFeature(site, "settings.phone-number-disabled");
const emailSchema = z.email().max(254);

export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    display: row.type === "Email" ? row.value : formatPhoneInternational(row.value),
    primary: row.isPrimary,
    verified: row.type === "Email" && row.verifiedAt !== null,
    pendingVerification: row.type === "Email" && row.verifiedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

function sortRows(rows: ContactRow[]): ContactRow[] {
  return [...rows].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || Number(b.isPrimary) - Number(a.isPrimary) || a.position - b.position);
}

async function rowsOf(db: Db, siteId: string, customerId: string): Promise<ContactRow[]> {
  const rows = await db
    .select()
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId)))
    .orderBy(asc(customerContacts.position), asc(customerContacts.createdAt));
  return sortRows(rows);
}

/**
 * A customer that has no contact rows yet (created before contacts were kept as a list, or by a
 * supplier's import) gets them from its own row: the e-mail on file counts as verified (it came
 * from the supplier's records) and the phone is read with the site's country.
 */
async function materialize(db: Db, site: SettingsSite, customerId: string): Promise<void> {
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

/** The customer's contacts, e-mails first; phone numbers are left out when the site has them off. */
export async function listContacts(site: SettingsSite, customerId: string): Promise<ContactView[]> {
  const db = await getDb();
  let rows = await rowsOf(db, site.id, customerId);
  if (rows.length === 0) {
    await materialize(db, site, customerId);
    rows = await rowsOf(db, site.id, customerId);
  }
  return rows.filter((r) => !(phonesOff(site) && isPhone(r.type))).map(contactView);
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

export async function primaryContacts(site: SettingsSite, customerId: string) {
  const list = await listContacts(site, customerId);
  const db = await getDb();
  const [c] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  const p = primaryOf(list, c?.email ?? null);
  return { email: p.email, phone: phonesOff(site) ? null : p.phone, gsm: phonesOff(site) ? null : p.gsm };
}

/** Keeps the customer row's e-mail and phone in step with the contacts (invoices and e-mail sign-in read them). */
async function mirror(db: Db, siteId: string, customerId: string): Promise<void> {
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

interface Planned {
  index: number;
  id: string | null;
  type: ContactType;
  value: string;
  primary: boolean;
  /** The existing row, when the input keeps or edits one. */
  row: ContactRow | null;
}

/** Checks the new list against the customer's contacts and writes it (inside replaceContacts' transaction). */
async function planAndWrite(tx: Db, actor: SettingsActor, inputs: readonly ContactInput[]) {
  const { site, customerId } = actor;
  const existing = await rowsOf(tx, site.id, customerId);
  const managed = existing.filter((r) => !(phonesOff(site) && isPhone(r.type)));
  const byId = new Map(managed.map((r) => [r.id, r]));

  // Someone else's id (or an unknown one) is not found, whatever else the list says.
  for (const input of inputs) if (input.id && !byId.has(input.id)) throw notFound("settings.errors.contact-not-found");

  const fields: FieldError[] = [];
  const fail = (index: number, field: string, message: string, code = "invalid") => fields.push({ path: `contacts.${index}.${field}`, code, message });
  const planned: Planned[] = [];
  inputs.forEach((input, index) => {
    let value = input.value.trim();
    const row = input.id ? byId.get(input.id)! : null;
    if (row && row.type !== input.type) return fail(index, "type", "settings.errors.contact-type-fixed");
    if (isPhone(input.type) && phonesOff(site)) return fail(index, "type", "settings.errors.phone-number-disabled", "not_allowed");
    if (input.type === "Email") {
      value = value.toLowerCase();
      if (!emailSchema.safeParse(value).success) return fail(index, "value", "settings.errors.email-invalid");
    } else {
      const phone = checkPhone(value, site.country);
      if (!phone.ok) return fail(index, "value", phone.message);
      if (input.type === "Gsm" && phone.mobile === false) return fail(index, "value", "settings.errors.not-a-mobile-number");
      value = phone.e164;
    }
    planned.push({ index, id: input.id ?? null, type: input.type, value, primary: input.primary, row });
  });
  if (fields.length) throw validationError(fields);

  // The same contact twice, too many of a type, two primaries.
  const seen = new Set<string>();
  const perType = new Map<ContactType, number>();
  for (const p of planned) {
    const key = `${p.type}|${p.value}`;
    if (seen.has(key)) fail(p.index, "value", "settings.errors.contact-duplicate", "duplicate");
    seen.add(key);
    perType.set(p.type, (perType.get(p.type) ?? 0) + 1);
    if (perType.get(p.type)! > MAX_CONTACTS_PER_TYPE) fail(p.index, "value", "settings.errors.too-many-contacts", "too_big");
  }
  for (const type of ["Email", "Phone", "Gsm"] as const) {
    const primaries = planned.filter((p) => p.type === type && p.primary);
    for (const extra of primaries.slice(1)) fail(extra.index, "primary", "settings.errors.one-primary-per-type");
  }
  if (fields.length) throw validationError(fields);

  // An input without an id that names an existing contact keeps it (and its verification).
  const claimed = new Set(planned.filter((p) => p.row).map((p) => p.row!.id));
  for (const p of planned) {
    if (p.row) continue;
    const same = managed.find((r) => !claimed.has(r.id) && r.type === p.type && r.value === p.value);
    if (same) {
      p.row = same;
      claimed.add(same.id);
    }
  }
  // A type with contacts but no primary: the first one is (a representative's e-mails excepted).
  const representative = actor.role === "representative";
  for (const type of ["Email", "Phone", "Gsm"] as const) {
    const ofType = planned.filter((p) => p.type === type);
    if (ofType.length && !ofType.some((p) => p.primary) && !(representative && type === "Email")) ofType[0].primary = true;
  }

  if (representative) {
    const current = managed.find((r) => r.type === "Email" && r.isPrimary);
    const kept = current ? planned.find((p) => p.row?.id === current.id) : undefined;
    if (current && !kept) fields.push({ path: "contacts", code: "not_allowed", message: "settings.errors.primary-email-owner-only" });
    if (kept && kept.value !== current!.value) fail(kept.index, "value", "settings.errors.primary-email-owner-only", "not_allowed");
    for (const p of planned) {
      if (p.type === "Email" && p.primary && p.row?.id !== current?.id) fail(p.index, "primary", "settings.errors.primary-email-owner-only", "not_allowed");
    }
    if (kept && !kept.primary) fail(kept.index, "primary", "settings.errors.primary-email-owner-only", "not_allowed");
    if (fields.length) throw validationError(fields);
  }

  const removed = managed.filter((r) => !claimed.has(r.id));
  const needsMail: string[] = [];
  const scope = and(eq(customerContacts.siteId, site.id), eq(customerContacts.customerId, customerId));
  if (removed.length) {
    await tx.delete(customerContacts).where(
      and(
        scope,
        inArray(
          customerContacts.id,
          removed.map((r) => r.id),
        ),
      ),
    );
  }
  const managedTypes = phonesOff(site) ? (["Email"] as ContactType[]) : (["Email", "Phone", "Gsm"] as ContactType[]);
  // Primaries and edited values are cleared first, so no unique index sees two rows at once.
  await tx
    .update(customerContacts)
    .set({ isPrimary: false })
    .where(and(scope, inArray(customerContacts.type, managedTypes)));
  const edited = planned.filter((p) => p.row && p.row.value !== p.value);
  for (const p of edited) {
    await tx
      .update(customerContacts)
      .set({ value: sql`'~' || ${customerContacts.id}::text` })
      .where(and(scope, eq(customerContacts.id, p.row!.id)));
  }
  const now = new Date();
  for (const [position, p] of planned.entries()) {
    if (p.row) {
      const changed = p.row.value !== p.value;
      await tx
        .update(customerContacts)
        .set({
          value: p.value,
          isPrimary: p.primary,
          position,
          updatedAt: now,
          ...(changed ? { verifiedAt: null } : {}),
        })
        .where(and(scope, eq(customerContacts.id, p.row.id)));
      if (changed && p.type === "Email") needsMail.push(p.row.id);
      if (changed) await tx.delete(contactVerifications).where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.contactId, p.row.id)));
    } else {
      const [row] = await tx
        .insert(customerContacts)
        .values({ siteId: site.id, customerId, type: p.type, value: p.value, isPrimary: p.primary, position, verifiedAt: null })
        .returning({ id: customerContacts.id });
      if (p.type === "Email") needsMail.push(row.id);
    }
  }
  await mirror(tx, site.id, customerId);
  return { existing, removed, planned, needsMail };
}

/**
 * Replaces the customer's contacts with the list (spec §7 PUT /api/me/contacts). Ids are the
 * customer's own (another's is 404 and nothing changes); e-mails are stored lower-case and phone
 * numbers in E.164; one primary per type. A new or changed e-mail is stored unverified and a code
 * and link are mailed to it; until verified the supplier keeps using the verified one.
 *
 * The primary e-mail is where invoices go and, on sites with e-mail sign-in, the identity by
 * which the customer's owner is recognised: a representative keeps the contacts up to date but
 * may not remove, change or replace it, nor make another e-mail primary.
 */
export async function replaceContacts(actor: SettingsActor, inputs: readonly ContactInput[], origin: string): Promise<{ contacts: ContactView[]; verificationsSent: string[] }> {
  requirePermission(actor, "contacts");
  const { site, customerId } = actor;
  const db = await getDb();
  await listContacts(site, customerId);
  // One change of a customer's contacts at a time: the list is read, checked and written under a
  // lock of the customer's row, so two saves at once cannot both add the same contact.
  const { existing, removed, planned, needsMail } = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)))
      .for("update");
    return planAndWrite(tx, actor, inputs);
  });
  const sent: string[] = [];
  for (const id of needsMail) {
    try {
      await sendVerification(actor, id, origin);
      sent.push(id);
    } catch (err) {
      // The list is saved; an address mailed too often this hour gets its code by a resend later.
      if (!(err instanceof AppError && err.code === "rate_limited")) throw err;
    }
  }
  const contacts = await listContacts(site, customerId);
  await auditChange(actor, "contacts-updated", {
    added: contacts.filter((c) => !existing.some((r) => r.id === c.id)).map((c) => ({ type: c.type, value: c.value })),
    removed: removed.map((r) => ({ type: r.type, value: r.value })),
    changed: planned.filter((p) => p.row && p.row.value !== p.value).map((p) => ({ type: p.type, from: p.row!.value, to: p.value })),
  });
  return { contacts, verificationsSent: sent };
}

/**
 * Sets the primary contacts as PUT /api/me's `email` and `phone` do, in one change of the list: an
 * existing contact with the value becomes primary, otherwise a new one is added as primary (an
 * e-mail unverified, mailed a code; a phone as mobile or landline by its number); null removes
 * the primary of the kind. Problems are reported on the profile's field.
 */
export async function setPrimaryContacts(actor: SettingsActor, change: { email?: string | null; phone?: string | null }, origin: string): Promise<void> {
  const current = await listContacts(actor.site, actor.customerId);
  let next: ContactInput[] = current.map((c) => ({ id: c.id, type: c.type, value: c.value, primary: c.primary }));
  const kinds: ["email" | "phone", string | null | undefined][] = [
    ["email", change.email],
    ["phone", change.phone],
  ];
  for (const [kind, value] of kinds) {
    if (value === undefined) continue;
    const types: ContactType[] = kind === "email" ? ["Email"] : ["Gsm", "Phone"];
    if (value === null) {
      next = next.filter((c) => !(types.includes(c.type) && c.primary));
      continue;
    }
    let type: ContactType = "Email";
    let normalized = value.trim().toLowerCase();
    if (kind === "phone") {
      const phone = checkPhone(value, actor.site.country);
      if (!phone.ok) throw validationError([{ path: "phone", code: "invalid", message: phone.message }]);
      normalized = phone.e164;
      type = phone.mobile === false ? "Phone" : "Gsm";
    }
    next = next.map((c) => (c.type === type ? { ...c, primary: c.value === normalized } : c));
    if (!next.some((c) => c.type === type && c.value === normalized)) next.push({ type, value: normalized, primary: true });
  }
  try {
    await replaceContacts(actor, next, origin);
  } catch (err) {
    if (err instanceof AppError && err.code === "validation") {
      const pathOf = (f: FieldError) => {
        const index = Number(/^contacts\.(\d+)\./.exec(f.path)?.[1] ?? NaN);
        const type = next[index]?.type;
        return type === "Email" ? "email" : type ? "phone" : change.email !== undefined ? "email" : "phone";
      };
      throw validationError((err.details?.fields ?? []).map((f) => ({ ...f, path: pathOf(f) })));
    }
    throw err;
  }
}

// ---------------------------------------------------------------- verification

const hmac = (purpose: string, value: string) => crypto.createHmac("sha256", authSecret()).update(`${purpose}:${value}`).digest("hex");

async function contactOf(siteId: string, customerId: string, contactId: string): Promise<ContactRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
  if (!row) throw notFound("settings.errors.contact-not-found");
  return row;
}

/** Whether a contact is the customer's (the API asks before it reads a request body). */
export async function isOwnContact(siteId: string, customerId: string, contactId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: customerContacts.id })
    .from(customerContacts)
    .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
  return !!row;
}

/** Mails a new code and link for an unverified e-mail; earlier codes stop working. */
export async function sendVerification(actor: SettingsActor, contactId: string, origin: string): Promise<{ contactId: string; expiresAt: string }> {
  const { site, customerId } = actor;
  const contact = await contactOf(site.id, customerId, contactId);
  if (contact.type !== "Email") throw validationError([{ path: "contactId", code: "invalid", message: "settings.errors.not-an-email" }]);
  if (contact.verifiedAt) throw validationError([{ path: "contactId", code: "invalid", message: "settings.errors.already-verified" }]);
  await enforceRateLimit(`contact-verification:${site.id}:${contact.id}`, MAILS_PER_HOUR, 3600);
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + VERIFICATION_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .update(contactVerifications)
      .set({ usedAt: new Date() })
      .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.contactId, contact.id), isNull(contactVerifications.usedAt)));
    await tx.insert(contactVerifications).values({
      siteId: site.id,
      customerId,
      contactId: contact.id,
      codeHash: hmac("contact-code", `${contact.id}:${code}`),
      tokenHash: hmac("contact-link", token),
      expiresAt,
    });
  });
  const locale = customer.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const name = customer.kind === "private" ? (customer.firstName ?? customer.name) : customer.name;
  const link = `${origin}/api/contacts/verify?token=${token}`;
  const mail = verificationMail({ site, locale, name, to: contact.value, code, link, minutes: VERIFICATION_MINUTES });
  await sendMail({ siteId: site.id, to: contact.value, subject: mail.subject, text: mail.text, html: mail.html }, { idempotencyKey: `contact-verification:${hmac("contact-link", token)}` });
  return { contactId: contact.id, expiresAt: expiresAt.toISOString() };
}

async function markVerified(db: Db, siteId: string, customerId: string, contactId: string, verificationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(contactVerifications).set({ usedAt: now }).where(eq(contactVerifications.id, verificationId));
    await tx
      .update(customerContacts)
      .set({ verifiedAt: now, updatedAt: now })
      .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, customerId), eq(customerContacts.id, contactId)));
    await mirror(tx as unknown as Db, siteId, customerId);
  });
}

/**
 * Checks a code typed on the contacts tab. A verified e-mail is an identity verification of the
 * kind EmailVerified (spec §3): the supplier may use it, and on sites with e-mail sign-in the
 * owner's primary e-mail recognises them. Codes expire and allow a few attempts.
 */
export async function verifyContactCode(actor: SettingsActor, contactId: string, code: string): Promise<ContactView> {
  const { site, customerId } = actor;
  const contact = await contactOf(site.id, customerId, contactId);
  if (contact.type !== "Email") throw validationError([{ path: "code", code: "invalid", message: "settings.errors.not-an-email" }]);
  if (contact.verifiedAt) return contactView(contact);
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(contactVerifications)
    .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.contactId, contact.id), isNull(contactVerifications.usedAt)))
    .orderBy(desc(contactVerifications.createdAt))
    .limit(1);
  if (!pending || pending.expiresAt.getTime() <= Date.now()) throw validationError([{ path: "code", code: "expired", message: "settings.errors.code-expired" }]);
  if (pending.attempts >= MAX_CODE_ATTEMPTS) throw validationError([{ path: "code", code: "too_many_attempts", message: "settings.errors.code-attempts-exceeded" }]);
  const expected = Buffer.from(pending.codeHash, "hex");
  const given = Buffer.from(hmac("contact-code", `${contact.id}:${code.trim()}`), "hex");
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    // Counted in one statement, so parallel guesses cannot share an attempt.
    const [counted] = await db
      .update(contactVerifications)
      .set({ attempts: sql`${contactVerifications.attempts} + 1` })
      .where(eq(contactVerifications.id, pending.id))
      .returning({ attempts: contactVerifications.attempts });
    const left = Math.max(0, MAX_CODE_ATTEMPTS - counted.attempts);
    throw new AppError("validation", "api.errors.validation", {
      fields: [{ path: "code", code: "invalid", message: left > 0 ? "settings.errors.code-invalid" : "settings.errors.code-attempts-exceeded" }],
      attemptsLeft: left,
    });
  }
  await markVerified(db, site.id, customerId, contact.id, pending.id);
  await auditChange(actor, "contact-verified", { contactId: contact.id, value: contact.value });
  return contactView(await contactOf(site.id, customerId, contact.id));
}

/**
 * The one-click link of the mail: verifies without a session (the link itself proves the mailbox
 * is the customer's) and answers where to send the browser: the contacts tab in the customer's
 * language, saying whether it worked.
 */
export async function verifyContactLink(site: SettingsSite, token: string): Promise<string> {
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(contactVerifications)
    .where(and(eq(contactVerifications.siteId, site.id), eq(contactVerifications.tokenHash, hmac("contact-link", token))));
  const [customer] = pending
    ? await db
        .select({ locale: customers.locale })
        .from(customers)
        .where(and(eq(customers.siteId, site.id), eq(customers.id, pending.customerId)))
    : [];
  const locale = customer?.locale && site.locales.includes(customer.locale) ? customer.locale : site.defaultLocaleId;
  const failed = localePath(site, locale, "/settings?tab=contacts&verification=failed");
  if (!pending || pending.usedAt || pending.expiresAt.getTime() <= Date.now()) {
    // A link used a second time for an address that is verified now: it worked, say so.
    if (pending?.usedAt) {
      const [contact] = await db
        .select()
        .from(customerContacts)
        .where(and(eq(customerContacts.siteId, site.id), eq(customerContacts.id, pending.contactId)));
      if (contact?.verifiedAt) return localePath(site, locale, `/settings?tab=contacts&verified=${contact.id}`);
    }
    return failed;
  }
  await markVerified(db, site.id, pending.customerId, pending.contactId, pending.id);
  return localePath(site, locale, `/settings?tab=contacts&verified=${pending.contactId}`);
}

/** The profile's phone: the primary mobile, else the primary landline, in international form. */
export function profilePhone(rows: readonly ContactView[]): string | null {
  const p = primaryOf(rows, null);
  const value = p.gsm ?? p.phone;
  return value ? formatPhoneInternational(value) : null;
}

/** The profile's e-mail: the primary one (it may still wait for its verification). */
export function profileEmail(rows: readonly ContactView[]): string | null {
  return rows.find((r) => r.type === "Email" && r.primary)?.value ?? null;
}
