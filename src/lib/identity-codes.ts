/**
 * National identity codes of the three countries, validated with their check digits.
 * Finland: henkilötunnus DDMMYYCZZZQ; Estonia: isikukood GYYMMDDSSSC; Latvia: personas kods DDMMYY-CZZZZ
 * (or the newer 32xxxx-xxxxx form without a birth date).
 */
const FI_CHECK = "0123456789ABCDEFHJKLMNPRSTUVWXY";
const FI_CENTURY: Record<string, number> = { "+": 1800, "-": 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900, A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000 };

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isValidFinnishSsn(raw: string): boolean {
  const v = raw.trim().toUpperCase();
  const m = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(v);
  if (!m) return false;
  const [, dd, mm, yy, sep, idx, check] = m;
  const century = FI_CENTURY[sep];
  if (century === undefined || !validDate(century + Number(yy), Number(mm), Number(dd))) return false;
  return FI_CHECK[Number(`${dd}${mm}${yy}${idx}`) % 31] === check;
}

export function isValidEstonianSsn(raw: string): boolean {
  const v = raw.trim();
  if (!/^[1-6]\d{10}$/.test(v)) return false;
  const digits = [...v].map(Number);
  const century = [1800, 1800, 1900, 1900, 2000, 2000][digits[0] - 1];
  if (!validDate(century + Number(v.slice(1, 3)), Number(v.slice(3, 5)), Number(v.slice(5, 7)))) return false;
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  let sum = digits.slice(0, 10).reduce((s, d, i) => s + d * w1[i], 0) % 11;
  if (sum === 10) {
    sum = digits.slice(0, 10).reduce((s, d, i) => s + d * w2[i], 0) % 11;
    if (sum === 10) sum = 0;
  }
  return sum === digits[10];
}

export function isValidLatvianSsn(raw: string): boolean {
  const v = raw.trim().replace("-", "");
  if (!/^\d{11}$/.test(v)) return false;
  const digits = [...v].map(Number);
  if (v.startsWith("32")) return true; // new-format codes carry no date and no check digit
  const centuryDigit = digits[6];
  const century = centuryDigit === 0 ? 1800 : centuryDigit === 1 ? 1900 : centuryDigit === 2 ? 2000 : -1;
  if (century < 0 || !validDate(century + Number(v.slice(4, 6)), Number(v.slice(2, 4)), Number(v.slice(0, 2)))) return false;
  const w = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const check = (1101 - digits.slice(0, 10).reduce((s, d, i) => s + d * w[i], 0)) % 11;
  return check === digits[10];
}

export function isValidSsn(country: string, ssn: string): boolean {
  if (country === "FI") return isValidFinnishSsn(ssn);
  if (country === "EE") return isValidEstonianSsn(ssn);
  if (country === "LV") return isValidLatvianSsn(ssn);
  return false;
}

/** Canonical form used for hashing: upper case, no spaces, Latvian without the dash. */
export function normalizeSsn(ssn: string): string {
  const v = ssn.trim().toUpperCase().replace(/\s+/g, "");
  return /^\d{6}-\d{5}$/.test(v) ? v.replace("-", "") : v;
}

/** Shows only what a person needs to recognise their own code. */
export function maskSsn(ssn: string): string {
  const v = ssn.trim();
  return v.length <= 4 ? "****" : `${v.slice(0, 6)}${"*".repeat(v.length - 6)}`;
}

/** Builds a valid code for a birth date and serial; used by the demo data generator. */
export function makeFinnishSsn(year: number, month: number, day: number, serial: number): string {
  const dd = String(day).padStart(2, "0");
  const mm = String(month).padStart(2, "0");
  const yy = String(year % 100).padStart(2, "0");
  const sep = year >= 2000 ? "A" : "-";
  const idx = String((serial % 898) + 2).padStart(3, "0");
  return `${dd}${mm}${yy}${sep}${idx}${FI_CHECK[Number(`${dd}${mm}${yy}${idx}`) % 31]}`;
}

export function makeEstonianSsn(year: number, month: number, day: number, serial: number, female: boolean): string {
  const g = (year >= 2000 ? 5 : 3) + (female ? 1 : 0);
  const base = `${g}${String(year % 100).padStart(2, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}${String(serial % 1000).padStart(3, "0")}`;
  const digits = [...base].map(Number);
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  let sum = digits.reduce((s, d, i) => s + d * w1[i], 0) % 11;
  if (sum === 10) {
    sum = digits.reduce((s, d, i) => s + d * w2[i], 0) % 11;
    if (sum === 10) sum = 0;
  }
  return `${base}${sum}`;
}

export function makeLatvianSsn(year: number, month: number, day: number, serial: number): string {
  const c = year >= 2000 ? 2 : 1;
  const base = `${String(day).padStart(2, "0")}${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}${c}${String(serial % 1000).padStart(3, "0")}`;
  const w = [1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const check = (1101 - [...base].map(Number).reduce((s, d, i) => s + d * w[i], 0)) % 11;
  if (check === 10) return makeLatvianSsn(year, month, day, serial + 1);
  return `${base.slice(0, 6)}-${base.slice(6)}${check}`;
}
