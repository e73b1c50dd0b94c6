import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authSession, customerAccess } from "@/server/db/schema";
import { writeAudit } from "@/server/audit/audit";
import { personSessionsChanged, sessionChanged } from "@/server/auth/session-cache";
import { AppError } from "@/server/errors";
import type { AccessRole } from "@/server/customers/access";
import { hasFeature, type Feature } from "@/lib/features";

/** What the settings services need to know of the site. */
export interface SettingsSite {
  id: string;
  country: string;
  companyName: string;
  defaultLocaleId: string;
  locales: string[];
  themeId: string;
  features: readonly Feature[];
}

/** Who acts, for which customer, and in what role: every settings service takes one. */
export interface SettingsActor {
  site: SettingsSite;
  customerId: string;
  personId: string;
  role: AccessRole;
  requestId?: string | null;
}

export type SettingsPermission = "name" | "business" | "membershipNumber" | "locale" | "marketing" | "contacts" | "addresses" | "bankAccounts" | "appearance" | "export";

/**
 * What each role may change of a customer's settings. The owner and customer service change
 * everything. A representative acts for someone else under a power of attorney that covers
 * looking after the account day to day: they read everything, keep the contacts up to date and
 * choose their own appearance, but do not change who the customer is (name, business details,
 * membership number), where money goes (bank accounts), where letters go (addresses), the
 * customer's language or marketing consents. Of the contacts, the primary e-mail stays the
 * owner's (contacts.ts says why).
 */
const REPRESENTATIVE_MAY: ReadonlySet<SettingsPermission> = new Set(["contacts", "appearance", "export"]);

export function mayChange(role: AccessRole, permission: SettingsPermission): boolean {
  return role !== "representative" || REPRESENTATIVE_MAY.has(permission);
}

/** The permissions object of the profile, with what the site has switched off or the customer's kind rules out. */
export function permissionsFor(actor: Pick<SettingsActor, "role" | "site">, kind: "private" | "legal"): Record<SettingsPermission, boolean> {
  const may = (p: SettingsPermission) => mayChange(actor.role, p);
  return {
    name: may("name"),
    business: may("business") && kind === "legal" && hasFeature(actor.site, "business-customer-info"),
    membershipNumber: may("membershipNumber") && hasFeature(actor.site, "membership-number"),
    locale: may("locale"),
    marketing: may("marketing") && !hasFeature(actor.site, "settings.marketing-channels-disabled"),
    contacts: may("contacts"),
    addresses: may("addresses"),
    bankAccounts: may("bankAccounts"),
    appearance: true,
    export: may("export"),
  };
}

/** Refuses a whole change the actor's role may not make (403, the reason as a translation key). */
export function requirePermission(actor: Pick<SettingsActor, "role">, permission: SettingsPermission): void {
  if (!mayChange(actor.role, permission)) throw new AppError("forbidden", "settings.errors.representative-read-only");
}

/**
 * Customer-service staff acting for a customer: each change is written to the audit log with the
 * staff member (besides the request line the API's audit middleware writes), saying what changed.
 */
export async function auditChange(actor: SettingsActor, action: string, details: Record<string, unknown>): Promise<void> {
  if (actor.role !== "customer_service") return;
  await writeAudit({
    siteId: actor.site.id,
    actorPersonId: actor.personId,
    customerId: actor.customerId,
    action: `settings:${action}`,
    details: { ...details, customerService: true },
    requestId: actor.requestId ?? null,
  });
}

/**
 * The customer's name or kind changed (spec §4: a customer data change refreshes the customer):
 * every session that shows the customer (the header names the active customer, the account menu
 * lists the person's customers) forgets its cached copy in every process, so the next page or
 * call shows the new name. Those are the sessions of everyone with access to the customer, and
 * customer-service sessions that have the customer open.
 */
export async function customerChanged(siteId: string, customerId: string): Promise<void> {
  const db = await getDb();
  const people = await db
    .select({ personId: customerAccess.personId })
    .from(customerAccess)
    .where(and(eq(customerAccess.siteId, siteId), eq(customerAccess.customerId, customerId)));
  const staffSessions = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.activeCustomerId, customerId), eq(authSession.customerService, true)));
  for (const p of new Set(people.map((r) => r.personId))) await personSessionsChanged(p);
  for (const s of staffSessions) await sessionChanged(s.id);
}
