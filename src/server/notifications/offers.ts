import "server-only";
import { and, eq, gte, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { contractOffers, contractProducts, energyContracts, sites } from "@/server/db/schema";
import { handleJob } from "@/server/jobs/runtime";
import { todayIn } from "@/lib/invoices/dates";
import { hasFeature, type Feature } from "@/lib/features";
import { inRenewalWindow } from "@/server/contracts/contracts";
import { queueNotification } from "./notify";

/**
 * Contract offers as inbox messages. The contracts area keeps the offers (contract_offers) and
 * shows them at GET /api/me/contract-offers; this scan reads them and announces each open offer
 * once (the event key names the offer) when it becomes available to the customer:
 * - a renewal offer once its contract's term is within the renewal window (as the contracts
 *   area offers the renewal: contracts.ts inRenewalWindow), leading to /contracts/{id}/offer;
 * - a personal or campaign offer as soon as it is there, leading to the contracts page.
 * An offer accepted or past its last day is not announced. The contracts area is only read.
 */
export async function announceContractOffers(now = new Date()): Promise<{ announced: number }> {
  const db = await getDb();
  const siteRows = await db.select({ id: sites.id, timezone: sites.timezone, features: sites.features }).from(sites);
  let announced = 0;
  for (const site of siteRows) {
    if (!hasFeature({ features: (site.features ?? []) as Feature[] }, "contracts")) continue;
    const today = todayIn(site.timezone, now);
    const rows = await db
      .select({
        offerId: contractOffers.id,
        customerId: contractOffers.customerId,
        kind: contractOffers.kind,
        contractId: contractOffers.contractId,
        validUntil: contractOffers.validUntil,
        productName: contractProducts.name,
        termEnd: energyContracts.termEnd,
        validTo: energyContracts.validTo,
        validFrom: energyContracts.validFrom,
      })
      .from(contractOffers)
      .innerJoin(contractProducts, and(eq(contractProducts.siteId, site.id), eq(contractProducts.id, contractOffers.productId)))
      .leftJoin(energyContracts, and(eq(energyContracts.siteId, site.id), eq(energyContracts.id, contractOffers.contractId)))
      .where(and(eq(contractOffers.siteId, site.id), isNull(contractOffers.acceptedAt), gte(contractOffers.validUntil, today)));
    for (const r of rows) {
      if (r.kind === "renewal") {
        if (!r.contractId || !r.validFrom) continue;
        if (!inRenewalWindow({ termEnd: r.termEnd, validTo: r.validTo, validFrom: r.validFrom }, today)) continue;
      }
      const sent = await queueNotification({
        siteId: site.id,
        customerId: r.customerId,
        subject: "offer-available",
        eventKey: `offer-available:${r.offerId}`,
        params: { productName: r.productName, offerId: r.offerId, ...(r.kind === "renewal" && r.contractId ? { contractId: r.contractId } : {}), validUntilDate: r.validUntil },
      });
      if (sent.queued) announced++;
    }
  }
  return { announced };
}

handleJob("notification-contract-offers", () => announceContractOffers());
