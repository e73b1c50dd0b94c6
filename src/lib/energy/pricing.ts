/**
 * Energy price and cost arithmetic. Unit prices are cents per kWh without VAT; spot prices are
 * €/MWh as published (1 €/MWh = 0.1 c/kWh); VAT is a rate in basis points (2550 = 25.5 %).
 * Sums stay unrounded until a total is shown, then round to whole cents once.
 */

export type PriceModel = "Hourly" | "Fixed";

export interface ContractPricing {
  priceModel: PriceModel;
  marginCentsPerKwh: number;
  fixedCentsPerKwh: number | null;
  dayCentsPerKwh: number | null;
  nightCentsPerKwh: number | null;
  monthlyFeeCents: number;
}

/** Night tariff hours, 22:00–07:00 local time, as Nordic and Baltic time-of-use tariffs use. */
export const NIGHT_STARTS_AT = 22;
export const NIGHT_ENDS_AT = 7;

export function isNightHour(localHour: number): boolean {
  return localHour >= NIGHT_STARTS_AT || localHour < NIGHT_ENDS_AT;
}

export function spotCentsPerKwh(eurPerMwh: number): number {
  return eurPerMwh / 10;
}

export function withVat(amount: number, vatBasisPoints: number): number {
  return amount * (1 + vatBasisPoints / 10_000);
}

/**
 * The energy unit price of one interval without VAT: spot + margin for spot contracts, the fixed
 * (or day/night) price + margin otherwise. Null when a spot contract has no price for the interval.
 */
export function unitPriceCentsPerKwh(contract: ContractPricing, spotEurPerMwh: number | null, localHour: number): number | null {
  if (contract.priceModel === "Hourly") {
    if (spotEurPerMwh === null) return null;
    return spotCentsPerKwh(spotEurPerMwh) + contract.marginCentsPerKwh;
  }
  const base =
    contract.dayCentsPerKwh !== null && contract.nightCentsPerKwh !== null ? (isNightHour(localHour) ? contract.nightCentsPerKwh : contract.dayCentsPerKwh) : (contract.fixedCentsPerKwh ?? 0);
  return base + contract.marginCentsPerKwh;
}

/** Energy cost of one interval in (fractional) cents, VAT included. */
export function energyCostCents(wh: number, unitPriceCentsPerKwhExVat: number, vatBasisPoints: number): number {
  return withVat((wh / 1000) * unitPriceCentsPerKwhExVat, vatBasisPoints);
}

/**
 * The share of a monthly fee that one measured interval carries, VAT included: the fee accrues
 * evenly over the minutes of the local calendar month.
 */
export function monthlyFeeShareCents(monthlyFeeCents: number, intervalMinutes: number, daysInLocalMonth: number, vatBasisPoints: number): number {
  return withVat((monthlyFeeCents * intervalMinutes) / (daysInLocalMonth * 1440), vatBasisPoints);
}

export interface PricedInterval {
  wh: number;
  intervalMinutes: number;
  spotEurPerMwh: number | null;
  localHour: number;
  daysInLocalMonth: number;
}

export interface ExpenseTotal {
  energyCents: number;
  feeCents: number;
  totalCents: number;
  kwh: number;
  /** Intervals of a spot contract that had no spot price and so no energy cost. */
  unpricedIntervals: number;
}

/** Cost of a set of intervals under one contract, rounded to whole cents once at the end. */
export function computeExpense(intervals: PricedInterval[], contract: ContractPricing, vatBasisPoints: number): ExpenseTotal {
  let energy = 0;
  let fee = 0;
  let wh = 0;
  let unpriced = 0;
  for (const i of intervals) {
    wh += i.wh;
    const unit = unitPriceCentsPerKwh(contract, i.spotEurPerMwh, i.localHour);
    if (unit === null) unpriced++;
    else energy += energyCostCents(i.wh, unit, vatBasisPoints);
    fee += monthlyFeeShareCents(contract.monthlyFeeCents, i.intervalMinutes, i.daysInLocalMonth, vatBasisPoints);
  }
  const energyCents = Math.round(energy);
  const feeCents = Math.round(fee);
  return { energyCents, feeCents, totalCents: energyCents + feeCents, kwh: wh / 1000, unpricedIntervals: unpriced };
}

/** Rounds kWh for display and transport (Wh precision). */
export function whToKwh(wh: number): number {
  return Math.round(wh) / 1000;
}
