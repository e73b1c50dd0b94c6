/**
 * Invoice arithmetic in integer cents. VAT is computed once per rate on the sum of the lines of
 * that rate (as tax authorities expect), then allocated back to the lines by the largest
 * remainder, so that every column of the invoice adds up exactly.
 */

export interface NetLine {
  netCents: number;
  vatRateBasisPoints: number;
}

export interface VatGroup {
  vatRateBasisPoints: number;
  netCents: number;
  vatCents: number;
}

export interface Totals {
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatGroups: VatGroup[];
  /** VAT per input line, in input order. */
  lineVatCents: number[];
}

/** Rounds half away from zero, the way invoice amounts are rounded. */
export function roundHalfAway(value: number): number {
  const r = Math.round(Math.abs(value));
  return value < 0 ? -r : r;
}

/** VAT of a net amount at a rate in basis points (2550 = 25.5 %). Exact integer arithmetic. */
export function vatOf(netCents: number, basisPoints: number): number {
  const product = BigInt(netCents) * BigInt(basisPoints);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  const q = abs / 10000n;
  const rem = abs % 10000n;
  const rounded = rem * 2n >= 10000n ? q + 1n : q;
  return Number(negative ? -rounded : rounded);
}

export function computeTotals(lines: NetLine[]): Totals {
  const byRate = new Map<number, number[]>();
  lines.forEach((l, i) => {
    if (!Number.isInteger(l.netCents)) throw new Error(`Line amounts are integer cents, not ${l.netCents}`);
    const list = byRate.get(l.vatRateBasisPoints) ?? [];
    list.push(i);
    byRate.set(l.vatRateBasisPoints, list);
  });
  const lineVatCents = lines.map(() => 0);
  const vatGroups: VatGroup[] = [];
  for (const [rate, indexes] of [...byRate.entries()].sort((a, b) => b[0] - a[0])) {
    const net = indexes.reduce((s, i) => s + lines[i].netCents, 0);
    const vat = vatOf(net, rate);
    vatGroups.push({ vatRateBasisPoints: rate, netCents: net, vatCents: vat });
    // Exact shares, floored, then the remaining cents go to the largest remainders.
    const exact = indexes.map((i) => (lines[i].netCents * rate) / 10000);
    const floors = exact.map((v) => Math.floor(v));
    let left = vat - floors.reduce((s, v) => s + v, 0);
    const order = exact.map((v, k) => ({ k, frac: v - Math.floor(v) })).sort((a, b) => b.frac - a.frac || a.k - b.k);
    let j = 0;
    while (left > 0 && order.length) {
      floors[order[j % order.length].k] += 1;
      left -= 1;
      j += 1;
    }
    while (left < 0 && order.length) {
      floors[order[order.length - 1 - (j % order.length)].k] -= 1;
      left += 1;
      j += 1;
    }
    indexes.forEach((i, k) => (lineVatCents[i] = floors[k]));
  }
  const netCents = lines.reduce((s, l) => s + l.netCents, 0);
  const vatCents = vatGroups.reduce((s, g) => s + g.vatCents, 0);
  return { netCents, vatCents, totalCents: netCents + vatCents, vatGroups, lineVatCents };
}

/** Cents for an energy quantity at a unit price in cents per kWh. */
export function energyCents(quantityWh: number, centsPerKwh: number): number {
  return roundHalfAway((quantityWh * centsPerKwh) / 1000);
}

/** "12345.678" kWh with three decimals from Wh, exact. */
export function whToKwhString(wh: number): string {
  const negative = wh < 0;
  const abs = Math.abs(Math.trunc(wh));
  const s = `${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`;
  return negative ? `-${s}` : s;
}

/** Cents as a decimal string with two decimals ("-12.05"), locale-independent. */
export function centsToDecimal(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const s = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return negative ? `-${s}` : s;
}
