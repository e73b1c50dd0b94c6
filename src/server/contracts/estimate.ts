import "server-only";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { meteringPoints, readingsDaily } from "@/server/db/schema";
import { addDays } from "@/lib/invoices/dates";
import type { EnergyKind, PriceComponentView } from "./types";

/**
 * The yearly cost a customer can expect from a product (the signing page): their usage point's
 * own consumption of the last 12 months, or a typical year where it has too little, priced by
 * the product's components.
 */

/** A typical year where the point has no readings yet, kWh by energy kind (ours; said so on the page). */
export const TYPICAL_YEARLY_KWH: Record<EnergyKind, number> = { electricity: 5000, gas: 12000, heating: 15000 };
/** The spot price assumed where the point's own readings give none, c/kWh without VAT. */
export const TYPICAL_SPOT_CENTS = 8;
const TYPICAL_NIGHT_SHARE = 0.35;

export interface YearlyUse {
  source: "readings" | "typical";
  kwh: number;
  nightKwh: number;
  /** The average spot price the consumption was bought at, c/kWh. */
  spotCents: number;
}

/** The point's consumption over the last 12 months (scaled up to a year from at least 30 days of data), or a typical year. */
export async function yearlyUse(siteId: string, point: { id: string; energyKind: EnergyKind }, today: string): Promise<YearlyUse> {
  const db = await getDb();
  const [row] = await db
    .select({
      days: sql<number>`count(*)::int`,
      wh: sql<number>`coalesce(sum(${readingsDaily.valueWh}), 0)::float8`,
      nightWh: sql<number>`coalesce(sum(${readingsDaily.nightWh}), 0)::float8`,
      spotWh: sql<number>`coalesce(sum(${readingsDaily.spotWh}), 0)::float8`,
      pricedWh: sql<number>`coalesce(sum(${readingsDaily.pricedWh}), 0)::float8`,
    })
    .from(readingsDaily)
    .innerJoin(meteringPoints, and(eq(meteringPoints.id, readingsDaily.meteringPointId), eq(meteringPoints.siteId, siteId)))
    .where(and(eq(readingsDaily.meteringPointId, point.id), eq(readingsDaily.series, 1), gte(readingsDaily.day, addDays(today, -365)), lte(readingsDaily.day, today)));
  const days = Number(row?.days ?? 0);
  if (days < 30 || Number(row.wh) <= 0) {
    const kwh = TYPICAL_YEARLY_KWH[point.energyKind];
    return { source: "typical", kwh, nightKwh: Math.round(kwh * TYPICAL_NIGHT_SHARE), spotCents: TYPICAL_SPOT_CENTS };
  }
  const scale = 365 / Math.max(days, 1);
  const priced = Number(row.pricedWh);
  return {
    source: "readings",
    kwh: Math.round((Number(row.wh) / 1000) * scale),
    nightKwh: Math.round((Number(row.nightWh) / 1000) * scale),
    // Σ Wh × €/MWh over Σ Wh priced: €/MWh, a tenth of which is c/kWh.
    spotCents: priced > 0 ? Number(row.spotWh) / priced / 10 : TYPICAL_SPOT_CENTS,
  };
}

export interface YearlyCostEstimate {
  source: "readings" | "typical";
  kwh: number;
  /** Cents a year without VAT, and with the country's VAT. */
  cents: number;
  centsWithVat: number;
}

/** A product's yearly cost for a year's use: energy by its price model, the monthly fee twelve times and any yearly fee. */
export function estimateYearlyCost(use: YearlyUse, components: PriceComponentView[], vatBasisPoints: number): YearlyCostEstimate {
  const get = (t: string) => components.find((c) => c.type === t)?.value;
  const dayKwh = Math.max(use.kwh - use.nightKwh, 0);
  let energy: number;
  if (get("Margin") !== undefined && get("Base") === undefined && get("Day") === undefined) {
    let spot = use.spotCents;
    if (get("Floor") !== undefined) spot = Math.max(spot, get("Floor")!);
    if (get("Ceiling") !== undefined) spot = Math.min(spot, get("Ceiling")!);
    energy = use.kwh * (spot + get("Margin")!);
  } else if (get("Day") !== undefined && get("Night") !== undefined) {
    energy = dayKwh * get("Day")! + use.nightKwh * get("Night")! + use.kwh * (get("Margin") ?? 0);
  } else {
    energy = use.kwh * ((get("Base") ?? 0) + (get("Margin") ?? 0));
  }
  const cents = Math.round(energy + (get("Monthly") ?? 0) * 12 + (get("YearlyCost") ?? 0));
  return { source: use.source, kwh: use.kwh, cents, centsWithVat: Math.round((cents * (10_000 + vatBasisPoints)) / 10_000) };
}
