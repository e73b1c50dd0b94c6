/**
 * EU VAT numbers as the business customer info takes them: spaces and dashes dropped, upper case.
 * The countries the portal serves are checked in full (Finland with the business ID's check digit,
 * Estonia nine digits, Latvia eleven), others by the common shape.
 */
export function normalizeVatNumber(value: string): string | null {
  const v = value.replace(/[\s.-]/g, "").toUpperCase();
  if (/^FI[0-9]{8}$/.test(v)) return finnishCheckDigitOk(v.slice(2)) ? v : null;
  if (/^FI/.test(v)) return null;
  if (/^EE/.test(v)) return /^EE10[0-9]{7}$/.test(v) ? v : null;
  if (/^LV/.test(v)) return /^LV[0-9]{11}$/.test(v) ? v : null;
  return /^(AT|BE|BG|CY|CZ|DE|DK|EL|ES|FR|HR|HU|IE|IT|LT|LU|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/.test(v) ? v : null;
}

/** The Finnish business ID's check digit (weights 7, 9, 10, 5, 8, 4, 2; remainder 1 is never issued). */
function finnishCheckDigitOk(digits: string): boolean {
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  const r = sum % 11;
  if (r === 1) return false;
  return (r === 0 ? 0 : 11 - r) === Number(digits[7]);
}

/** The VAT number of a Finnish business ID (1234567-8 → FI12345678), for prefilling the field. */
export function vatNumberFromFinnishBusinessId(businessId: string): string | null {
  const m = /^([0-9]{7})-([0-9])$/.exec(businessId.trim());
  return m ? normalizeVatNumber(`FI${m[1]}${m[2]}`) : null;
}
