import "server-only";
import { hashString } from "../prng";

/** A number in [0, 1) fixed by the key and integer index: the same on every machine and every run. */
export function hash01(key: number, index: number): number {
  let h = (key ^ Math.imul(index | 0, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

export function keyOf(text: string): number {
  return hashString(text);
}

/** Smooth value noise in [-1, 1] along x (one lattice point per unit of x). */
export function valueNoise(key: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const a = hash01(key, i) * 2 - 1;
  const b = hash01(key, i + 1) * 2 - 1;
  const s = f * f * (3 - 2 * f);
  return a + (b - a) * s;
}

/** Two octaves of value noise with the given periods, roughly unit variance scaled to [-1, 1]. */
export function fractalNoise(key: number, x: number, slowPeriod: number, fastPeriod: number): number {
  return 0.65 * valueNoise(key, x / slowPeriod) + 0.35 * valueNoise(key + 1013, x / fastPeriod);
}
