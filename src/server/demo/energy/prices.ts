import "server-only";
import { hash01, keyOf, valueNoise } from "./noise";
import { cloudiness, temperatureAt, WEATHER_AREAS, normalTemperature, windiness, winterness } from "./weather";
import type { Timeline } from "./timeline";

type Zone = "FI" | "EE" | "LV";

/** Monthly price level, €/MWh: cheap hydro-and-wind summers, dear winters; the Baltics sit higher. */
const LEVEL: Record<Zone, number[]> = {
  FI: [88, 78, 52, 40, 30, 26, 24, 42, 46, 52, 68, 84],
  EE: [118, 108, 86, 72, 66, 70, 78, 96, 100, 104, 112, 120],
  LV: [120, 110, 88, 74, 67, 71, 80, 98, 102, 106, 114, 122],
};

/** Hour-of-day demand shape (weekday, weekend), 1 = day average. */
const WEEKDAY = [0.7, 0.66, 0.64, 0.64, 0.68, 0.8, 1.02, 1.28, 1.36, 1.22, 1.08, 1.0, 0.96, 0.94, 0.96, 1.02, 1.14, 1.34, 1.46, 1.38, 1.2, 1.04, 0.9, 0.78];
const WEEKEND = [0.78, 0.72, 0.7, 0.68, 0.68, 0.7, 0.76, 0.84, 0.92, 0.98, 1.0, 0.98, 0.94, 0.92, 0.94, 1.0, 1.1, 1.24, 1.32, 1.28, 1.16, 1.04, 0.94, 0.86];

function shapeAt(hour: number, weekend: boolean): number {
  const table = weekend ? WEEKEND : WEEKDAY;
  const h = Math.floor(hour) % 24;
  const f = hour - Math.floor(hour);
  return table[h] + (table[(h + 1) % 24] - table[h]) * f;
}

/**
 * Day-ahead price of a zone for each quarter hour of a timeline, €/MWh with two decimals.
 * Cold, still days are dear with evening spikes; windy nights and sunny summer middays can go
 * negative; Estonia and Latvia follow each other closely and Finland part of the time.
 */
export function spotPrices(zone: Zone, t: Timeline): Float64Array {
  const out = new Float64Array(t.length);
  const area = WEATHER_AREAS[zone];
  const fiArea = WEATHER_AREAS.FI;
  const spikeKey = keyOf(`${zone}:spike`);
  const quarterKey = keyOf(`${zone}:quarter`);
  for (let i = 0; i < t.length; i++) {
    const day = t.day[i];
    const doy = t.doy[i];
    const hour = t.hour[i];
    const month = new Date(day * 86_400_000).getUTCMonth();
    const weekend = t.weekday[i] >= 6;
    const level = LEVEL[zone][month];
    const ownWind = windiness(zone === "FI" ? "FI" : "BALTIC", day, doy);
    const fiWind = windiness("FI", day, doy);
    const wind = zone === "FI" ? ownWind : 0.7 * ownWind + 0.3 * fiWind;
    const temp = temperatureAt(zone === "FI" ? fiArea : area, day, doy, 12);
    const cold = Math.max(0, normalTemperature(area, doy) - temp);
    let price = level * (1.55 - 1.25 * wind) * (1 + 0.045 * cold);
    const shape = shapeAt(hour, weekend);
    const shapeStrength = zone === "FI" ? 1 : 0.85;
    price *= 1 + (shape - 1) * shapeStrength * (0.6 + 0.8 * (1 - wind));
    if (weekend) price *= 0.86;
    // Solar dip at summer middays, deepest on clear days.
    const summer = Math.max(0, -winterness(doy));
    const clear = 1 - cloudiness(area, day);
    const solar = summer * clear * Math.max(0, Math.cos(((hour - 13) * Math.PI) / 9));
    price -= solar * (zone === "FI" ? 55 : 70);
    // Windy nights push the price below zero in Finland.
    if (zone === "FI" && wind > 0.78 && (hour < 6 || hour >= 23 || weekend)) price -= (wind - 0.78) * 260;
    // Scarcity spikes on cold, still winter evenings.
    const spikeChance = winterness(doy) > 0.3 && wind < 0.3 ? 0.35 : 0.04;
    if (hash01(spikeKey, day) < spikeChance && ((hour >= 7.5 && hour < 9.5) || (hour >= 17 && hour < 20))) {
      price *= 1.6 + 2.6 * hash01(spikeKey + 7, day);
    }
    // Quarter-hour texture within the hour.
    const q = Math.floor((hour % 1) * 4);
    price *= 1 + 0.035 * (q - 1.5) * Math.sign(shapeAt(hour + 1, weekend) - shape) + 0.03 * valueNoise(quarterKey, i / 3);
    if (!Number.isFinite(price)) throw new Error(`demo spot price model gave ${price} for ${zone} at ${t.starts[i]}`);
    out[i] = Math.round(Math.max(-60, price) * 100) / 100;
  }
  return out;
}
