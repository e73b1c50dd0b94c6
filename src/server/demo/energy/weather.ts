import "server-only";
import { fractalNoise, keyOf, valueNoise } from "./noise";

/** Weather areas of the demo sites, with their climate (monthly normals fitted by a cosine). */
export interface WeatherArea {
  id: string;
  lat: number;
  lon: number;
  /** Annual mean and half the summer–winter swing, °C. */
  mean: number;
  swing: number;
}

export const WEATHER_AREAS: Record<"FI" | "EE" | "LV", WeatherArea> = {
  FI: { id: "FI-HELSINKI", lat: 60.17, lon: 24.94, mean: 6.2, swing: 11.5 },
  EE: { id: "EE-TALLINN", lat: 59.44, lon: 24.75, mean: 6.5, swing: 11 },
  LV: { id: "LV-RIGA", lat: 56.95, lon: 24.11, mean: 7.3, swing: 11 },
};

/** Seasonal factor: 1 in midwinter (about 25 January), −1 in midsummer. */
export function winterness(doy: number): number {
  return Math.cos((2 * Math.PI * (doy - 25)) / 365.25);
}

/** Climatological daily mean temperature. */
export function normalTemperature(area: WeatherArea, doy: number): number {
  return area.mean - area.swing * winterness(doy);
}

/** Cloudiness of a day in [0, 1]: summers sunnier than the grey Nordic November. */
export function cloudiness(area: WeatherArea, day: number): number {
  const base = 0.62 + 0.18 * winterness(day % 365);
  const n = fractalNoise(keyOf(`${area.id}:cloud`), day, 3, 1);
  return Math.min(1, Math.max(0, base + 0.55 * n));
}

/** Wind of a day in [0, 1] for a bidding zone (drives the price: windy days are cheap). */
export function windiness(zone: string, day: number, doy: number): number {
  const base = 0.42 + 0.12 * winterness(doy);
  const n = fractalNoise(keyOf(`${zone}:wind`), day, 4, 1.5);
  return Math.min(1, Math.max(0, base + 0.6 * n));
}

/** Outdoor temperature at a local hour of a day (days since 1970 in local calendar). */
export function temperatureAt(area: WeatherArea, day: number, doy: number, hour: number): number {
  const w = winterness(doy);
  const spread = 3.8 + 1.6 * w; // cold spells are deeper in winter
  const anomaly = spread * fractalNoise(keyOf(`${area.id}:temp`), day + hour / 24, 7, 2.5) * 1.6;
  const cloud = cloudiness(area, day);
  const diurnalAmp = (3.2 - 2 * w) * (1 - 0.55 * cloud);
  const diurnal = diurnalAmp * Math.cos((2 * Math.PI * (hour - 15)) / 24);
  const jitter = 0.3 * valueNoise(keyOf(`${area.id}:jit`), day * 24 + hour);
  return normalTemperature(area, doy) + anomaly + diurnal + jitter;
}

/** Sun elevation in degrees at a UTC instant (NOAA approximation, good to a fraction of a degree). */
export function sunElevation(lat: number, lon: number, ms: number): number {
  const d = ms / 86_400_000 - 10_957.5; // days since J2000.0
  const g = ((357.529 + 0.98560028 * d) * Math.PI) / 180;
  const q = 280.459 + 0.98564736 * d;
  const L = ((q + 1.915 * Math.sin(g) + 0.02 * Math.sin(2 * g)) * Math.PI) / 180;
  const e = ((23.439 - 0.00000036 * d) * Math.PI) / 180;
  const decl = Math.asin(Math.sin(e) * Math.sin(L));
  const ra = Math.atan2(Math.cos(e) * Math.sin(L), Math.cos(L));
  const gmst = (18.697374558 + 24.06570982441908 * d) % 24;
  const lst = ((gmst * 15 + lon) * Math.PI) / 180;
  const ha = lst - ra;
  const phi = (lat * Math.PI) / 180;
  const el = Math.asin(Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(ha));
  return (el * 180) / Math.PI;
}

/** Output of a south-facing PV array as a share of its peak power, before clouds. */
export function clearSkyPv(elevationDeg: number): number {
  if (elevationDeg <= 0) return 0;
  const s = Math.sin((elevationDeg * Math.PI) / 180);
  // Air mass thins the light at low sun; tilted panels catch more of it than flat ground.
  return Math.min(1, 1.25 * Math.pow(s, 1.15) * Math.pow(0.72, 1 / Math.max(s, 0.05) - 1) + 0.04 * s);
}
