import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { contractDocuments, energyContracts } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/**
 * Path parameters of the contract endpoints for the authorization matrix: a contract of the owner
 * customer (the site's solar household persona) from the demo data, and a business code.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const contractMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string> | string> = {
  async contractId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: energyContracts.id })
      .from(energyContracts)
      .where(and(eq(energyContracts.siteId, siteId), eq(energyContracts.customerId, owner(plan).id)))
      .orderBy(asc(energyContracts.validFrom))
      .limit(1);
    if (!row) throw new Error(`No demo contract of the owner on ${siteId}`);
    return row.id;
  },
  code: () => "1463611-4",
  // A document kept with that contract (the demo has none: one is stored the first time it is asked for).
  async documentId(ctx) {
    const contractId = await contractMatrixFixtures.contractId(ctx);
    const db = await getDb();
    const [existing] = await db
      .select({ id: contractDocuments.id })
      .from(contractDocuments)
      .where(and(eq(contractDocuments.siteId, ctx.siteId), eq(contractDocuments.contractId, contractId)))
      .limit(1);
    if (existing) return existing.id;
    const [row] = await db
      .insert(contractDocuments)
      .values({ siteId: ctx.siteId, customerId: owner(ctx.plan).id, contractId, fileName: "matrix.pdf", contentType: "application/pdf", size: 9, data: Buffer.from("%PDF-1.4\n") })
      .returning({ id: contractDocuments.id });
    return row.id;
  },
};
