import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { meteringPoints, outagePoints, outages } from "@/server/db/schema";
import { queueNotification } from "@/server/notifications/notify";

/**
 * An outage that starts or is planned is announced to every customer it touches (by usage point,
 * or by postal code for an area), once per outage and state: a planned work is announced when it
 * is planned and again when it begins, an update of the same state is not. The notification's
 * fan-out adds the outage contacts of the affected addresses (src/server/notifications/notify.ts).
 * A failure to queue is logged and never undoes the import that reported the outage.
 */
export async function announceOutages(siteId: string, outageIds: string[]): Promise<number> {
  if (!outageIds.length) return 0;
  let queued = 0;
  try {
    const db = await getDb();
    const rows = await db
      .select({ id: outages.id, status: outages.status, startsAt: outages.startsAt, postalCodes: outages.postalCodes })
      .from(outages)
      .where(and(eq(outages.siteId, siteId), inArray(outages.id, outageIds), inArray(outages.status, ["planned", "active"])));
    for (const outage of rows) {
      const byPoint = await db
        .select({ id: meteringPoints.id, customerId: meteringPoints.customerId, street: meteringPoints.street, postalCode: meteringPoints.postalCode, city: meteringPoints.city })
        .from(outagePoints)
        .innerJoin(meteringPoints, and(eq(meteringPoints.id, outagePoints.meteringPointId), eq(meteringPoints.siteId, siteId)))
        .where(and(eq(outagePoints.siteId, siteId), eq(outagePoints.outageId, outage.id)));
      const byArea = outage.postalCodes.length
        ? await db
            .select({ id: meteringPoints.id, customerId: meteringPoints.customerId, street: meteringPoints.street, postalCode: meteringPoints.postalCode, city: meteringPoints.city })
            .from(meteringPoints)
            .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.energyKind, "electricity"), inArray(meteringPoints.postalCode, outage.postalCodes)))
        : [];
      const perCustomer = new Map<string, (typeof byPoint)[number][]>();
      for (const p of [...byPoint, ...byArea]) {
        const list = perCustomer.get(p.customerId) ?? [];
        if (!list.some((q) => q.id === p.id)) list.push(p);
        perCustomer.set(p.customerId, list);
      }
      for (const [customerId, points] of perCustomer) {
        const first = points[0];
        await queueNotification({
          siteId,
          customerId,
          subject: "outage",
          eventKey: `outage:${outage.id}:${outage.status}`,
          params: { address: `${first.street}, ${first.postalCode} ${first.city}`, startsAt: outage.startsAt.toISOString(), pointIds: points.map((p) => p.id).join(",") },
        });
        queued++;
      }
    }
  } catch (err) {
    console.error(`[outages] outages of ${siteId} not announced: ${(err as Error).message}`);
  }
  return queued;
}
