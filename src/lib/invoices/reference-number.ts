/**
 * Payment reference numbers. Finland and Estonia use the same 7-3-1 check digit scheme on a
 * numeric base (Finnish "viitenumero", Estonian "viitenumber"); Finland also knows the
 * international RF creditor reference (ISO 11649) built on it. Latvia has no national scheme:
 * the invoice number itself is the payment reference there.
 */

const WEIGHTS = [7, 3, 1];

/** The 7-3-1 check digit of a numeric base, weights applied from the right. */
export function checkDigit731(base: string): number {
  if (!/^[0-9]+$/.test(base)) throw new Error("A reference base is digits only");
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * WEIGHTS[i % 3];
  return (10 - (sum % 10)) % 10;
}

/** Base plus check digit. Finnish references are 4–20 digits, Estonian 2–20. */
export function nationalReference(base: string): string {
  const trimmed = base.replace(/^0+/, "");
  if (trimmed.length < 1 || trimmed.length > 19) throw new Error("A reference base has 1–19 significant digits");
  const ref = `${trimmed}${checkDigit731(trimmed)}`;
  return ref.length < 4 ? ref.padStart(4, "0") : ref;
}

export function isValidNationalReference(ref: string): boolean {
  const digits = ref.replace(/\s+/g, "");
  if (!/^[0-9]{2,20}$/.test(digits)) return false;
  return checkDigit731(digits.slice(0, -1)) === Number(digits.slice(-1));
}

function mod97(numeric: string): number {
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

function lettersToDigits(value: string): string {
  return [...value.toUpperCase()].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join("");
}

/** ISO 11649 creditor reference: "RF", two check digits, the reference (at most 21 characters). */
export function rfReference(reference: string): string {
  const body = reference.replace(/\s+/g, "").toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(body)) throw new Error("An RF reference body is 1–21 letters or digits");
  const check = 98 - mod97(lettersToDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, "0")}${body}`;
}

export function isValidRfReference(value: string): boolean {
  const v = value.replace(/\s+/g, "").toUpperCase();
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(v)) return false;
  return mod97(lettersToDigits(`${v.slice(4)}${v.slice(0, 4)}`)) === 1;
}

/** Printed form: national references in groups of five from the right, RF in groups of four. */
export function formatReference(ref: string): string {
  if (/^RF/i.test(ref)) return ref.replace(/(.{4})/g, "$1 ").trim();
  if (!/^[0-9]+$/.test(ref)) return ref;
  const groups: string[] = [];
  for (let end = ref.length; end > 0; end -= 5) groups.unshift(ref.slice(Math.max(0, end - 5), end));
  return groups.join(" ");
}

/** The reference of an invoice by the site's country. */
export function invoiceReference(country: string, customerCode: string, invoiceSeq: number, invoiceNumber: string): string {
  if (country === "FI" || country === "EE") {
    const code = customerCode.replace(/[^0-9]/g, "").slice(-8) || "1";
    return nationalReference(`${code}${String(invoiceSeq).padStart(6, "0")}`);
  }
  return invoiceNumber;
}

/**
 * Finnish virtual bank barcode (pankkiviivakoodi), version 4 for national references: what
 * Finnish online banks read to fill in a payment. Null when it cannot be formed.
 */
export function finnishVirtualBarcode(input: { iban: string; totalCents: number; reference: string; dueDate: string }): string | null {
  const iban = input.iban.replace(/\s+/g, "").toUpperCase();
  if (!/^FI[0-9]{16}$/.test(iban)) return null;
  if (!/^[0-9]{2,20}$/.test(input.reference)) return null;
  if (input.totalCents < 0 || input.totalCents > 99_999_999) return null;
  const euros = String(Math.floor(input.totalCents / 100)).padStart(6, "0");
  const cents = String(input.totalCents % 100).padStart(2, "0");
  const [y, m, d] = input.dueDate.split("-");
  return `4${iban.slice(2)}${euros}${cents}000${input.reference.padStart(20, "0")}${y.slice(2)}${m}${d}`;
}
