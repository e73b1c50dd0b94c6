/**
 * How the portal shows money, numbers, energy and dates, in server components, client components
 * and the invoice PDF alike. Locale-dependent formatting goes through use-intl's createFormatter
 * with the named formats below, one per use. The numeric dates of spec §9 (DD.MM.YYYY and
 * DD.MM.YYYY HH:mm in every locale, which CLDR does not give for en-GB) are written from the
 * wall-clock parts instead.
 */
import { createFormatter, type Formats } from "use-intl/core";
import { wallClockTick, type ChartDateFormat, type Resolution } from "@/lib/energy/chart";
import { localParts } from "@/lib/energy/time";

/** Units of chart and table values; "money" is an amount in the currency's main unit (euros). */
export type DisplayUnit = "kWh" | "money" | "c/kWh" | "°C";
export type { ChartDateFormat };

export const FORMATS = {
  number: {
    // Chart, table and CSV values: the decimals of their unit.
    kWh: { minimumFractionDigits: 3, maximumFractionDigits: 3 },
    money: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    "c/kWh": { minimumFractionDigits: 3, maximumFractionDigits: 3 },
    "°C": { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    /** Headline figures (the dashboard's totals). */
    headline: { maximumFractionDigits: 1 },
    /** Chart axis ticks. */
    axis: { maximumFractionDigits: 2 },
    /** Energy on invoices, by size: whole kWh from 100 kWh, tenths from 10 kWh, else hundredths. */
    energyWhole: { maximumFractionDigits: 0 },
    energyTenths: { maximumFractionDigits: 1 },
    energyHundredths: { maximumFractionDigits: 2 },
    /** Quantities of invoice lines (kWh, months, days). */
    quantity: { minimumFractionDigits: 0, maximumFractionDigits: 2 },
    /** Unit prices in cents per kWh. */
    unitPrice: { minimumFractionDigits: 2, maximumFractionDigits: 4 },
    /** A percentage inside a text that writes the % sign itself. */
    percentNumber: { maximumFractionDigits: 1 },
    /** VAT rates and shares. */
    percent: { style: "percent", maximumFractionDigits: 1 },
    /** A change against an earlier period, signed. */
    change: { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" },
  },
  dateTime: {
    /** A month in full: a month bucket, a month chart's title. */
    monthYear: { month: "long", year: "numeric" },
    /** A month on a chart axis. */
    month: { month: "short" },
    /** A month on the axis of a chart spanning years. */
    monthShortYear: { month: "short", year: "numeric" },
    weekday: { weekday: "long" },
  },
} as const satisfies Formats;

export type NumberStyle = keyof typeof FORMATS.number;

/** A calendar date ("2026-03-05"), a date-time with offset ("2026-03-05T13:15:00+02:00") or an instant ("…Z"). */
export type DateInput = string;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock parts written in "2026-03-05T13:15:00+02:00" (or "2026-03-05"). */
export function wallClock(iso: string): WallClock {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0) };
}

/**
 * The unit of prices in cents per kWh, one style per locale wherever a price is written (charts,
 * dashboard, invoice pages, the PDF and the CSV): Finnish writes "snt", Estonian "s", Russian
 * Cyrillic; the messages that name the unit must agree (messages.test.ts checks).
 */
export const CENTS_PER_KWH: Record<string, string> = {
  "en-GB": "c/kWh",
  "en-XA": "c/kWh",
  "fi-FI": "snt/kWh",
  "sv-FI": "c/kWh",
  "et-EE": "s/kWh",
  "lv-LV": "c/kWh",
  "ru-RU": "ц/кВт·ч",
};

export function centsPerKwhUnit(locale: string): string {
  return CENTS_PER_KWH[locale] ?? CENTS_PER_KWH["en-GB"];
}

/** IBAN in groups of four, as printed on invoices. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .replace(/(.{4})/g, "$1 ")
    .trim();
}

export interface Format {
  readonly locale: string;
  /** Integer cents as money of the currency: "€1,234.56", "1 234,56 €". */
  money(cents: number, currency: string): string;
  /** The currency's symbol in the locale ("€"), for axis and column labels. */
  currencySymbol(currency: string): string;
  number(value: number, style: NumberStyle): string;
  /** Watt-hours as kWh, with fewer decimals the larger the amount (no unit). */
  kwh(wh: number): string;
  /** A percentage given in percent (25.5 → "25.5%"). */
  percent(value: number): string;
  /** A relative change given as a fraction (0.123 → "+12.3%"). */
  change(fraction: number): string;
  /** DD.MM.YYYY. */
  date(value: DateInput): string;
  /** DD.MM.YYYY HH:mm. */
  dateTime(value: DateInput): string;
  /** HH:mm. */
  time(value: DateInput): string;
  /** DD.MM.YYYY–DD.MM.YYYY. */
  period(start: DateInput, end: DateInput): string;
  monthYear(value: DateInput): string;
  weekday(value: DateInput): string;
  /** A chart bucket in full, for tables, tooltips and files: the month, the day, or the date and time it starts. */
  bucket(iso: string, resolution: Resolution): string;
  /** A chart axis label in the range's format (spec §9). */
  tick(iso: string, format: ChartDateFormat, withYear?: boolean): string;
}

/** Intl needs a real locale; the development pseudo-locale formats like English. */
function intlLocale(locale: string): string {
  return locale === "en-XA" ? "en-GB" : locale;
}

const pad = (n: number) => String(n).padStart(2, "0");
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

function create(locale: string, timeZone: string | undefined): Format {
  // Names of months and days are read from wall-clock dates placed at UTC midnight.
  const intl = createFormatter({ locale: intlLocale(locale), timeZone: "UTC", formats: FORMATS });
  const number = (value: number, style: NumberStyle) => intl.number(value, style);
  const currency = (code: string) => ({ style: "currency" as const, currency: code });
  // Charts and their tables ask for a currency's symbol on every drawing; a new currency formatter
  // each time cost up to 0.7 ms in Chromium. Each symbol is read once per locale.
  const symbols = new Map<string, string>();

  /**
   * The wall clock a value shows: a calendar date as written; an instant in the formatter's time
   * zone; without one, in the offset it is written with (the API writes the site's offset).
   */
  const clock = (value: DateInput): WallClock => {
    if (CALENDAR_DATE.test(value) || !timeZone || !WITH_ZONE.test(value)) return wallClock(value);
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? wallClock(value) : localParts(ms, timeZone);
  };
  const utcDay = (p: WallClock) => Date.UTC(p.year, p.month - 1, p.day);
  const date = (value: DateInput) => {
    const p = clock(value);
    return `${pad(p.day)}.${pad(p.month)}.${p.year}`;
  };
  const time = (value: DateInput) => {
    const p = clock(value);
    return `${pad(p.hour)}:${pad(p.minute)}`;
  };
  const dateTime = (value: DateInput) => `${date(value)} ${time(value)}`;
  const monthYear = (value: DateInput) => intl.dateTime(utcDay(clock(value)), "monthYear");

  return {
    locale,
    money: (cents, code) => intl.number(cents / 100, currency(code)),
    currencySymbol: (code) => {
      let symbol = symbols.get(code);
      if (symbol === undefined) symbols.set(code, (symbol = new Intl.NumberFormat(intlLocale(locale), currency(code)).formatToParts(0).find((p) => p.type === "currency")?.value ?? code));
      return symbol;
    },
    number,
    kwh: (wh) => {
      const kwh = wh / 1000;
      return number(kwh, Math.abs(kwh) >= 100 ? "energyWhole" : Math.abs(kwh) >= 10 ? "energyTenths" : "energyHundredths");
    },
    percent: (value) => number(value / 100, "percent"),
    change: (fraction) => number(fraction, "change"),
    date,
    dateTime,
    time,
    period: (start, end) => `${date(start)}–${date(end)}`,
    monthYear,
    weekday: (value) => intl.dateTime(utcDay(clock(value)), "weekday"),
    bucket: (iso, resolution) => (resolution === "month" ? monthYear(iso) : resolution === "day" ? date(iso) : dateTime(iso)),
    // Months are named in the locale on the axis; the other formats are numeric (spec §9).
    tick: (iso, format, withYear = false) => (format === "MM.YYYY" ? intl.dateTime(utcDay(clock(iso)), withYear ? "monthShortYear" : "month") : wallClockTick(clock(iso), format)),
  };
}

const cache = new Map<string, Format>();

/**
 * The formatting of a locale; instants are shown in `timeZone` (the site's), or without one in
 * the offset they are written with. Formatters are kept per locale and zone.
 */
export function formatter(locale: string, timeZone?: string): Format {
  const key = `${locale}|${timeZone ?? ""}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = create(locale, timeZone)));
  return f;
}
