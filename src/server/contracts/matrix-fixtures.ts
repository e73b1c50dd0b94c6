import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { energyContracts } from "@/server/db/schema";
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
};
