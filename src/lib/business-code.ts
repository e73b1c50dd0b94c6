/**
 * Business identity codes of the countries the portal serves, with their check digits:
 * - Finland, Y-tunnus: seven digits, a dash and a check digit (weights 7, 9, 10, 5, 8, 4, 2;
 *   mod 11; remainder 0 gives 0, remainder 1 is never issued, otherwise 11 − remainder).
 * - Estonia, registry code (registrikood): eight digits, the first 1, 7, 8 or 9; the check digit
 *   as in personal codes (weights 1–7, and if that gives 10, weights 3–9; 10 again gives 0).
 * - Latvia, registration number (reģistrācijas numurs) of a legal entity: eleven digits starting
 *   4 or 5; Σ digitᵢ × (9, 1, 4, 8, 3, 10, 2, 5, 7, 6) + last digit ≡ 3 (mod 11).
 */
export type BusinessCountry = "FI" | "EE" | "LV";

export type BusinessCodeResult = { valid: true; country: BusinessCountry; normalized: string } | { valid: false; reason: "format" | "checksum" };

function finnish(code: string): BusinessCodeResult {
  const m = /^(\d{6,7})-?(\d)$/.exec(code);
  if (!m) return { valid: false, reason: "format" };
  const body = m[1].padStart(7, "0");
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const r = weights.reduce((s, w, i) => s + w * Number(body[i]), 0) % 11;
  if (r === 1) return { valid: false, reason: "checksum" };
  const check = r === 0 ? 0 : 11 - r;
  return check === Number(m[2]) ? { valid: true, country: "FI", normalized: `${body}-${check}` } : { valid: false, reason: "checksum" };
}

function estonian(code: string): BusinessCodeResult {
  if (!/^[1789]\d{7}$/.test(code)) return { valid: false, reason: "format" };
  const digits = [...code].map(Number);
  const sum = (from: number) => digits.slice(0, 7).reduce((s, d, i) => s + d * (((from - 1 + i) % 9) + 1), 0) % 11;
  let check = sum(1);
  if (check === 10) check = sum(3) % 10;
  return check === digits[7] ? { valid: true, country: "EE", normalized: code } : { valid: false, reason: "checksum" };
}

function latvian(code: string): BusinessCodeResult {
  if (!/^[45]\d{10}$/.test(code)) return { valid: false, reason: "format" };
  const weights = [9, 1, 4, 8, 3, 10, 2, 5, 7, 6];
  const digits = [...code].map(Number);
  const sum = weights.reduce((s, w, i) => s + w * digits[i], 0) + digits[10];
  return sum % 11 === 3 ? { valid: true, country: "LV", normalized: code } : { valid: false, reason: "checksum" };
}

/** Validates a business code of the given country (spaces ignored). */
export function validateBusinessCode(country: BusinessCountry, raw: string): BusinessCodeResult {
  const code = raw
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/^(FI|EE|LV)(?=\d)/, "");
  if (country === "FI") return finnish(code);
  if (country === "EE") return estonian(code);
  return latvian(code);
}

/** A Finnish e-invoice address (OVT): 0037, the Y-tunnus without its dash, and up to five characters more. */
export function isValidOvt(raw: string): boolean {
  const m = /^0037(\d{8})([0-9A-Z]{0,5})$/.exec(raw.replace(/\s+/g, "").toUpperCase());
  if (!m) return false;
  return finnish(`${m[1].slice(0, 7)}-${m[1][7]}`).valid;
}
