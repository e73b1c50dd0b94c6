import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { bankAccounts, customerContacts } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/**
 * Path parameters of the settings endpoints for the authorization matrix: the owner customer's
 * (the site's solar household persona) own contact and bank account from the demo data.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const settingsMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string>> = {
  async contactId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: customerContacts.id })
      .from(customerContacts)
      .where(and(eq(customerContacts.siteId, siteId), eq(customerContacts.customerId, owner(plan).id), eq(customerContacts.type, "Email")))
      .orderBy(asc(customerContacts.position))
      .limit(1);
    if (!row) throw new Error(`No demo contact of the owner on ${siteId}`);
    return row.id;
  },
  async bankAccountId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.siteId, siteId), eq(bankAccounts.customerId, owner(plan).id)))
      .orderBy(asc(bankAccounts.createdAt))
      .limit(1);
    if (!row) throw new Error(`No demo bank account of the owner on ${siteId}`);
    return row.id;
  },
};
