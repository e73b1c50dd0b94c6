import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, prepared } from "@/server/db/client";
import { customerData } from "@/server/cache/customer-data";
import { customerBusinessInfo, customers } from "@/server/db/schema";
import { notFound, validationError, type FieldError } from "@/server/errors";
import type { CustomerRow } from "./access";
import { hasFeature } from "@/lib/features";
import { normalizeVatNumber } from "@/lib/settings/business";
import { auditChange, customerChanged, mayChange, permissionsFor, type SettingsActor, type SettingsPermission } from "@/server/settings/actor";
import { listContacts, setPrimaryContacts } from "@/server/settings/contacts";
import { profileEmail, profilePhone } from "@/server/settings/contact-rows";
import { checkPhone } from "@/server/settings/phones";

export interface ProfileUpdate {
  firstName?: string;
  lastName?: string;
  name?: string;
  vatNumber?: string | null;
  contactPerson?: string | null;
  membershipNumber?: string | null;
  email?: string | null;
  phone?: string | null;
  locale?: string;
  marketing?: { email: boolean; phone: boolean };
}

/** The customer row as the profile shows it (contacts, business info and rights are added by profileFor). */
export function profileView(c: CustomerRow) {
  return {
    id: c.id,
    clientCode: c.clientCode,
    kind: c.kind,
    name: c.name,
    firstName: c.firstName,
    lastName: c.lastName,
    registryCode: c.registryCode,
    email: c.email,
    phone: c.phone,
    locale: c.locale,
    address: { street: c.street, postalCode: c.postalCode, city: c.city, country: c.country },
    membershipNumber: c.membershipNumber,
    representativeCode: c.representativeCode,
    marketing: c.marketing,
  };
}

export async function getProfile(siteId: string, customerId: string): Promise<CustomerRow> {
  const query = await prepared("get_profile", (db) =>
    db
      .select()
      .from(customers)
      .where(and(eq(customers.siteId, sql.placeholder("siteId")), eq(customers.id, sql.placeholder("customerId"))))
      .prepare("get_profile"),
  );
  const [row] = await customerData(siteId, customerId, "profile", () => query.execute({ siteId, customerId }));
  if (!row) throw notFound();
  return row;
}

async function businessInfo(siteId: string, customerId: string) {
  return customerData(siteId, customerId, "business", async () => {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(customerBusinessInfo)
      .where(and(eq(customerBusinessInfo.siteId, siteId), eq(customerBusinessInfo.customerId, customerId)));
    return row ?? null;
  });
}

/**
 * The profile of the customer the actor acts for (GET /api/me): the primary contacts, business
 * customer info and membership number when the site has them on, the representative code for the
 * owner only, and what the actor may change.
 */
export async function profileFor(actor: SettingsActor) {
  const { site, customerId, role } = actor;
  // Two independent reads: one round trip's wait on PostgreSQL, not two.
  const [row, contacts] = await Promise.all([getProfile(site.id, customerId), listContacts(site, customerId)]);
  const business = row.kind === "legal" && hasFeature(site, "business-customer-info") ? await businessInfo(site.id, customerId) : null;
  const view = profileView(row);
  return {
    ...view,
    vatNumber: business?.vatNumber ?? null,
    contactPerson: business?.contactPerson ?? null,
    email: profileEmail(contacts),
    phone: hasFeature(site, "settings.phone-number-disabled") ? null : profilePhone(contacts),
    membershipNumber: hasFeature(site, "membership-number") ? row.membershipNumber : null,
    representativeCode: role === "owner" ? view.representativeCode : null,
    role,
    permissions: permissionsFor(actor, row.kind),
  };
}

export type ProfileAnswer = Awaited<ReturnType<typeof profileFor>>;

/** The rights each field of an update needs. */
const FIELD_PERMISSION: Record<keyof ProfileUpdate, SettingsPermission> = {
  firstName: "name",
  lastName: "name",
  name: "name",
  vatNumber: "business",
  contactPerson: "business",
  membershipNumber: "membershipNumber",
  email: "contacts",
  phone: "contacts",
  locale: "locale",
  marketing: "marketing",
};

/**
 * Changes the profile (PUT /api/me). Site rules and the actor's rights are checked here, so every
 * caller applies them; every problem is a field error and nothing is stored when there is one. A
 * changed name refreshes every session that shows the customer (the header names it).
 */
export async function updateProfile(actor: SettingsActor, update: ProfileUpdate, origin: string): Promise<ProfileAnswer> {
  const { site, customerId } = actor;
  const current = await getProfile(site.id, customerId);
  const fields: FieldError[] = [];
  const refuse = (path: string, message: string, code = "not_allowed") => fields.push({ path, code, message });
  const given = (Object.keys(update) as (keyof ProfileUpdate)[]).filter((k) => update[k] !== undefined);
  for (const key of given) if (!mayChange(actor.role, FIELD_PERMISSION[key])) refuse(key, "settings.errors.not-permitted");

  if (update.locale !== undefined && !site.locales.includes(update.locale)) refuse("locale", "errors.locale-not-available", "invalid_value");
  if (update.phone !== undefined && hasFeature(site, "settings.phone-number-disabled")) refuse("phone", "errors.phone-number-disabled");
  if (update.phone) {
    const phone = checkPhone(update.phone, site.country);
    if (!phone.ok) refuse("phone", phone.message, "invalid");
  }
  if (update.marketing !== undefined && hasFeature(site, "settings.marketing-channels-disabled")) refuse("marketing", "errors.marketing-disabled");
  for (const key of ["firstName", "lastName"] as const) if (update[key] !== undefined && current.kind !== "private") refuse(key, "settings.errors.private-customers-only", "invalid");
  if (update.name !== undefined && current.kind !== "legal") refuse("name", "settings.errors.legal-customers-only", "invalid");
  for (const key of ["vatNumber", "contactPerson"] as const) {
    if (update[key] === undefined) continue;
    if (!hasFeature(site, "business-customer-info")) refuse(key, "settings.errors.business-info-disabled");
    else if (current.kind !== "legal") refuse(key, "settings.errors.legal-customers-only", "invalid");
  }
  let vatNumber: string | null | undefined = update.vatNumber;
  if (typeof update.vatNumber === "string") {
    vatNumber = update.vatNumber.trim() === "" ? null : normalizeVatNumber(update.vatNumber);
    if (vatNumber === null && update.vatNumber.trim() !== "") refuse("vatNumber", "settings.errors.vat-number-invalid", "invalid");
  }
  if (update.membershipNumber !== undefined && !hasFeature(site, "membership-number")) refuse("membershipNumber", "settings.errors.membership-number-disabled");
  if (fields.length) throw validationError(dedupe(fields));

  if (update.email !== undefined || update.phone !== undefined) await setPrimaryContacts(actor, { email: update.email, phone: update.phone }, origin);

  const firstName = update.firstName ?? current.firstName;
  const lastName = update.lastName ?? current.lastName;
  const name = current.kind === "private" ? [firstName, lastName].filter(Boolean).join(" ") || current.name : (update.name ?? current.name);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({
        firstName,
        lastName,
        name,
        locale: update.locale ?? current.locale,
        marketing: update.marketing ?? current.marketing,
        membershipNumber: update.membershipNumber !== undefined ? update.membershipNumber : current.membershipNumber,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
    if (vatNumber !== undefined || update.contactPerson !== undefined) {
      const set = {
        ...(vatNumber !== undefined ? { vatNumber } : {}),
        ...(update.contactPerson !== undefined ? { contactPerson: update.contactPerson } : {}),
        updatedAt: new Date(),
      };
      await tx
        .insert(customerBusinessInfo)
        .values({ customerId, siteId: site.id, vatNumber: vatNumber ?? null, contactPerson: update.contactPerson ?? null })
        .onConflictDoUpdate({ target: customerBusinessInfo.customerId, set, setWhere: eq(customerBusinessInfo.siteId, site.id) });
    }
  });
  if (name !== current.name) await customerChanged(site.id, customerId);
  const changes = Object.fromEntries(given.filter((k) => k !== "email" && k !== "phone").map((k) => [k, update[k]]));
  if (Object.keys(changes).length) await auditChange(actor, "profile-updated", { changes, previousName: name !== current.name ? current.name : undefined });
  return profileFor(actor);
}

function dedupe(fields: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return fields.filter((f) => (seen.has(f.path) ? false : (seen.add(f.path), true)));
}
