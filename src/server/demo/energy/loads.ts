import "server-only";
import { Prng } from "../prng";
import { hash01, keyOf } from "./noise";
import { clearSkyPv, cloudiness, sunElevation, temperatureAt, winterness, type WeatherArea } from "./weather";
import type { Timeline } from "./timeline";

/** Hourly outdoor temperatures of an area over a timeline's days, indexed by (day - firstDay) * 24 + hour. */
export class HourlyWeather {
  readonly firstDay: number;
  readonly temps: Float32Array;
  readonly clouds: Float32Array;
  constructor(
    readonly area: WeatherArea,
    firstDay: number,
    lastDay: number,
  ) {
    this.firstDay = firstDay;
    const days = lastDay - firstDay + 1;
    this.temps = new Float32Array(days * 24);
    this.clouds = new Float32Array(days);
    for (let d = 0; d < days; d++) {
      const day = firstDay + d;
      const date = new Date(day * 86_400_000);
      const doy = Math.floor((day * 86_400_000 - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000);
      this.clouds[d] = cloudiness(area, day);
      for (let h = 0; h < 24; h++) this.temps[d * 24 + h] = temperatureAt(area, day, doy, h);
    }
  }
  temperature(day: number, hour: number): number {
    const i = (day - this.firstDay) * 24 + Math.floor(hour);
    return this.temps[Math.min(this.temps.length - 1, Math.max(0, i))];
  }
  cloud(day: number): number {
    return this.clouds[Math.min(this.clouds.length - 1, Math.max(0, day - this.firstDay))];
  }
}

export type LoadKind = "household" | "office" | "warehouse" | "district-heat" | "gas";
export type HeatingKind = "electric" | "district" | "gas" | "heat-pump";

export interface LoadProfile {
  key: string;
  kind: LoadKind;
  heating: HeatingKind;
  dwelling: "house" | "apartment" | "office" | "warehouse";
  /** Wanted yearly energy of this meter, kWh (consumption before solar). */
  annualKwh: number;
  /** Finnish houses heat a sauna on Saturday evenings. */
  sauna: boolean;
  ev: boolean;
  solarKwp: number;
}

// Activity by local hour, 1 = day average.
const HOME_WEEKDAY = [0.45, 0.4, 0.38, 0.38, 0.4, 0.5, 0.95, 1.45, 1.2, 0.8, 0.7, 0.72, 0.8, 0.75, 0.72, 0.85, 1.2, 1.6, 1.85, 1.8, 1.6, 1.35, 1.0, 0.7];
const HOME_WEEKEND = [0.55, 0.45, 0.4, 0.38, 0.38, 0.4, 0.5, 0.75, 1.15, 1.4, 1.45, 1.4, 1.35, 1.2, 1.1, 1.1, 1.25, 1.55, 1.8, 1.7, 1.5, 1.3, 1.05, 0.8];
const OFFICE = [0.35, 0.35, 0.35, 0.35, 0.35, 0.45, 0.8, 1.5, 1.9, 2.0, 2.0, 1.95, 1.85, 1.95, 1.95, 1.85, 1.6, 1.1, 0.7, 0.5, 0.45, 0.4, 0.38, 0.36];
const WAREHOUSE = [0.6, 0.6, 0.6, 0.6, 0.65, 0.9, 1.3, 1.5, 1.5, 1.45, 1.45, 1.4, 1.4, 1.45, 1.45, 1.4, 1.2, 0.9, 0.75, 0.7, 0.65, 0.62, 0.6, 0.6];
const HOT_WATER = [0.3, 0.2, 0.2, 0.2, 0.3, 0.8, 1.8, 2.2, 1.6, 1.0, 0.8, 0.8, 0.9, 0.8, 0.8, 0.9, 1.2, 1.5, 1.7, 1.8, 1.7, 1.4, 0.9, 0.5];

function table(kind: LoadKind, weekend: boolean): number[] {
  if (kind === "office") return weekend ? OFFICE.map(() => 0.42) : OFFICE;
  if (kind === "warehouse") return weekend ? WAREHOUSE.map((v) => 0.55 + 0.1 * (v - 0.6)) : WAREHOUSE;
  if (kind === "district-heat" || kind === "gas") return HOT_WATER;
  return weekend ? HOME_WEEKEND : HOME_WEEKDAY;
}

/** Heating demand, kW per unit of size, at an outdoor temperature. */
function heatingDemand(heating: HeatingKind, temp: number, kind: LoadKind): number {
  const dd = Math.max(0, 17 - temp);
  if (kind === "district-heat" || kind === "gas") return dd;
  if (heating === "electric") return dd;
  if (heating === "heat-pump") {
    const cop = Math.max(1.6, 3.6 + 0.07 * Math.min(temp, 7));
    return (dd / cop) * 1.1;
  }
  return 0;
}

/** Share of a load's year that is heating (the rest is appliances, lighting, hot water). */
function heatingShare(p: LoadProfile): number {
  if (p.kind === "district-heat") return 0.78;
  if (p.kind === "gas") return 0.82;
  if (p.heating === "electric") return p.dwelling === "house" ? 0.6 : 0.45;
  if (p.heating === "heat-pump") return 0.4;
  return 0;
}

/**
 * Meter load in kW for each interval of the timeline, scaled so a climatological year sums to
 * the profile's annualKwh. Solar production (kW) comes separately; the meter records import and
 * export per interval.
 */
export function loadSeries(p: LoadProfile, t: Timeline, weather: HourlyWeather, calibration: number): Float64Array {
  const out = new Float64Array(t.length);
  const share = heatingShare(p);
  const key = keyOf(p.key);
  let prng: Prng | null = null;
  let currentDay = -1;
  let dayFactor = 1;
  let saunaStart = -1;
  let evStart = -1;
  let evHours = 0;
  let away = false;
  for (let i = 0; i < t.length; i++) {
    const day = t.day[i];
    const hour = t.hour[i];
    if (day !== currentDay) {
      currentDay = day;
      prng = new Prng(`${p.key}:${day}`);
      dayFactor = 0.85 + 0.3 * prng.next();
      away = p.kind === "household" && prng.chance(0.03);
      const wd = t.weekday[i];
      saunaStart = p.sauna && (wd === 6 || (wd === 3 && prng.chance(0.35))) ? 17.5 + prng.next() * 2.5 : -1;
      evStart = p.ev && prng.chance(0.55) ? 22 + prng.next() * 2 : -1;
      evHours = 1.5 + prng.next() * 3;
    }
    const weekend = t.weekday[i] >= 6;
    const tab = table(p.kind, weekend);
    const h = Math.floor(hour);
    const activity = tab[h] + (tab[(h + 1) % 24] - tab[h]) * (hour - h);
    const temp = weather.temperature(day, hour);
    const lighting = p.kind === "household" ? 1 + 0.25 * winterness(t.doy[i]) : 1;
    const noise = 0.75 + 0.5 * hash01(key, i);
    let kw = (1 - share) * activity * lighting * dayFactor * noise * (away ? 0.45 : 1);
    if (share > 0) {
      // Night-rate storage heating and hot water boilers run at night in electrically heated houses.
      const nightBoost = p.heating === "electric" && p.kind === "household" && (hour >= 22 || hour < 6) ? 1.35 : 1;
      kw += share * heatingDemand(p.heating, temp, p.kind) * 0.11 * nightBoost * (0.9 + 0.2 * hash01(key + 3, i));
    }
    out[i] = kw * calibration;
    if (saunaStart >= 0 && hour >= saunaStart && hour < saunaStart + 1.3) out[i] += 6.5;
    if (evStart >= 0) {
      const since = hour >= evStart ? hour - evStart : hour + 24 - evStart;
      if (since < evHours && (hour >= evStart || hour < 6)) out[i] += 7.4;
    }
  }
  return out;
}

/** Scale factor for a profile: its model year, at climatological weather, sums to annualKwh. */
export function calibrate(p: LoadProfile, area: WeatherArea): number {
  const share = heatingShare(p);
  let sum = 0;
  for (let doy = 0; doy < 365; doy++) {
    const weekend = doy % 7 >= 5;
    const tab = table(p.kind, weekend);
    const lighting = p.kind === "household" ? 1 + 0.25 * winterness(doy) : 1;
    for (let h = 0; h < 24; h++) {
      const temp = area.mean - area.swing * winterness(doy) + 2.5 * Math.cos((2 * Math.PI * (h - 15)) / 24);
      let kw = (1 - share) * tab[h] * lighting;
      if (share > 0) {
        const nightBoost = p.heating === "electric" && p.kind === "household" && (h >= 22 || h < 6) ? 1.35 : 1;
        kw += share * heatingDemand(p.heating, temp, p.kind) * 0.11 * nightBoost;
      }
      sum += kw;
    }
  }
  const extras = (p.sauna ? 52 * 1.3 * 6.5 * 1.35 : 0) + (p.ev ? 365 * 0.55 * 3 * 7.4 : 0);
  return Math.max(0.01, (p.annualKwh - extras) / sum);
}

/** PV output in kW per interval for a peak power, with cloudy days and passing clouds. */
export function solarSeries(kwp: number, key: string, t: Timeline, weather: HourlyWeather): Float64Array {
  const out = new Float64Array(t.length);
  if (kwp <= 0) return out;
  const k = keyOf(`${key}:pv`);
  const half = (t.minutes * 60_000) / 2;
  for (let i = 0; i < t.length; i++) {
    const el = sunElevation(weather.area.lat, weather.area.lon, t.starts[i] + half);
    if (el <= 0) continue;
    const cloud = weather.cloud(t.day[i]);
    const passing = 1 - cloud * (0.45 + 0.4 * hash01(k, Math.floor(i / 2)));
    out[i] = kwp * clearSkyPv(el) * Math.max(0.06, passing);
  }
  return out;
}
