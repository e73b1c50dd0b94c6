import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { type Db } from "@/server/db/client";
import { countries, energyContracts } from "@/server/db/schema";
import { startOfLocalMonth, zonedTimeToUtc } from "@/lib/energy/time";
import { energyCents, roundHalfAway, whToKwhString } from "@/lib/invoices/amounts";
import { monthlyConsumption, monthlyEnergyByMeteringPoint, type MonthlyEnergy } from "./billing-input";
import { lastDayOfMonth } from "@/lib/invoices/dates";
import type { DraftLine, DraftMeteringPoint } from "./issue";

type ContractRow = typeof energyContracts.$inferSelect;

export interface MonthlyBill {
  customerId: string;
  /** "YYYY-MM" */
  month: string;
  periodStart: string;
  periodEnd: string;
  lines: DraftLine[];
  meteringPoints: DraftMeteringPoint[];
}

const n = (v: string | null) => (v === null ? null : Number(v));

function daysIn(month: string): number {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function previousYearMonth(month: string): string {
  const [y, m] = month.split("-");
  return `${Number(y) - 1}-${m}`;
}

/**
 * Invoice lines of one metering point, month and contract: energy per price component
 * (spot, or fixed, or day and night), the margin, and the monthly fee for the days the contract
 * covered. Unit prices are cents per kWh without VAT, amounts whole cents.
 */
export function linesFor(usage: MonthlyEnergy, contract: ContractRow, vatBasisPoints: number): DraftLine[] {
  const common = { meteringPointId: usage.meteringPointId, gsrn: usage.gsrn, productName: contract.productName, vatRateBasisPoints: vatBasisPoints };
  const energyLine = (component: DraftLine["component"], wh: number, centsPerKwh: number, netCents?: number): DraftLine => ({
    ...common,
    component,
    quantityWh: Math.round(wh),
    quantity: whToKwhString(Math.round(wh)),
    unit: "kWh",
    unitPriceCents: centsPerKwh,
    netCents: netCents ?? energyCents(wh, centsPerKwh),
  });
  const lines: DraftLine[] = [];
  const margin = Number(contract.marginCentsPerKwh);
  if (contract.priceModel === "Hourly") {
    const priced = usage.wh - usage.unpricedWh;
    const average = priced > 0 ? usage.spotCents / (priced / 1000) : 0;
    lines.push(energyLine("Spot", priced, Math.round(average * 1e6) / 1e6, roundHalfAway(usage.spotCents)));
    if (margin !== 0) lines.push(energyLine("Margin", usage.wh, margin));
  } else {
    const day = n(contract.dayCentsPerKwh);
    const night = n(contract.nightCentsPerKwh);
    if (day !== null && night !== null) {
      lines.push(energyLine("Day", usage.wh - usage.nightWh, day));
      lines.push(energyLine("Night", usage.nightWh, night));
    } else {
      lines.push(energyLine("Base", usage.wh, n(contract.fixedCentsPerKwh) ?? 0));
    }
    if (margin !== 0) lines.push(energyLine("Margin", usage.wh, margin));
  }
  if (contract.monthlyFeeCents > 0) {
    const share = Math.min(1, usage.days / daysIn(usage.month));
    lines.push({
      ...common,
      component: "Monthly",
      quantityWh: null,
      quantity: share.toFixed(3),
      unit: "month",
      unitPriceCents: contract.monthlyFeeCents,
      netCents: roundHalfAway(contract.monthlyFeeCents * share),
    });
  }
  return lines;
}

export interface MonthlyBillsQuery {
  siteId: string;
  country: string;
  timezone: string;
  /** Local months to bill, "YYYY-MM", ascending. */
  months: string[];
  customerIds?: string[];
}

/**
 * The bills of whole local months from the readings, prices and contracts: one per customer and
 * month with consumption. The same months a year earlier are read too, for the comparison.
 */
export async function monthlyBills(db: Db, q: MonthlyBillsQuery): Promise<MonthlyBill[]> {
  if (!q.months.length) return [];
  const [vat] = await db.select({ bp: countries.vatRateBasisPoints }).from(countries).where(eq(countries.code, q.country));
  if (!vat) throw new Error(`No VAT rate for ${q.country}`);
  const monthStart = (month: string) => {
    const [y, m] = month.split("-").map(Number);
    return zonedTimeToUtc(y, m, 1, 0, 0, q.timezone);
  };
  const first = q.months[0];
  const last = q.months[q.months.length - 1];
  const fromMs = monthStart(first);
  const toMs = startOfLocalMonth(monthStart(last), q.timezone, 1);
  const scope = { siteId: q.siteId, timezone: q.timezone, customerIds: q.customerIds };
  const usage = await monthlyEnergyByMeteringPoint(db, { ...scope, fromMs, toMs });
  // Consumption of the same months a year earlier, for the comparison.
  const consumption = await monthlyConsumption(db, {
    ...scope,
    fromMs: monthStart(previousYearMonth(first)),
    toMs: Math.min(fromMs, startOfLocalMonth(monthStart(previousYearMonth(last)), q.timezone, 1)),
  });
  for (const u of usage) consumption.set(`${u.meteringPointId}|${u.month}`, (consumption.get(`${u.meteringPointId}|${u.month}`) ?? 0) + u.wh);

  const contractIds = [...new Set(usage.map((u) => u.contractId).filter((id): id is string => id !== null))];
  const contracts = new Map<string, ContractRow>();
  for (let i = 0; i < contractIds.length; i += 500) {
    const rows = await db
      .select()
      .from(energyContracts)
      .where(and(eq(energyContracts.siteId, q.siteId), inArray(energyContracts.id, contractIds.slice(i, i + 500))));
    for (const r of rows) contracts.set(r.id, r);
  }

  const wanted = new Set(q.months);
  const bills = new Map<string, MonthlyBill>();
  for (const u of usage) {
    if (!wanted.has(u.month) || u.wh <= 0) continue;
    const contract = u.contractId ? contracts.get(u.contractId) : undefined;
    if (!contract) continue;
    const key = `${u.customerId}|${u.month}`;
    let bill = bills.get(key);
    if (!bill) {
      const periodStart = `${u.month}-01`;
      bill = { customerId: u.customerId, month: u.month, periodStart, periodEnd: lastDayOfMonth(periodStart), lines: [], meteringPoints: [] };
      bills.set(key, bill);
    }
    bill.lines.push(...linesFor(u, contract, vat.bp));
    if (!bill.meteringPoints.some((p) => p.meteringPointId === u.meteringPointId)) {
      const previous = consumption.get(`${u.meteringPointId}|${previousYearMonth(u.month)}`);
      bill.meteringPoints.push({
        meteringPointId: u.meteringPointId,
        gsrn: u.gsrn,
        energyKind: u.energyKind,
        address: u.address,
        consumptionWh: Math.round(consumption.get(`${u.meteringPointId}|${u.month}`) ?? 0),
        previousYearConsumptionWh: previous === undefined ? null : Math.round(previous),
      });
    }
  }
  return [...bills.values()].sort((a, b) => a.month.localeCompare(b.month) || a.customerId.localeCompare(b.customerId));
}
