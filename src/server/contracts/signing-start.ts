import "server-only";
import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { energyContracts, meteringPoints } from "@/server/db/schema";
import { notFound } from "@/server/errors";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { listProducts, type ProductView } from "./products";
import { siteEnergyFacts } from "@/server/metering/statistics-input";
import { estimateYearlyCost, yearlyUse, type YearlyCostEstimate } from "./estimate";
import type { ContractSite, EnergyKind } from "./types";

/**
 * Before a new contract is signed (docs/decisions/0015): the customer's usage points and whether
 * each may get a new contract, when one may start under the country's rules, and the products
 * the customer may choose for a point with a yearly cost estimate from its use.
 */

/** A new contract may start at most this many days ahead. */
export const MAX_START_DAYS_AHEAD = 365;
/**
 * Rules of the site's country for a new supply contract (ours where the spec says "not shown"):
 * the days a change of supplier takes to register (Fingrid's datahub in Finland, Elering's in
 * Estonia, AST's in Latvia), how the usage point is identified and the consumer's right of
 * withdrawal from a distance contract (14 days in the EU).
 */
export const COUNTRY_RULES: Record<
  string,
  { switchDays: number; identifier: "GSRN" | "EIC"; businessCode: "y-tunnus" | "registry-code" | "registration-number"; eInvoice: "OVT" | "EInvoiceRequest" }
> = {
  FI: { switchDays: 14, identifier: "GSRN", businessCode: "y-tunnus", eInvoice: "OVT" },
  EE: { switchDays: 21, identifier: "EIC", businessCode: "registry-code", eInvoice: "EInvoiceRequest" },
  LV: { switchDays: 21, identifier: "EIC", businessCode: "registration-number", eInvoice: "EInvoiceRequest" },
};
export const WITHDRAWAL_DAYS = 14;

const rulesOf = (country: string) => COUNTRY_RULES[country] ?? COUNTRY_RULES.FI;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PointRow = typeof meteringPoints.$inferSelect;

export interface StartInfo {
  usagePointId: string;
  energyKind: EnergyKind;
  /** Whether a new contract may be signed for the point (false while an open-ended contract of ours supplies it). */
  eligible: boolean;
  earliestStartDate: string;
  latestStartDate: string;
  currentSupplier: { name: string; contractNumber: string; productName: string; endDate: string | null } | null;
  countryRules: {
    country: string;
    switchDays: number;
    withdrawalDays: number;
    identifier: "GSRN" | "EIC";
    businessCode: "y-tunnus" | "registry-code" | "registration-number";
    eInvoice: "OVT" | "EInvoiceRequest";
  };
}

export async function customerPoint(db: Db, siteId: string, customerId: string, pointId: string): Promise<PointRow | null> {
  if (!UUID.test(pointId)) return null;
  const [p] = await db
    .select()
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId), eq(meteringPoints.id, pointId)));
  return p ?? null;
}

export async function startInfoOf(db: Db, site: ContractSite & { companyName: string }, point: PointRow, now?: Date): Promise<StartInfo> {
  const today = todayIn(site.timezone, now);
  const rules = rulesOf(site.country);
  // The contracts of ours on the point that have not ended.
  const current = await db
    .select()
    .from(energyContracts)
    .where(and(eq(energyContracts.siteId, site.id), eq(energyContracts.meteringPointId, point.id), or(isNull(energyContracts.validTo), gte(energyContracts.validTo, today))));
  const open = current.find((c) => !c.validTo);
  const lastEnd = current.reduce<string | null>((max, c) => (c.validTo && (!max || c.validTo > max) ? c.validTo : max), null);
  // After a contract of ours the next one follows the day after; otherwise a change of supplier takes the country's days.
  const earliest = lastEnd ? (addDays(lastEnd, 1) > today ? addDays(lastEnd, 1) : today) : addDays(today, rules.switchDays);
  const shown = open ?? current.sort((a, b) => b.validFrom.localeCompare(a.validFrom))[0];
  return {
    usagePointId: point.id,
    energyKind: point.energyKind,
    eligible: !open,
    earliestStartDate: earliest,
    latestStartDate: addDays(today, MAX_START_DAYS_AHEAD),
    currentSupplier: shown ? { name: site.companyName, contractNumber: shown.contractNumber ?? shown.id.slice(0, 8).toUpperCase(), productName: shown.productName, endDate: shown.validTo } : null,
    countryRules: { country: site.country, withdrawalDays: WITHDRAWAL_DAYS, ...rules },
  };
}

/** GET /api/contracts/start-info/{objectId}: when a new contract of the customer's usage point may start, and who supplies it now. */
export async function getStartInfo(site: ContractSite & { companyName: string }, customerId: string, pointId: string, now?: Date): Promise<StartInfo> {
  const db = await getDb();
  const point = await customerPoint(db, site.id, customerId, pointId);
  if (!point) throw notFound("contract-signing.errors.usage-point-not-found");
  return startInfoOf(db, site, point, now);
}

/** The customer's usage points, each with whether a new contract may be signed for it. */
export async function signablePoints(site: ContractSite & { companyName: string }, customerId: string) {
  const db = await getDb();
  const points = await db
    .select()
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, site.id), eq(meteringPoints.customerId, customerId)))
    .orderBy(meteringPoints.street, meteringPoints.gsrn);
  // A point supplied by an open-ended contract of ours takes no new one (as startInfoOf says), all points in one query.
  const supplied = points.length
    ? await db
        .selectDistinct({ pointId: energyContracts.meteringPointId })
        .from(energyContracts)
        .where(
          and(
            eq(energyContracts.siteId, site.id),
            inArray(
              energyContracts.meteringPointId,
              points.map((p) => p.id),
            ),
            isNull(energyContracts.validTo),
          ),
        )
    : [];
  const open = new Set(supplied.map((r) => r.pointId));
  return points.map((p) => ({
    id: p.id,
    gsrn: p.gsrn,
    eicCode: p.eicCode,
    energyKind: p.energyKind,
    street: p.street,
    postalCode: p.postalCode,
    city: p.city,
    eligible: !open.has(p.id),
  }));
}

// ---------------------------------------------------------------------------------------------
export interface SignableProduct extends ProductView {
  estimate: YearlyCostEstimate;
}

/** The products the customer may sign for the point (offer visibility), each with its yearly cost from the point's use. */
export async function signableProducts(site: ContractSite, customerId: string, pointId: string, opts: { campaignCode?: string; startDate?: string } = {}): Promise<SignableProduct[]> {
  const db = await getDb();
  const point = await customerPoint(db, site.id, customerId, pointId);
  if (!point) throw notFound("contract-signing.errors.usage-point-not-found");
  const products = await listProducts(site, customerId, { meteringPointId: point.id, campaignCode: opts.campaignCode, supplyStartDate: opts.startDate });
  const use = await yearlyUse(site.id, point, todayIn(site.timezone));
  const { vatBasisPoints } = await siteEnergyFacts(site);
  return products.map((p) => ({ ...p, estimate: estimateYearlyCost(use, p.priceComponents, vatBasisPoints) }));
}
