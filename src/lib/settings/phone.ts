import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * Phone numbers as the settings show and store them: parsed with the country's rules (a local
 * "040 123 4567" on a Finnish site is +358 40 1234567), stored in E.164 and shown in the
 * international form. The browser and the server read numbers the same way; the server checks
 * them once more against the full numbering plans before it stores one.
 */
export interface ParsedPhone {
  /** E.164, e.g. +358401234567. */
  e164: string;
  /** The international form to show, e.g. +358 40 1234567. */
  international: string;
  country: string | null;
}

/** A number typed in any usual way, read with the site's country as default; null when it is no valid number. */
export function parsePhone(value: string, defaultCountry: string): ParsedPhone | null {
  const text = value.trim();
  if (!text || text.length > 40 || !/^[+0-9 ().\-/]+$/.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text.replace(/^00/, "+"), defaultCountry.toUpperCase() as CountryCode);
  if (!parsed || !parsed.isValid()) return null;
  return { e164: parsed.number, international: parsed.formatInternational(), country: parsed.country ?? null };
}

/** The international form of a stored E.164 number (the value itself when it does not parse). */
export function formatPhoneInternational(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}
