import "server-only";
import { and, eq, gte, isNull } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contractEvents, customers, contractOffers, contractProducts, energyContracts, type BillingChannel } from "@/server/db/schema";
import { AppError, notFound, validationError, type FieldError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { todayIn } from "@/lib/invoices/dates";
import { checkChannel, newContractNumber, priceColumns, termEndOf } from "./terms";
import { customerHasContract, getContract, moveOutWindow } from "./contracts";
import type { ContractActor, ContractDetailView, ContractSite, MoveOutInput } from "./types";

/**
 * What a customer changes on a contract: where its invoices go, moving out, and accepting a
 * renewal offer. Each change is checked, written with its history entry (and, for customer
 * service, the audit log) in one transaction, and answered with the contract as it now is.
 */

/** A checked billing channel in its stored form; a bad one is 422 with every field error. */
async function checkedChannel(db: Db, site: ContractSite, channel: BillingChannel): Promise<BillingChannel> {
  const fields: FieldError[] = [];
  const checked = await checkChannel(db, site, channel, fields);
  if (!checked) throw validationError(fields);
  return checked;
}

/** A representative looks after the account but does not decide where a contract's invoices go (as with addresses in settings). */
function requireMayChange(actor: ContractActor) {
  if (actor.role === "representative") throw new AppError("forbidden", "contracts.errors.representative-read-only");
}

/** Writes a change into the contract's history and, for customer service, into the audit log. */
async function recordChange(db: Db, actor: ContractActor, contractId: string, action: string, details: Record<string, unknown>, change: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    await change(tx);
    await tx.insert(contractEvents).values({
      siteId: actor.site.id,
      customerId: actor.customerId,
      contractId,
      action,
      actorPersonId: actor.personId,
      customerService: actor.role === "customer_service",
      details,
    });
  });
  if (actor.role === "customer_service") {
    await writeAudit({
      siteId: actor.site.id,
      actorPersonId: actor.personId,
      customerId: actor.customerId,
      action: `contracts:${action}`,
      details: { contractId, ...details, customerService: true },
      requestId: actor.requestId ?? null,
    });
  }
}

/** Changes where the contract's invoices go. An ended contract keeps its channel. */
export async function changeBillingChannel(actor: ContractActor, contractId: string, channel: BillingChannel): Promise<ContractDetailView> {
  const db = await getDb();
  if (!(await customerHasContract(actor.site.id, actor.customerId, contractId))) throw notFound("contracts.errors.not-found");
  requireMayChange(actor);
  const before = await getContract(actor.site, actor.customerId, contractId);
  if (before.status === "ended") throw validationError([{ path: "type", code: "invalid", message: "contracts.errors.contract-ended" }]);
  const stored = await checkedChannel(db, actor.site, channel);
  await recordChange(db, actor, contractId, "billing-channel-changed", { from: before.billingChannel.type, to: stored.type }, async (tx) => {
    await tx
      .update(energyContracts)
      .set({ billingChannel: stored, updatedAt: new Date() })
      .where(and(eq(energyContracts.siteId, actor.site.id), eq(energyContracts.customerId, actor.customerId), eq(energyContracts.id, contractId)));
  });
  return getContract(actor.site, actor.customerId, contractId);
}

/**
 * Ends an active contract on the day the customer moves out: the final invoice goes to the
 * current or a new address, with an optional meter reading. The contract becomes ending; a
 * contract that is not active (starting, ending or ended) is not eligible.
 */
export async function moveOut(actor: ContractActor, contractId: string, input: MoveOutInput, now?: Date): Promise<ContractDetailView> {
  const db = await getDb();
  if (!(await customerHasContract(actor.site.id, actor.customerId, contractId))) throw notFound("contracts.errors.not-found");
  requireMayChange(actor);
  const contract = await getContract(actor.site, actor.customerId, contractId);
  if (contract.status !== "active") throw validationError([{ path: "endDate", code: "invalid", message: "contracts.errors.move-out-not-eligible" }]);
  const window = moveOutWindow(actor.site, contract, now);
  const fields = [];
  if (input.endDate < window.minDate) fields.push({ path: "endDate", code: "too_small", message: "contracts.errors.move-out-date-past" });
  else if (input.endDate > window.maxDate) fields.push({ path: "endDate", code: "too_big", message: "contracts.errors.move-out-date-too-late" });
  if (input.address === "new" && !input.newAddress) fields.push({ path: "newAddress", code: "invalid", message: "contracts.errors.address-required" });
  if (fields.length) throw validationError(fields);
  let address: { street: string; postalCode: string; city: string };
  if (input.address === "new") address = input.newAddress!;
  else {
    const [c] = await db
      .select({ street: customers.street, postalCode: customers.postalCode, city: customers.city })
      .from(customers)
      .where(and(eq(customers.siteId, actor.site.id), eq(customers.id, actor.customerId)));
    address = { street: c?.street ?? "", postalCode: c?.postalCode ?? "", city: c?.city ?? "" };
  }
  await recordChange(db, actor, contractId, "moved-out", { endDate: input.endDate, address: input.address }, async (tx) => {
    const updated = await tx
      .update(energyContracts)
      .set({
        validTo: input.endDate,
        endReason: "move-out",
        finalInvoiceAddress: address,
        moveOutReadingKwh: input.meterReadingKwh === undefined ? null : input.meterReadingKwh.toFixed(3),
        updatedAt: new Date(),
      })
      .where(and(eq(energyContracts.siteId, actor.site.id), eq(energyContracts.customerId, actor.customerId), eq(energyContracts.id, contractId), isNull(energyContracts.validTo)))
      .returning({ id: energyContracts.id });
    // Two move-outs at once: the second finds the contract ending already.
    if (!updated.length) throw validationError([{ path: "endDate", code: "invalid", message: "contracts.errors.move-out-not-eligible" }]);
  });
  return getContract(actor.site, actor.customerId, contractId);
}

/**
 * Accepts a renewal offer: the old contract ends on the last day of its fixed term and the
 * follow-up contract of the offered product starts the next day, with the old one's usage point,
 * billing channel and co-owner. Only while the term ends within the renewal window, once. With
 * `additionalProduct` the customer opts into the additional product the offer carries (only where
 * the site has renewal-offers.additional-product); the follow-up contract keeps the choice.
 */
export async function renewContract(actor: ContractActor, contractId: string, input: { offerId: string; additionalProduct?: boolean }, now?: Date): Promise<ContractDetailView> {
  const db = await getDb();
  if (!(await customerHasContract(actor.site.id, actor.customerId, contractId))) throw notFound("contracts.errors.not-found");
  requireMayChange(actor);
  const contract = await getContract(actor.site, actor.customerId, contractId);
  if (!contract.renewal) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.renewal-not-eligible" }]);
  const offer = contract.renewal.offers.find((o) => o.offerId === input.offerId);
  if (!offer) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.offer-unknown" }]);
  // renewal.offers carries an additional product only where the site offers them.
  const additionalProductId = input.additionalProduct ? (offer.additionalProduct?.productId ?? null) : null;
  if (input.additionalProduct && !additionalProductId) throw validationError([{ path: "additionalProduct", code: "invalid", message: "contracts.errors.additional-product-not-offered" }]);
  const today = todayIn(actor.site.timezone, now);
  const start = contract.renewal.startDate;
  const [product] = await db
    .select()
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, actor.site.id), eq(contractProducts.id, offer.productId)));
  let newId = "";
  await recordChange(db, actor, contractId, "renewed", { offerId: offer.offerId, productId: offer.productId, startDate: start, additionalProductId }, async (tx) => {
    // The old contract ends with its term; a concurrent renewal or move-out finds valid_to set.
    const ended = await tx
      .update(energyContracts)
      .set({ validTo: contract.termEnd!, endReason: "renewed", updatedAt: new Date() })
      .where(and(eq(energyContracts.siteId, actor.site.id), eq(energyContracts.customerId, actor.customerId), eq(energyContracts.id, contractId), isNull(energyContracts.validTo)))
      .returning({
        id: energyContracts.id,
        meteringPointId: energyContracts.meteringPointId,
        billingChannel: energyContracts.billingChannel,
        coOwnerName: energyContracts.coOwnerName,
        currency: energyContracts.currency,
      });
    if (!ended.length) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.renewal-not-eligible" }]);
    const accepted = await tx
      .update(contractOffers)
      .set({ acceptedAt: now ?? new Date() })
      .where(
        and(
          eq(contractOffers.siteId, actor.site.id),
          eq(contractOffers.customerId, actor.customerId),
          eq(contractOffers.id, offer.offerId),
          isNull(contractOffers.acceptedAt),
          gte(contractOffers.validUntil, today),
        ),
      )
      .returning({ id: contractOffers.id });
    if (!accepted.length) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.offer-unknown" }]);
    const [created] = await tx
      .insert(energyContracts)
      .values({
        siteId: actor.site.id,
        customerId: actor.customerId,
        meteringPointId: ended[0].meteringPointId,
        productName: product.name,
        ...priceColumns(product.priceModel, offer.priceComponents),
        currency: ended[0].currency,
        validFrom: start,
        validTo: null,
        contractNumber: newContractNumber(actor.site),
        contractType: product.contractType,
        productId: product.id,
        termMonths: product.termMonths,
        termEnd: product.termMonths ? termEndOf(start, product.termMonths) : null,
        billingChannel: ended[0].billingChannel,
        coOwnerName: ended[0].coOwnerName,
        previousContractId: contractId,
        additionalProductId,
        signedAt: now ?? new Date(),
      })
      .returning({ id: energyContracts.id });
    newId = created.id;
    await tx.insert(contractEvents).values({
      siteId: actor.site.id,
      customerId: actor.customerId,
      contractId: newId,
      action: "created-by-renewal",
      actorPersonId: actor.personId,
      customerService: actor.role === "customer_service",
      details: { previousContractId: contractId, offerId: offer.offerId, additionalProductId },
    });
  });
  return getContract(actor.site, actor.customerId, newId);
}
