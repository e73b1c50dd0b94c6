import type { Context } from "hono";
import type { AppEnv } from "../context";
import { writeAudit } from "@/server/audit/audit";

/** While customer-service staff act in a customer's account, every API call they make is audited (after its answer is made). */
export async function auditCustomerService(c: Context<AppEnv>): Promise<void> {
  const session = c.get("session");
  if (!session?.customerService) return;
  await writeAudit({
    siteId: c.get("site").id,
    actorPersonId: session.person.id,
    customerId: session.activeCustomer?.id ?? null,
    action: `api:${c.req.method} ${new URL(c.req.url).pathname}`,
    details: { status: c.res.status },
    requestId: c.get("requestId"),
  });
}
