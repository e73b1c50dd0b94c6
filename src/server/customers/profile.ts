import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, prepared } from "@/server/db/client";
import { customers } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import type { CustomerRow } from "./access";
import { hasFeature, type Feature } from "@/lib/features";

export interface ProfileUpdate {
  email?: string | null;
  phone?: string | null;
  locale?: string;
  marketing?: { email: boolean; phone: boolean };
}

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
  const [row] = await query.execute({ siteId, customerId });
  if (!row) throw notFound();
  return row;
}

/** Site rules are checked here, so every caller (API, pages, jobs) applies them. */
export async function updateProfile(site: { id: string; locales: string[]; features: readonly Feature[] }, customerId: string, update: ProfileUpdate): Promise<CustomerRow> {
  const fields = [] as { path: string; code: string; message: string }[];
  if (update.locale !== undefined && !site.locales.includes(update.locale)) fields.push({ path: "locale", code: "invalid_value", message: "errors.locale-not-available" });
  if (update.phone !== undefined && hasFeature(site, "settings.phone-number-disabled")) fields.push({ path: "phone", code: "not_allowed", message: "errors.phone-number-disabled" });
  if (update.marketing !== undefined && hasFeature(site, "settings.marketing-channels-disabled")) fields.push({ path: "marketing", code: "not_allowed", message: "errors.marketing-disabled" });
  if (fields.length) throw new AppError("validation", "api.errors.validation", { fields });
  const current = await getProfile(site.id, customerId);
  const db = await getDb();
  const [row] = await db
    .update(customers)
    .set({
      email: update.email !== undefined ? update.email : current.email,
      phone: update.phone !== undefined ? update.phone : current.phone,
      locale: update.locale ?? current.locale,
      marketing: update.marketing ?? current.marketing,
      updatedAt: new Date(),
    })
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)))
    .returning();
  return row;
}
