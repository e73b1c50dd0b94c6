import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { invoices, payments } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/**
 * Path parameters of the invoice and payment endpoints for the authorization matrix: resources
 * of the owner customer (the site's solar household persona) from the demo data.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const invoiceMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string> | string> = {
  async invoiceNumber({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ n: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.siteId, siteId), eq(invoices.customerId, owner(plan).id)))
      .orderBy(desc(invoices.issueDate))
      .limit(1);
    if (!row) throw new Error(`No demo invoice of the owner on ${siteId}`);
    return row.n;
  },
  async paymentId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.siteId, siteId), eq(payments.customerId, owner(plan).id)))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!row) throw new Error(`No demo payment of the owner on ${siteId}`);
    return row.id;
  },
  provider: () => "sandbox",
};
