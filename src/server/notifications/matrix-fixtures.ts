import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { inboxMessages, notificationSettings } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";

/**
 * Path parameters of the notification endpoints for the authorization matrix: the owner
 * customer's (the site's solar household persona) own setting and newest inbox message.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const notificationMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string>> = {
  async settingId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: notificationSettings.id })
      .from(notificationSettings)
      .where(and(eq(notificationSettings.siteId, siteId), eq(notificationSettings.customerId, owner(plan).id)))
      .limit(1);
    if (!row) throw new Error(`No demo notification setting of the owner on ${siteId}`);
    return row.id;
  },
  async messageId({ siteId, plan }) {
    const db = await getDb();
    const [row] = await db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.siteId, siteId), eq(inboxMessages.customerId, owner(plan).id)))
      .orderBy(desc(inboxMessages.createdAt))
      .limit(1);
    if (!row) throw new Error(`No demo inbox message of the owner on ${siteId}`);
    return row.id;
  },
};
