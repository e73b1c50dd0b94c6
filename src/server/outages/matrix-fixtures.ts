import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { loadControlRelays, meteringPoints, relayCommands } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/**
 * Path parameters of the outage and load-control endpoints for the authorization matrix:
 * resources of the owner customer (the site's solar household persona) from the demo data.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const outagesMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string> | string> = {
  /** The owner's electricity usage point: the one with a relay when it has one. */
  async gsrn({ siteId, plan }) {
    const db = await getDb();
    const [relay] = await db
      .select({ gsrn: meteringPoints.gsrn })
      .from(loadControlRelays)
      .innerJoin(meteringPoints, eq(meteringPoints.id, loadControlRelays.meteringPointId))
      .where(and(eq(loadControlRelays.siteId, siteId), eq(loadControlRelays.customerId, owner(plan).id)))
      .limit(1);
    if (relay) return relay.gsrn;
    const [row] = await db
      .select({ gsrn: meteringPoints.gsrn })
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, owner(plan).id), eq(meteringPoints.energyKind, "electricity")))
      .orderBy(asc(meteringPoints.gsrn))
      .limit(1);
    if (!row) throw new Error(`No demo usage point of the owner on ${siteId}`);
    return row.gsrn;
  },
  /** The owner's latest relay command. */
  async commandId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: relayCommands.id })
      .from(relayCommands)
      .where(and(eq(relayCommands.siteId, siteId), eq(relayCommands.customerId, owner(plan).id)))
      .orderBy(desc(relayCommands.createdAt))
      .limit(1);
    if (!row) throw new Error(`No demo relay command of the owner on ${siteId}`);
    return row.id;
  },
};
