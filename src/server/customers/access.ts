import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/server/db/client";
import { authSession, authUser, customerAccess, customers, siteStaff } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { personSessionsChanged, sessionChanged } from "@/server/auth/session-cache";
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
    await db.insert(customerAccess).values({ personId: person.id, customerId: m.id, siteId: person.siteId, role: "owner" }).onConflictDoNothing();
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

export interface PersonAccess {
  customers: AccessibleCustomer[];
  roles: ("customer_service" | "site_admin")[];
  /** The customer a customer-service session has open (asked for by id), whatever the roles; null when not asked or not on the site. */
  staffCustomer: Omit<AccessibleCustomer, "role"> | null;
}

/**
 * What a session needs of a person on a site, in one statement: the customers they may act for
 * (owners first, then by name, as listAccessibleCustomers), their staff roles (as staffRoles)
 * and, for a customer-service session, the customer it has open (as getCustomer).
 */
export async function personAccess(siteId: string, personId: string, staffCustomerId: string | null): Promise<PersonAccess> {
  const db = await getDb();
  const staffCustomer = staffCustomerId
    ? sql`union all
      select 2 as part, c.id::text as id, c.client_code, c.name, c.kind, null as role, 0 as o
        from customers c where c.site_id = ${siteId} and c.id = ${staffCustomerId}::uuid`
    : sql``;
  const rows = await queryRows<{ part: number; id: string | null; client_code: string | null; name: string | null; kind: "private" | "legal" | null; role: string | null }>(
    db,
    sql`select 0 as part, c.id::text as id, c.client_code, c.name, c.kind, ca.role, (case when ca.role = 'owner' then 0 else 1 end) as o
        from customer_access ca join customers c on c.id = ca.customer_id
        where ca.person_id = ${personId} and ca.site_id = ${siteId} and c.site_id = ${siteId}
      union all
      select 1 as part, null, null, null, null, s.role, 0 from site_staff s where s.site_id = ${siteId} and s.person_id = ${personId}
      ${staffCustomer}
      order by part, o, name, role`,
  );
  const out: PersonAccess = { customers: [], roles: [], staffCustomer: null };
  for (const r of rows) {
    const part = Number(r.part);
    if (part === 0) out.customers.push({ id: r.id!, clientCode: r.client_code!, name: r.name!, kind: r.kind!, role: r.role as AccessRole });
    else if (part === 1) out.roles.push(r.role as "customer_service" | "site_admin");
    else out.staffCustomer = { id: r.id!, clientCode: r.client_code!, name: r.name!, kind: r.kind! };
  }
  return out;
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
  await personSessionsChanged(personId);
  return { id: customer.id, clientCode: customer.clientCode, name: customer.name, kind: customer.kind, role: "representative" };
}

export async function setActiveCustomer(siteId: string, sessionId: string, personId: string, customerId: string): Promise<void> {
  const list = await listAccessibleCustomers(siteId, personId);
  if (!list.some((c) => c.id === customerId)) throw notFound();
  const db = await getDb();
  await db.update(authSession).set({ activeCustomerId: customerId, customerService: false }).where(eq(authSession.id, sessionId));
  await sessionChanged(sessionId);
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
  await sessionChanged(sessionId);
  return customer;
}

/** Customer-service staff leave the customer's account; the session returns to the person's own first customer. */
export async function closeCustomerAsStaff(sessionId: string, ownCustomerId: string | null): Promise<void> {
  const db = await getDb();
  await db.update(authSession).set({ customerService: false, activeCustomerId: ownCustomerId }).where(eq(authSession.id, sessionId));
  await sessionChanged(sessionId);
}
