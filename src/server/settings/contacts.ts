import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { customerData } from "@/server/cache/customer-data";
import { getDb, type Db } from "@/server/db/client";
import { contactVerifications, customerContacts, customers, type ContactType } from "@/server/db/schema";
import { AppError, notFound, validationError, type FieldError } from "@/server/errors";
import { auditChange, requirePermission, type SettingsActor, type SettingsSite } from "./actor";
import { checkPhone } from "./phones";

import { contactView, emailSchema, isPhone, materialize, MAX_CONTACTS_PER_TYPE, mirror, phonesOff, primaryOf, rowsOf, type ContactInput, type ContactRow, type ContactView } from "./contact-rows";
import { sendVerification } from "./contact-verification";

/** The customer's contacts, e-mails first; phone numbers are left out when the site has them off. */
export async function listContacts(site: SettingsSite, customerId: string): Promise<ContactView[]> {
  // The rows as they are after a first read made them: the cache keeps what was read, never a list
  // that this very read has just filled.
  const rows = await customerData(site.id, customerId, "contacts", async () => {
    const db = await getDb();
    const first = await rowsOf(db, site.id, customerId);
    if (first.length) return first;
    await materialize(db, site, customerId);
    return rowsOf(db, site.id, customerId);
  });
  return rows.filter((r) => !(phonesOff(site) && isPhone(r.type))).map(contactView);
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
  const { existing, removed, planned, needsMail } = await db.transaction(async (tx) => {
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
