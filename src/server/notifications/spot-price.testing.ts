import "server-only";
import type { SpotPriceRow } from "@/server/importers/spot-prices";
import { localDateString, zonedTimeToUtc } from "@/lib/energy/time";

/**
 * Tomorrow's 24 hourly Finnish prices, for the alert's tests and the fan-out bench: cheap until
 * 06 (40 €/MWh, 5.02 c/kWh with 25.5 % VAT), dear 17–20 (200 €/MWh, 25.1 c/kWh), 100 €/MWh
 * otherwise. An alert of 6 and 20 c/kWh hears of 00–06 below and 17–20 above, cheapest 00–03.
 */
export function tomorrowsFinnishPrices(now = Date.now()): { date: string; rows: SpotPriceRow[]; from: number; to: number } {
  const date = localDateString(now + 86_400_000, "Europe/Helsinki");
  const [y, m, d] = date.split("-").map(Number);
  const from = zonedTimeToUtc(y, m, d, 0, 0, "Europe/Helsinki");
  const rows: SpotPriceRow[] = Array.from({ length: 24 }, (_, h) => ({
    zone: "FI",
    resolutionMinutes: 60,
    start: from + h * 3_600_000,
    eurPerMwh: h < 6 ? 40 : h >= 17 && h < 20 ? 200 : 100,
    line: h + 1,
  }));
  return { date, rows, from, to: from + 24 * 3_600_000 };
}
