import "server-only";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";

export type PhoneCheck = { ok: true; e164: string; mobile: boolean | null } | { ok: false; message: string };

/**
 * The server's reading of a phone number: the full numbering plans (libphonenumber's "max"
 * metadata, which knows which ranges are mobile), with the site's country for numbers typed in
 * local form. `mobile` is null when the plan does not tell (fixed-line-or-mobile ranges).
 */
export function checkPhone(value: string, defaultCountry: string): PhoneCheck {
  const text = value.trim();
  if (!text || text.length > 40 || !/^[+0-9 ().\-/]+$/.test(text)) return { ok: false, message: "settings.errors.phone-invalid" };
  const parsed = parsePhoneNumberFromString(text.replace(/^00/, "+"), defaultCountry.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) return { ok: false, message: "settings.errors.phone-invalid" };
  const type = parsed.getType();
  const mobile = type === "MOBILE" ? true : type === "FIXED_LINE" ? false : null;
  return { ok: true, e164: parsed.number, mobile };
}
