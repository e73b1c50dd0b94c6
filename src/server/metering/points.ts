import "server-only";
import { cache } from "react";
import { oncePerRead } from "@/server/cache/customer-data";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { energyContracts, meteringPoints, type EnergyKind } from "@/server/db/schema";
import { notFound, validationError } from "@/server/errors";

export type MeteringPointRow = typeof meteringPoints.$inferSelect;

export interface PointScope {
  siteId: string;
  customerId: string;
  /** Leave district heating out (site feature dashboard.district-heat-disabled). */
  excludeHeating?: boolean;
}

export interface MeteringPointView {
  id: string;
  gsrn: string;
  energyKind: EnergyKind;
  usagePointKind: MeteringPointRow["usagePointKind"];
  meterNumber: string | null;
  eicCode: string | null;
  biddingZone: string;
  intervalMinutes: number;
  hasProduction: boolean;
  address: { street: string; postalCode: string; city: string };
  location: { id: string; name: string };
}

export function pointView(p: MeteringPointRow): MeteringPointView {
  return {
    id: p.id,
    gsrn: p.gsrn,
    energyKind: p.energyKind,
    usagePointKind: p.usagePointKind,
    meterNumber: p.meterNumber,
    eicCode: p.eicCode,
    biddingZone: p.biddingZone,
    intervalMinutes: p.intervalMinutes,
    hasProduction: p.hasProduction,
    address: { street: p.street, postalCode: p.postalCode, city: p.city },
    location: { id: p.locationId, name: p.locationName },
  };
}

const KIND_ORDER = sql`case ${meteringPoints.energyKind} when 'electricity' then 0 when 'heating' then 1 else 2 end`;

/** One query per customer and request (a page render, or an API read): each card resolves its points from it. */
const customerPointsOnce = cache((siteId: string, customerId: string): Promise<MeteringPointRow[]> =>
  oncePerRead(`points:${siteId}/${customerId}`, async () => {
    const d = await getDb();
    return d
      .select()
      .from(meteringPoints)
      .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customerId)))
      .orderBy(asc(meteringPoints.locationName), KIND_ORDER, asc(meteringPoints.gsrn));
  }),
);

/** The active customer's metering points on the site, electricity first. */
export async function listCustomerPoints(scope: PointScope, db?: Db): Promise<MeteringPointRow[]> {
  const rows = db
    ? await db
        .select()
        .from(meteringPoints)
        .where(and(eq(meteringPoints.siteId, scope.siteId), eq(meteringPoints.customerId, scope.customerId)))
        .orderBy(asc(meteringPoints.locationName), KIND_ORDER, asc(meteringPoints.gsrn))
    : await customerPointsOnce(scope.siteId, scope.customerId);
  return scope.excludeHeating ? rows.filter((r) => r.energyKind !== "heating") : rows;
}

/**
 * The points a request names by GSRN, scoped to the customer: any GSRN that is not the
 * customer's answers 404, so another customer's point is indistinguishable from no point.
 * Without GSRNs: the customer's points of their first energy kind (electricity first), since
 * adding kWh of electricity and district heat would mean nothing.
 */
export async function resolvePoints(scope: PointScope, gsrns: string[] | undefined, db?: Db): Promise<MeteringPointRow[]> {
  const all = await listCustomerPoints(scope, db);
  if (gsrns && gsrns.length) {
    const unique = [...new Set(gsrns)];
    const usable = unique.map((g) => all.find((r) => r.gsrn === g));
    if (usable.some((r) => !r)) throw notFound("energy.errors.metering-point-not-found");
    const kinds = new Set(usable.map((r) => r!.energyKind));
    if (kinds.size > 1) {
      throw validationError([{ path: "gsrn", code: "mixed_energy_kinds", message: "energy.errors.mixed-energy-kinds" }]);
    }
    return usable as MeteringPointRow[];
  }
  if (!all.length) return [];
  const kind = all.find((p) => p.energyKind === "electricity")?.energyKind ?? all[0].energyKind;
  return all.filter((p) => p.energyKind === kind);
}

export interface LocationView {
  id: string;
  name: string;
  address: { street: string; postalCode: string; city: string };
  meteringPoints: (MeteringPointView & { contract: ContractSummary | null })[];
}

export interface ContractSummary {
  productName: string;
  priceModel: "Hourly" | "Fixed";
  validFrom: string;
  validTo: string | null;
}

/** Current contract per point (the one valid today, else the latest). */
export async function currentContracts(siteId: string, pointIds: string[], today: string, db?: Db): Promise<Map<string, ContractSummary>> {
  const out = new Map<string, ContractSummary>();
  if (!pointIds.length) return out;
  const d = db ?? (await getDb());
  const rows = await d
    .select()
    .from(energyContracts)
    .where(and(eq(energyContracts.siteId, siteId), inArray(energyContracts.meteringPointId, pointIds)))
    .orderBy(asc(energyContracts.validFrom));
  // Ordered by start: the last one that has started wins; a point with only a future contract shows that.
  for (const c of rows) {
    if (c.validFrom <= today || !out.has(c.meteringPointId)) {
      out.set(c.meteringPointId, { productName: c.productName, priceModel: c.priceModel, validFrom: c.validFrom, validTo: c.validTo });
    }
  }
  return out;
}

/** The customer's locations: addresses with their metering points and current contracts. */
export async function listLocations(scope: PointScope, today: string): Promise<LocationView[]> {
  const points = await listCustomerPoints(scope);
  const contracts = await currentContracts(
    scope.siteId,
    points.map((p) => p.id),
    today,
  );
  const byLocation = new Map<string, LocationView>();
  for (const p of points) {
    let loc = byLocation.get(p.locationId);
    if (!loc) {
      loc = { id: p.locationId, name: p.locationName, address: { street: p.street, postalCode: p.postalCode, city: p.city }, meteringPoints: [] };
      byLocation.set(p.locationId, loc);
    }
    loc.meteringPoints.push({ ...pointView(p), contract: contracts.get(p.id) ?? null });
  }
  return [...byLocation.values()];
}

export type SearchType = "ADDRESS" | "GSRN" | "EIC_OR_METER_NUMBER";
export interface SearchQuery {
  text?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  gsrn?: string;
  eicCode?: string;
  meterNumber?: string;
}

const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, " ");

/** Searches the customer's own metering points (business customers have many). At most 50 hits. */
export async function searchPoints(scope: PointScope, type: SearchType, q: SearchQuery): Promise<MeteringPointRow[]> {
  const points = await listCustomerPoints(scope);
  const contains = (hay: string | null, needle: string | undefined) => !needle || (hay !== null && norm(hay).includes(norm(needle)));
  let hits: MeteringPointRow[];
  if (type === "ADDRESS") {
    hits = points.filter(
      (p) => contains(p.street, q.street) && contains(p.postalCode, q.postalCode) && contains(p.city, q.city) && contains(`${p.street}, ${p.postalCode} ${p.city} ${p.locationName}`, q.text),
    );
  } else if (type === "GSRN") {
    const digits = (q.gsrn ?? q.text ?? "").replace(/\s/g, "");
    hits = points.filter((p) => p.gsrn.includes(digits));
  } else {
    const needle = q.eicCode ?? q.meterNumber ?? q.text ?? "";
    hits = points.filter((p) => contains(p.eicCode, needle) || contains(p.meterNumber, needle));
    if (q.eicCode && q.meterNumber) hits = points.filter((p) => contains(p.eicCode, q.eicCode) && contains(p.meterNumber, q.meterNumber));
  }
  return hits.slice(0, 50);
}
