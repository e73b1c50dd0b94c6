import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { apiTokens } from "@/server/db/schema";
import type { DemoPlan } from "@/server/demo/plan";
import { createApiToken } from "./tokens";

/**
 * Path parameters of the personal-token and calendar endpoints for the authorization matrix:
 * a live token of the owner customer (the site's solar household persona), made when the demo
 * data has none, and a calendar feed token that names no feed.
 */
type Ctx = { siteId: string; plan: DemoPlan };

const owner = (plan: DemoPlan) => plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private")!;

export const tokenMatrixFixtures: Record<string, (ctx: Ctx) => Promise<string> | string> = {
  async tokenId({ siteId, plan }) {
    const customer = owner(plan);
    const db = await getDb();
    const [row] = await db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.siteId, siteId), eq(apiTokens.customerId, customer.id), eq(apiTokens.name, "Matrix fixture"), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt))
      .limit(1);
    if (row) return row.id;
    const personId = customer.owner!.id;
    const { summary } = await createApiToken({ siteId, personId, customerId: customer.id, requestId: null }, { name: "Matrix fixture", scopes: ["read-invoices"], expiresInDays: 30 });
    return summary.id;
  },
  // A feed token that names no feed: the feed answers 404 whoever asks.
  feedToken: () => "epcal_matrix-unknown-feed.ics",
};
