import "server-only";
import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { contractOffers, contractProducts, customerTargetGroups, customers, meteringPoints } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { hasFeature } from "@/lib/features";
import { todayIn } from "@/lib/invoices/dates";
import { productComponents } from "./contracts";
import type { ContractSite, EnergyKind, PriceComponentView, ProductPriceModel } from "./types";
import type { OfferVisibility } from "@/server/db/schema/contracts";

export interface ProductView {
  id: string;
  code: string;
  name: string;
  description: string;
  energyKind: EnergyKind;
  customerKind: "private" | "legal" | "any";
  productGroup: string;
  contractType: string;
  priceModel: ProductPriceModel;
  termMonths: number | null;
  visibility: OfferVisibility;
  priceComponents: PriceComponentView[];
}

export interface ProductQuery {
  productIds?: string[];
  legalEntity?: boolean;
  supplyStartDate?: string;
  meteringPointId?: string;
  energyKind?: EnergyKind;
  productGroup?: string;
  campaignCode?: string;
}

/**
 * The products the customer may choose (offer visibility, spec §3): Public ones; TargetGroup
 * ones of a group the customer is in; Personal ones with an open personal offer to the customer;
 * CampaignCode ones only to whoever gives the code. Only products for the customer's kind
 * (private or legal; `legalEntity` asks for the other), of the usage point's energy kind when a
 * point is given (the customer's own: another's is not found), with prices valid on the supply
 * start (today by default). The product group filter needs the site's product-group-filtering.
 */
export async function listProducts(site: ContractSite, customerId: string, q: ProductQuery = {}): Promise<ProductView[]> {
  const db = await getDb();
  const [customer] = await db
    .select({ kind: customers.kind })
    .from(customers)
    .where(and(eq(customers.siteId, site.id), eq(customers.id, customerId)));
  if (!customer) throw notFound();
  let energyKind = q.energyKind;
  if (q.meteringPointId) {
    const [point] = /^[0-9a-f-]{36}$/i.test(q.meteringPointId)
      ? await db
          .select({ energyKind: meteringPoints.energyKind })
          .from(meteringPoints)
          .where(and(eq(meteringPoints.siteId, site.id), eq(meteringPoints.customerId, customerId), eq(meteringPoints.id, q.meteringPointId)))
      : [];
    if (!point) throw notFound("contracts.errors.usage-point-not-found");
    energyKind = point.energyKind;
  }
  const today = todayIn(site.timezone);
  const day = q.supplyStartDate && q.supplyStartDate > today ? q.supplyStartDate : today;
  const kind = q.legalEntity === undefined ? customer.kind : q.legalEntity ? "legal" : "private";
  const [groups, personal] = await Promise.all([
    db
      .select({ g: customerTargetGroups.targetGroup })
      .from(customerTargetGroups)
      .where(and(eq(customerTargetGroups.siteId, site.id), eq(customerTargetGroups.customerId, customerId))),
    db
      .select({ productId: contractOffers.productId })
      .from(contractOffers)
      .where(
        and(
          eq(contractOffers.siteId, site.id),
          eq(contractOffers.customerId, customerId),
          eq(contractOffers.kind, "personal"),
          isNull(contractOffers.acceptedAt),
          gte(contractOffers.validUntil, today),
        ),
      ),
  ]);
  const inGroups = new Set(groups.map((g) => g.g));
  const offered = new Set(personal.map((p) => p.productId));
  const where = [eq(contractProducts.siteId, site.id), eq(contractProducts.active, true)];
  if (q.productIds?.length)
    where.push(
      inArray(
        contractProducts.id,
        q.productIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
      ),
    );
  const rows =
    q.productIds && !q.productIds.some((id) => /^[0-9a-f-]{36}$/i.test(id))
      ? []
      : await db
          .select()
          .from(contractProducts)
          .where(and(...where));
  const code = q.campaignCode?.trim().toUpperCase();
  const visible = rows.filter((p) => {
    if (p.customerKind !== "any" && p.customerKind !== kind) return false;
    if (energyKind && p.energyKind !== energyKind) return false;
    if (q.productGroup && hasFeature(site, "product-group-filtering") && p.productGroup !== q.productGroup) return false;
    switch (p.visibility) {
      case "Public":
        return true;
      case "TargetGroup":
        return !!p.targetGroup && inGroups.has(p.targetGroup);
      case "Personal":
        return offered.has(p.id);
      case "CampaignCode":
        return !!code && p.campaignCode?.toUpperCase() === code;
      default:
        return false;
    }
  });
  const components = await productComponents(
    db,
    site.id,
    visible.map((p) => p.id),
    day,
  );
  return visible
    .map((p) => ({
      id: p.id,
      code: p.code,
      name: p.name,
      description: p.description,
      energyKind: p.energyKind,
      customerKind: p.customerKind,
      productGroup: p.productGroup,
      contractType: p.contractType,
      priceModel: p.priceModel,
      termMonths: p.termMonths,
      visibility: p.visibility,
      priceComponents: components.get(p.id) ?? [],
    }))
    .sort((a, b) => a.energyKind.localeCompare(b.energyKind) || (a.termMonths ?? 0) - (b.termMonths ?? 0) || a.name.localeCompare(b.name));
}

export interface ContractOfferView {
  offerId: string;
  kind: "renewal" | "personal" | "campaign";
  validUntil: string;
  contractId: string | null;
  /** Where the offer leads: the renewal flow of its contract, or signing a new contract. */
  flow: "renewal" | "sign";
  product: { id: string; name: string; energyKind: EnergyKind; priceModel: ProductPriceModel; termMonths: number | null; priceComponents: PriceComponentView[] };
}

/** The customer's open offers (GET /api/me/contract-offers): personal, campaign and renewal offers, soonest ending first. */
export async function listContractOffers(site: ContractSite, customerId: string): Promise<ContractOfferView[]> {
  const db = await getDb();
  const today = todayIn(site.timezone);
  const rows = await db
    .select({ o: contractOffers, p: contractProducts })
    .from(contractOffers)
    .innerJoin(contractProducts, and(eq(contractProducts.id, contractOffers.productId), eq(contractProducts.siteId, site.id)))
    .where(and(eq(contractOffers.siteId, site.id), eq(contractOffers.customerId, customerId), isNull(contractOffers.acceptedAt), gte(contractOffers.validUntil, today)));
  const components = await productComponents(db, site.id, [...new Set(rows.map((r) => r.p.id))], today);
  return rows
    .map(({ o, p }) => ({
      offerId: o.id,
      kind: o.kind,
      validUntil: o.validUntil,
      contractId: o.contractId,
      flow: o.kind === "renewal" ? ("renewal" as const) : ("sign" as const),
      product: { id: p.id, name: p.name, energyKind: p.energyKind, priceModel: p.priceModel, termMonths: p.termMonths, priceComponents: components.get(p.id) ?? [] },
    }))
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.product.name.localeCompare(b.product.name));
}
