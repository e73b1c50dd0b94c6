import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { meteringPoints } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/** Path parameters of the contract-signing endpoints for the authorization matrix: the owner's (solar household's) first usage point. */
type Ctx = { siteId: string; plan: DemoPlan };

export const signingMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string> | string> = {
  async objectId({ siteId, plan }) {
    const owner = plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;
    const db = await getDb();
    const [row] = await db
      .select({ id: meteringPoints.id })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, owner.id)))
      .orderBy(asc(meteringPoints.gsrn))
      .limit(1);
    if (!row) throw new Error(`No demo usage point of the owner on ${siteId}`);
    return row.id;
  },
};
