import "server-only";
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import {
  banks,
  contractEvents,
  contractOffers,
  contractProducts,
  customers,
  productPriceComponents,
  eInvoiceOperators,
  energyContracts,
  meteringPoints,
  type BillingChannel,
} from "@/server/db/schema";
import { AppError, notFound, validationError } from "@/server/errors";
import { writeAudit } from "@/server/audit/audit";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { MOVE_OUT_MAX_DAYS, RENEWAL_WINDOW_DAYS } from "./rules";
import { hasFeature } from "@/lib/features";
import { normalizeIban } from "@/lib/settings/iban";
import { isValidOvt } from "@/lib/business-code";
import type {
  RenewalOfferView,
  MoveOutInput,
  BillingChannelOptions,
  ContractActor,
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
): ContractView {
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
  return rows.map((r) => ({ row: r.c, view: viewOf(site, r.c, r.p, r.c.productId ? byId.get(r.c.productId) : undefined, email, today, offered.has(r.c.id)) }));
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
    renewal: found.view.actions.renew ? { startDate: addDays(found.row.termEnd!, 1), offers: await renewalOffers(db, site.id, customerId, contractId, addDays(found.row.termEnd!, 1), today) } : null,
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

/** A representative looks after the account but does not decide where a contract's invoices go (as with addresses in settings). */
function requireMayChange(actor: ContractActor) {
  if (actor.role === "representative") throw new AppError("forbidden", "contracts.errors.representative-read-only");
}

/** Checks a channel for what it is and gives it in its stored form; bad fields are 422 with translation keys. */
async function checkedChannel(db: Db, site: ContractSite, channel: BillingChannel): Promise<BillingChannel> {
  if (!availableChannels(site).includes(channel.type)) throw validationError([{ path: "type", code: "invalid_value", message: "contracts.errors.channel-not-offered" }]);
  switch (channel.type) {
    case "Email":
      return { type: "Email", email: channel.email.trim().toLowerCase() };
    case "Address":
      return { type: "Address", street: channel.street.trim(), postalCode: channel.postalCode.trim(), city: channel.city.trim() };
    case "IBAN": {
      const iban = normalizeIban(channel.iban);
      if (!iban) throw validationError([{ path: "iban", code: "invalid", message: "contracts.errors.iban-invalid" }]);
      return { type: "IBAN", iban };
    }
    case "OVT": {
      const ovt = channel.ovt.replace(/\s+/g, "").toUpperCase();
      const fields = [];
      if (!isValidOvt(ovt)) fields.push({ path: "ovt", code: "invalid", message: "contracts.errors.ovt-invalid" });
      const [operator] = await db
        .select({ code: eInvoiceOperators.code })
        .from(eInvoiceOperators)
        .where(and(eq(eInvoiceOperators.country, site.country), eq(eInvoiceOperators.code, channel.operatorCode)));
      if (!operator) fields.push({ path: "operatorCode", code: "invalid", message: "contracts.errors.operator-unknown" });
      if (fields.length) throw validationError(fields);
      return { type: "OVT", ovt, operatorCode: channel.operatorCode };
    }
    case "EInvoiceRequest": {
      const [bank] = await db
        .select({ bic: banks.bic })
        .from(banks)
        .where(and(eq(banks.country, site.country), eq(banks.type, "E_INVOICE"), eq(banks.bic, channel.bankBic)));
      if (!bank) throw validationError([{ path: "bankBic", code: "invalid", message: "contracts.errors.bank-unknown" }]);
      return { type: "EInvoiceRequest", bankBic: bank.bic };
    }
  }
}

/** Writes a change into the contract's history and, for customer service, into the audit log. */
async function recordChange(db: Db, actor: ContractActor, contractId: string, action: string, details: Record<string, unknown>, change: (tx: Db) => Promise<void>) {
  await db.transaction(async (tx) => {
    await change(tx as unknown as Db);
    await (tx as unknown as Db).insert(contractEvents).values({
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

/** The dates a move-out may end the contract on: from today (or its start) to the supplier's limit ahead. */
export function moveOutWindow(site: ContractSite, contract: Pick<ContractView, "startDate">, now?: Date): { minDate: string; maxDate: string } {
  const today = todayIn(site.timezone, now);
  return { minDate: contract.startDate > today ? contract.startDate : today, maxDate: addDays(today, MOVE_OUT_MAX_DAYS) };
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

async function renewalOffers(db: Db, siteId: string, customerId: string, contractId: string, startDate: string, today: string): Promise<RenewalOfferView[]> {
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
  return offers
    .flatMap((o) => {
      const p = products.find((x) => x.id === o.productId);
      return p
        ? [{ offerId: o.id, productId: p.id, productName: p.name, priceModel: p.priceModel, termMonths: p.termMonths, validUntil: o.validUntil, priceComponents: components.get(p.id) ?? [] }]
        : [];
    })
    .sort((a, b) => (a.termMonths ?? 0) - (b.termMonths ?? 0) || a.productName.localeCompare(b.productName));
}

/** The last day of a term of `months` that starts on `start`. */
function termEndOf(start: string, months: number): string {
  const [y, m, d] = start.split("-").map(Number);
  return addDays(new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10), -1);
}

/** The energy_contracts price columns of a product's components, as the charts and billing read them. */
function priceColumns(priceModel: ProductPriceModel, components: PriceComponentView[]) {
  const get = (t: string) => components.find((c) => c.type === t)?.value ?? null;
  const hourly = priceModel === "Hourly" || priceModel === "FixedHourlyWithPriceLimits";
  return {
    priceModel: hourly ? ("Hourly" as const) : ("Fixed" as const),
    marginCentsPerKwh: String(get("Margin") ?? 0),
    fixedCentsPerKwh: hourly || get("Base") === null ? null : String(get("Base")),
    dayCentsPerKwh: hourly || get("Day") === null ? null : String(get("Day")),
    nightCentsPerKwh: hourly || get("Night") === null ? null : String(get("Night")),
    monthlyFeeCents: Math.round(get("Monthly") ?? 0),
  };
}

/** A contract number of the site that is not taken: the country and nine digits. */
function newContractNumber(site: ContractSite): string {
  return `${site.country}${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

/**
 * Accepts a renewal offer: the old contract ends on the last day of its fixed term and the
 * follow-up contract of the offered product starts the next day, with the old one's usage point,
 * billing channel and co-owner. Only while the term ends within the renewal window, once.
 */
export async function renewContract(actor: ContractActor, contractId: string, input: { offerId: string }, now?: Date): Promise<ContractDetailView> {
  const db = await getDb();
  if (!(await customerHasContract(actor.site.id, actor.customerId, contractId))) throw notFound("contracts.errors.not-found");
  requireMayChange(actor);
  const contract = await getContract(actor.site, actor.customerId, contractId);
  if (!contract.renewal) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.renewal-not-eligible" }]);
  const offer = contract.renewal.offers.find((o) => o.offerId === input.offerId);
  if (!offer) throw validationError([{ path: "offerId", code: "invalid", message: "contracts.errors.offer-unknown" }]);
  const today = todayIn(actor.site.timezone, now);
  const start = contract.renewal.startDate;
  const [product] = await db
    .select()
    .from(contractProducts)
    .where(and(eq(contractProducts.siteId, actor.site.id), eq(contractProducts.id, offer.productId)));
  let newId = "";
  await recordChange(db, actor, contractId, "renewed", { offerId: offer.offerId, productId: offer.productId, startDate: start }, async (tx) => {
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
      details: { previousContractId: contractId, offerId: offer.offerId },
    });
  });
  return getContract(actor.site, actor.customerId, newId);
}
