import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { authSession, authUser, customerAccess, customers, siteStaff } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { enforceRateLimit } from "@/server/rate-limit";

export type CustomerRow = typeof customers.$inferSelect;
export type AccessRole = "owner" | "representative" | "customer_service";
export interface AccessibleCustomer {
  id: string;
  clientCode: string;
  name: string;
  kind: "private" | "legal";
  role: AccessRole;
}

type Person = Pick<typeof authUser.$inferSelect, "id" | "siteId" | "ssnHash" | "contactEmail" | "identityKind">;

/** Gives a person access to the customers that are theirs by identity: same national code, or same e-mail for e-mail-only sign-in. */
export async function linkPersonToOwnCustomers(person: Person): Promise<void> {
  const db = await getDb();
  const matches = [] as { id: string }[];
  if (person.ssnHash) {
    matches.push(
      ...(await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.siteId, person.siteId), eq(customers.ssnHash, person.ssnHash)))),
    );
  }
  if (person.contactEmail && person.identityKind === "EmailVerified") {
    matches.push(
      ...(await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.siteId, person.siteId), sql`lower(${customers.email}) = ${person.contactEmail.toLowerCase()}`))),
    );
  }
  for (const m of matches) {
    await db
      .insert(customerAccess)
      .values({ personId: person.id, customerId: m.id, siteId: person.siteId, role: "owner" })
      .onConflictDoNothing();
  }
}

export async function listAccessibleCustomers(siteId: string, personId: string): Promise<AccessibleCustomer[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: customers.id, clientCode: customers.clientCode, name: customers.name, kind: customers.kind, role: customerAccess.role })
    .from(customerAccess)
    .innerJoin(customers, eq(customers.id, customerAccess.customerId))
    .where(and(eq(customerAccess.personId, personId), eq(customerAccess.siteId, siteId), eq(customers.siteId, siteId)))
    .orderBy(sql`case when ${customerAccess.role} = 'owner' then 0 else 1 end`, asc(customers.name));
  return rows;
}

export async function staffRoles(siteId: string, personId: string): Promise<("customer_service" | "site_admin")[]> {
  const db = await getDb();
  const rows = await db
    .select({ role: siteStaff.role })
    .from(siteStaff)
    .where(and(eq(siteStaff.siteId, siteId), eq(siteStaff.personId, personId)));
  return rows.map((r) => r.role);
}

export async function getCustomer(siteId: string, customerId: string): Promise<CustomerRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.id, customerId)));
  return row ?? null;
}

/** Adds a represented customer by the code its owner gave out. Attempts are limited: codes must not be guessable by trying. */
export async function addRepresentation(siteId: string, personId: string, representativeCode: string): Promise<AccessibleCustomer> {
  await enforceRateLimit(`representative-code:${siteId}:${personId}`, 10, 15 * 60);
  const db = await getDb();
  const code = representativeCode.trim().toUpperCase();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.representativeCode, code)));
  if (!customer) {
    throw new AppError("validation", "api.errors.validation", {
      fields: [{ path: "representativeCode", code: "invalid", message: "errors.representative-code-invalid" }],
    });
  }
  const existing = await listAccessibleCustomers(siteId, personId);
  const already = existing.find((c) => c.id === customer.id);
  if (already) return already;
  await db.insert(customerAccess).values({ personId, customerId: customer.id, siteId, role: "representative" }).onConflictDoNothing();
  return { id: customer.id, clientCode: customer.clientCode, name: customer.name, kind: customer.kind, role: "representative" };
}

export async function setActiveCustomer(siteId: string, sessionId: string, personId: string, customerId: string): Promise<void> {
  const list = await listAccessibleCustomers(siteId, personId);
  if (!list.some((c) => c.id === customerId)) throw notFound();
  const db = await getDb();
  await db.update(authSession).set({ activeCustomerId: customerId, customerService: false }).where(eq(authSession.id, sessionId));
}

/** Customer-service staff open a customer's account by client code; the caller writes the audit record. */
export async function openCustomerAsStaff(siteId: string, sessionId: string, clientCode: string): Promise<CustomerRow> {
  const db = await getDb();
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.clientCode, clientCode.trim())));
  if (!customer) throw notFound();
  await db.update(authSession).set({ activeCustomerId: customer.id, customerService: true }).where(eq(authSession.id, sessionId));
  return customer;
}
