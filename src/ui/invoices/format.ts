/**
 * Formatting of invoice figures, shared by the server-rendered pages and their client leaves:
 * money per locale, calendar dates as DD.MM.YYYY, instants as DD.MM.YYYY HH:mm in the site's
 * timezone, energy in kWh with the locale's separators.
 */

/** Intl needs a real locale; the development pseudo-locale formats like English. */
function intlLocale(locale: string): string {
  return locale === "en-XA" ? "en-GB" : locale;
}

export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(cents / 100);
}

/** A price that may have more than two decimals (cents per kWh, unit prices). */
export function formatNumber(value: number, locale: string, opts: { min?: number; max?: number } = {}): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: opts.min ?? 0, maximumFractionDigits: opts.max ?? 2 }).format(value);
}

/** Watt-hours as kWh: whole kWh for large amounts, one decimal below 100 kWh. */
export function formatKwhNumber(wh: number, locale: string): string {
  const kwh = wh / 1000;
  const decimals = Math.abs(kwh) >= 100 ? 0 : Math.abs(kwh) >= 10 ? 1 : 2;
  return formatNumber(kwh, locale, { min: 0, max: decimals });
}

/** YYYY-MM-DD → DD.MM.YYYY (a calendar date has no timezone). */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}.${m}.${y}`;
}

/** An instant → DD.MM.YYYY HH:mm in the timezone. */
export function formatDateTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("day")}.${get("month")}.${get("year")} ${get("hour")}:${get("minute")}`;
}

/** A period of two calendar dates: 01.01.2025–31.01.2025. */
export function formatPeriod(start: string, end: string): string {
  return `${formatDate(start)}–${formatDate(end)}`;
}

/** IBAN in groups of four, as printed on invoices. */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, "").replace(/(.{4})/g, "$1 ").trim();
}

export const INVOICE_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
export const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
