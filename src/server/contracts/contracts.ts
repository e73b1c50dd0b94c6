import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { contractEvents, contractOffers, contractProducts, customers, productPriceComponents, energyContracts, meteringPoints, type BillingChannel } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { MOVE_OUT_MAX_DAYS, RENEWAL_WINDOW_DAYS } from "./rules";
import { hasFeature } from "@/lib/features";
import type {
  AdditionalProductView,
  RenewalOfferView,
  BillingChannelOptions,
  ContractDetailView,
  ContractSite,
  ContractStatus,
  ContractView,
  PriceComponentView,
  ProductPriceModel,
  UsagePointView,
} from "./types";

type ContractRow = typeof energyContracts.$inferSelect;
type PointRow = typeof meteringPoints.$inferSelect;

export function contractStatus(row: Pick<ContractRow, "validFrom" | "validTo">, today: string): ContractStatus {
  if (row.validFrom > today) return "pending";
  if (row.validTo && row.validTo < today) return "ended";
  if (row.validTo) return "ending";
  return "active";
}

/** The contract's agreed prices as components (c/kWh without VAT; the monthly fee in cents). */
export function priceComponentsOf(row: ContractRow): PriceComponentView[] {
  const out: PriceComponentView[] = [];
  const num = (v: string | null) => (v === null ? null : Number(v));
  if (row.priceModel === "Hourly") {
    out.push({ type: "Margin", value: Number(row.marginCentsPerKwh), unit: "c/kWh" });
  } else {
    const day = num(row.dayCentsPerKwh);
    const night = num(row.nightCentsPerKwh);
    if (day !== null && night !== null) {
      out.push({ type: "Day", value: day, unit: "c/kWh" }, { type: "Night", value: night, unit: "c/kWh" });
    } else {
      out.push({ type: "Base", value: num(row.fixedCentsPerKwh) ?? 0, unit: "c/kWh" });
    }
  }
  out.push({ type: "Monthly", value: row.monthlyFeeCents, unit: "cents/month" });
  return out;
}

function usagePointOf(p: PointRow): UsagePointView {
  return {
    id: p.id,
    gsrn: p.gsrn,
    eicCode: p.eicCode,
    meterNumber: p.meterNumber,
    energyKind: p.energyKind,
    locationId: p.locationId,
    street: p.street,
    postalCode: p.postalCode,
    city: p.city,
  };
}

/** The billing channel types a site offers: its country's e-invoice kind, the preferred one first. */
export function availableChannels(site: ContractSite): BillingChannel["type"][] {
  const eInvoice: BillingChannel["type"] = site.country === "FI" ? "OVT" : "EInvoiceRequest";
  const list: BillingChannel["type"][] = ["Email", eInvoice, "IBAN"];
  if (!hasFeature(site, "contracts.signing.postal-invoice-disabled")) list.push("Address");
  if (hasFeature(site, "contracts.billing-prefer-e-invoice")) return [eInvoice, ...list.filter((t) => t !== eInvoice)];
  return list;
}

export const mayManage = (site: ContractSite) => !hasFeature(site, "contracts.management-disabled");

/** A fixed-term contract whose term ends within the renewal window, still termless after it and not ended. */
export function inRenewalWindow(row: Pick<ContractRow, "termEnd" | "validTo" | "validFrom">, today: string): boolean {
  return !!row.termEnd && !row.validTo && row.validFrom <= today && row.termEnd >= today && row.termEnd <= addDays(today, RENEWAL_WINDOW_DAYS);
}

function viewOf(
  site: ContractSite,
  row: ContractRow,
  point: PointRow,
  product: { name: string; priceModel: ProductPriceModel } | undefined,
  customerEmail: string,
  today: string,
  hasOffers: boolean,
): Omit<ContractView, "additionalProduct"> {
  const status = contractStatus(row, today);
  const number = row.contractNumber ?? row.id.slice(0, 8).toUpperCase();
  return {
    id: row.id,
    contractNumber: number,
    type: row.contractType,
    status,
    productId: row.productId,
    productName: product?.name ?? row.productName,
    priceModel: product?.priceModel ?? row.priceModel,
    startDate: row.validFrom,
    endDate: row.validTo,
    termMonths: row.termMonths,
    termEnd: row.termEnd,
    usagePoint: usagePointOf(point),
    priceComponents: priceComponentsOf(row),
    currency: row.currency,
    billingChannel: row.billingChannel ?? { type: "Email", email: customerEmail },
    coOwnerName: row.coOwnerName,
    documents: [{ kind: "contract", filename: contractPdfFilename(number) }],
    actions: {
      changeBillingChannel: mayManage(site) && status !== "ended",
      moveOut: mayManage(site) && status === "active",
      renew: mayManage(site) && status === "active" && hasOffers && inRenewalWindow(row, today),
    },
    moveOut: row.endReason === "move-out" ? { finalInvoiceAddress: row.finalInvoiceAddress ?? null, readingKwh: row.moveOutReadingKwh === null ? null : Number(row.moveOutReadingKwh) } : null,
  };
}

export const contractPdfFilename = (number: string) => `contract-${number.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;

async function customerEmail(db: Db, siteId: string, customerId: string): Promise<string> {
  const [c] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.siteId, siteId), eq(customers.id, customerId)));
  return c?.email ?? "";
}

async function load(db: Db, site: ContractSite, customerId: string, contractId?: string) {
  const where = [eq(energyContracts.siteId, site.id), eq(energyContracts.customerId, customerId)];
  if (contractId) where.push(eq(energyContracts.id, contractId));
  const rows = await db
    .select({ c: energyContracts, p: meteringPoints })
    .from(energyContracts)
    .innerJoin(meteringPoints, and(eq(meteringPoints.id, energyContracts.meteringPointId), eq(meteringPoints.siteId, site.id)))
    .where(and(...where))
    .orderBy(asc(meteringPoints.street), asc(meteringPoints.energyKind), asc(meteringPoints.gsrn), desc(energyContracts.validFrom));
  const productIds = [...new Set(rows.map((r) => r.c.productId).filter((id): id is string => !!id))];
  const products = productIds.length
    ? await db
        .select({ id: contractProducts.id, name: contractProducts.name, priceModel: contractProducts.priceModel })
        .from(contractProducts)
        .where(and(eq(contractProducts.siteId, site.id), inArray(contractProducts.id, productIds)))
    : [];
  const byId = new Map(products.map((p) => [p.id, p]));
  const email = await customerEmail(db, site.id, customerId);
  const today = todayIn(site.timezone);
  const offered = new Set((await openRenewalOffers(db, site.id, customerId, today, contractId)).map((o) => o.contractId));
  const extras = await additionalProducts(
    db,
    site.id,
    rows.map((r) => r.c.additionalProductId),
    today,
  );
  return rows.map((r) => ({
    row: r.c,
    view: {
      ...viewOf(site, r.c, r.p, r.c.productId ? byId.get(r.c.productId) : undefined, email, today, offered.has(r.c.id)),
      additionalProduct: (r.c.additionalProductId && extras.get(r.c.additionalProductId)) || null,
    } satisfies ContractView,
  }));
}

/** Every contract of the customer: by address, then usage point, the newest first. */
export async function listContracts(site: ContractSite, customerId: string): Promise<ContractView[]> {
  const db = await getDb();
  return (await load(db, site, customerId)).map((r) => r.view);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the contract id belongs to the customer (anything else, a malformed id included, is not). */
export async function customerHasContract(siteId: string, customerId: string, contractId: string): Promise<boolean> {
  if (!UUID.test(contractId)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: energyContracts.id })
    .from(energyContracts)
    .where(and(eq(energyContracts.siteId, siteId), eq(energyContracts.customerId, customerId), eq(energyContracts.id, contractId)));
  return !!row;
}

/** One contract of the customer with its history; another customer's or site's id is not found. */
export async function getContract(site: ContractSite, customerId: string, contractId: string): Promise<ContractDetailView> {
  if (!UUID.test(contractId)) throw notFound("contracts.errors.not-found");
  const db = await getDb();
  const [found] = await load(db, site, customerId, contractId);
  if (!found) throw notFound("contracts.errors.not-found");
  const events = await db
    .select()
    .from(contractEvents)
    .where(and(eq(contractEvents.siteId, site.id), eq(contractEvents.customerId, customerId), eq(contractEvents.contractId, contractId)))
    .orderBy(desc(contractEvents.createdAt));
  const today = todayIn(site.timezone);
  const [followUp] = await db
    .select({ id: energyContracts.id })
    .from(energyContracts)
    .where(and(eq(energyContracts.siteId, site.id), eq(energyContracts.customerId, customerId), eq(energyContracts.previousContractId, contractId)));
  return {
    ...found.view,
    renewal: found.view.actions.renew
      ? {
          startDate: addDays(found.row.termEnd!, 1),
          offers: await renewalOffers(db, site.id, customerId, contractId, addDays(found.row.termEnd!, 1), today, hasFeature(site, "renewal-offers.additional-product")),
        }
      : null,
    previousContractId: found.row.previousContractId,
    followUpContractId: followUp?.id ?? null,
    history: events.map((e) => ({ action: e.action, at: e.createdAt.toISOString(), byCustomerService: e.customerService })),
    moveOutWindow: found.view.actions.moveOut ? moveOutWindow(site, found.view) : null,
  };
}

export async function billingChannelOptions(site: ContractSite, customerId: string, contractId: string): Promise<BillingChannelOptions> {
  const contract = await getContract(site, customerId, contractId);
  return { current: contract.billingChannel, available: availableChannels(site), preferEInvoice: hasFeature(site, "contracts.billing-prefer-e-invoice") };
}

/** The dates a move-out may end the contract on: from today (or its start) to the supplier's limit ahead. */
export function moveOutWindow(site: ContractSite, contract: Pick<ContractView, "startDate">, now?: Date): { minDate: string; maxDate: string } {
  const today = todayIn(site.timezone, now);
  return { minDate: contract.startDate > today ? contract.startDate : today, maxDate: addDays(today, MOVE_OUT_MAX_DAYS) };
}

/** Open renewal offers of the customer (of one contract when given): not accepted and still valid. */
async function openRenewalOffers(db: Db, siteId: string, customerId: string, today: string, contractId?: string) {
  const where = [
    eq(contractOffers.siteId, siteId),
    eq(contractOffers.customerId, customerId),
    eq(contractOffers.kind, "renewal"),
    isNull(contractOffers.acceptedAt),
    gte(contractOffers.validUntil, today),
  ];
  if (contractId) where.push(eq(contractOffers.contractId, contractId));
  return db
    .select()
    .from(contractOffers)
    .where(and(...where));
}

/** A product's price components valid on a day, in the order the pages show them. */
export async function productComponents(db: Db, siteId: string, productIds: string[], day: string) {
  if (!productIds.length) return new Map<string, PriceComponentView[]>();
  const rows = await db
    .select()
    .from(productPriceComponents)
    .where(and(eq(productPriceComponents.siteId, siteId), inArray(productPriceComponents.productId, productIds), lte(productPriceComponents.validFrom, day)));
  const out = new Map<string, PriceComponentView[]>();
  const order = ["Margin", "Base", "Day", "Night", "DayWinter", "NightWinter", "Floor", "Ceiling", "Monthly", "YearlyCost", "PaperBill"];
  for (const r of rows.filter((r) => !r.validTo || r.validTo >= day).sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type))) {
    const unit = r.type === "Monthly" ? "cents/month" : r.type === "YearlyCost" ? "cents/year" : r.type === "PaperBill" ? "cents/invoice" : "c/kWh";
    const list = out.get(r.productId) ?? [];
    // The latest price of a type wins.
    const i = list.findIndex((c) => c.type === r.type);
    if (i >= 0) list.splice(i, 1);
    list.push({ type: r.type, value: Number(r.value), unit });
    out.set(r.productId, list);
  }
  return out;
}

/**
 * Additional products (a green-energy certificate, a price guarantee) by id, with their price
 * components valid today: what a renewal offer carries and what a contract was renewed with.
 */
async function additionalProducts(db: Db, siteId: string, ids: (string | null)[], day: string): Promise<Map<string, AdditionalProductView>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: contractProducts.id, name: contractProducts.name, description: contractProducts.description })
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, siteId), inArray(contractProducts.id, wanted)));
  const components = await productComponents(db, siteId, wanted, day);
  return new Map(rows.map((r) => [r.id, { productId: r.id, name: r.name, description: r.description, priceComponents: components.get(r.id) ?? [] }]));
}

async function renewalOffers(db: Db, siteId: string, customerId: string, contractId: string, startDate: string, today: string, withAdditional = false): Promise<RenewalOfferView[]> {
  const offers = await openRenewalOffers(db, siteId, customerId, today, contractId);
  if (!offers.length) return [];
  const products = await db
    .select()
    .from(contractProducts)
    .where(
      and(
        eq(contractProducts.siteId, siteId),
        eq(contractProducts.active, true),
        inArray(
          contractProducts.id,
          offers.map((o) => o.productId),
        ),
      ),
    );
  const components = await productComponents(
    db,
    siteId,
    products.map((p) => p.id),
    startDate,
  );
  // The additional product a renewal offer carries is offered only where the site allows it (renewal-offers.additional-product).
  const extras = withAdditional
    ? await additionalProducts(
        db,
        siteId,
        offers.map((o) => o.additionalProductId),
        startDate,
      )
    : new Map<string, AdditionalProductView>();
  return offers
    .flatMap((o) => {
      const p = products.find((x) => x.id === o.productId);
      return p
        ? [
            {
              offerId: o.id,
              productId: p.id,
              productName: p.name,
              priceModel: p.priceModel,
              termMonths: p.termMonths,
              validUntil: o.validUntil,
              priceComponents: components.get(p.id) ?? [],
              additionalProduct: (o.additionalProductId && extras.get(o.additionalProductId)) || null,
            },
          ]
        : [];
    })
    .sort((a, b) => (a.termMonths ?? 0) - (b.termMonths ?? 0) || a.productName.localeCompare(b.productName));
}
