import { describe, expect, it, vi } from "vitest";
import { FORMATS, formatIban, formatter, wallClock } from "./format";

/** Intl separates groups with no-break or narrow no-break spaces; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

interface Expected {
  money: string;
  negative: RegExp;
  kwhTable: string;
  kwhInvoice: string;
  headline: string;
  unitPrice: string;
  percent: string;
  change: string;
  monthYear: string;
  month: string;
  weekday: string;
}

/** One expectation per interface locale: each locale's own separators, signs and names. */
const LOCALES: Record<string, Expected> = {
  "et-EE": {
    money: "1234,56 €",
    negative: /^[-−]5,00 €$/,
    kwhTable: "1234,500",
    kwhInvoice: "1513",
    headline: "1234,5",
    unitPrice: "7,25",
    percent: "25,5%",
    change: "+12,3%",
    monthYear: "märts 2026",
    month: "märts",
    weekday: "pühapäev",
  },
  "en-GB": {
    money: "€1,234.56",
    negative: /^[-−]€5\.00$/,
    kwhTable: "1,234.500",
    kwhInvoice: "1,513",
    headline: "1,234.5",
    unitPrice: "7.25",
    percent: "25.5%",
    change: "+12.3%",
    monthYear: "March 2026",
    month: "Mar",
    weekday: "Sunday",
  },
  "fi-FI": {
    money: "1 234,56 €",
    negative: /^[-−]5,00 €$/,
    kwhTable: "1 234,500",
    kwhInvoice: "1 513",
    headline: "1 234,5",
    unitPrice: "7,25",
    percent: "25,5 %",
    change: "+12,3 %",
    monthYear: "maaliskuu 2026",
    month: "maalis",
    weekday: "sunnuntai",
  },
  "sv-FI": {
    money: "1 234,56 €",
    negative: /^[-−]5,00 €$/,
    kwhTable: "1 234,500",
    kwhInvoice: "1 513",
    headline: "1 234,5",
    unitPrice: "7,25",
    percent: "25,5 %",
    change: "+12,3 %",
    monthYear: "mars 2026",
    month: "mars",
    weekday: "söndag",
  },
  "ru-RU": {
    money: "1 234,56 €",
    negative: /^[-−]5,00 €$/,
    kwhTable: "1 234,500",
    kwhInvoice: "1 513",
    headline: "1 234,5",
    unitPrice: "7,25",
    percent: "25,5 %",
    change: "+12,3 %",
    monthYear: "март 2026 г.",
    month: "март",
    weekday: "воскресенье",
  },
  "lv-LV": {
    money: "1234,56 €",
    negative: /^[-−]5,00 €$/,
    kwhTable: "1234,500",
    kwhInvoice: "1513",
    headline: "1234,5",
    unitPrice: "7,25",
    percent: "25,5%",
    change: "+12,3%",
    monthYear: "2026. g. marts",
    month: "marts",
    weekday: "Svētdiena",
  },
};

describe("formatting in each interface locale", () => {
  for (const [locale, e] of Object.entries(LOCALES)) {
    describe(locale, () => {
      const f = formatter(locale, "Europe/Helsinki");

      it("writes money from integer cents with the locale's separators and sign", () => {
        expect(plain(f.money(123456, "EUR"))).toBe(e.money);
        expect(plain(f.money(-500, "EUR"))).toMatch(e.negative);
        expect(f.currencySymbol("EUR")).toBe("€");
      });

      it("writes energy, prices and percentages in their named styles", () => {
        expect(plain(f.number(1234.5, "kWh"))).toBe(e.kwhTable);
        expect(plain(f.number(1234.5, "headline"))).toBe(e.headline);
        expect(plain(f.kwh(1_513_432))).toBe(e.kwhInvoice);
        expect(plain(f.number(7.25, "unitPrice"))).toBe(e.unitPrice);
        expect(plain(f.percent(25.5))).toBe(e.percent);
        expect(plain(f.change(0.1234))).toBe(e.change);
      });

      it("writes dates as DD.MM.YYYY and times as HH:mm whatever the locale (spec §9)", () => {
        expect(f.date("2025-03-09")).toBe("09.03.2025");
        expect(f.period("2025-01-01", "2025-01-31")).toBe("01.01.2025–31.01.2025");
        expect(f.dateTime("2026-03-29T04:15:00+03:00")).toBe("29.03.2026 04:15");
        expect(f.time("2026-03-29T04:15:00+03:00")).toBe("04:15");
      });

      it("names months and days in the locale", () => {
        expect(f.monthYear("2026-03-01T00:00:00+02:00")).toBe(e.monthYear);
        expect(f.tick("2026-03-01T00:00:00+02:00", "MM.YYYY")).toBe(e.month);
        expect(f.weekday("2026-03-29")).toBe(e.weekday);
        expect(f.bucket("2026-03-01T00:00:00+02:00", "month")).toBe(f.monthYear("2026-03-01"));
      });
    });
  }

  it("formats the development pseudo-locale like English", () => {
    expect(formatter("en-XA").money(5, "EUR")).toBe("€0.05");
    expect(formatter("en-XA").monthYear("2026-03-01")).toBe("March 2026");
  });
});

describe("instants and wall clocks", () => {
  it("shows an instant in the formatter's time zone", () => {
    // 22:30 UTC on 30 March 2025 is already 31 March in Helsinki (summer time, UTC+3).
    expect(formatter("en-GB", "Europe/Helsinki").dateTime("2025-03-30T22:30:00Z")).toBe("31.03.2025 01:30");
    expect(formatter("lv-LV", "Europe/Riga").dateTime("2025-01-15T10:05:00.000Z")).toBe("15.01.2025 12:05");
    expect(formatter("en-GB", "Europe/Helsinki").date("2025-03-30T22:30:00Z")).toBe("31.03.2025");
  });

  it("shows a date-time with offset at the wall clock it is written with when no zone is given", () => {
    const f = formatter("fi-FI");
    expect(f.dateTime("2026-03-29T04:15:00+03:00")).toBe("29.03.2026 04:15");
    expect(f.date("2026-10-25T00:00:00+03:00")).toBe("25.10.2026");
    expect(wallClock("2026-03-05T13:15:00+02:00")).toEqual({ year: 2026, month: 3, day: 5, hour: 13, minute: 15 });
  });

  it("keeps a calendar date the same day in every zone", () => {
    expect(formatter("en-GB", "America/New_York").date("2025-03-09")).toBe("09.03.2025");
    expect(formatter("en-GB", "Pacific/Kiritimati").date("2025-03-09")).toBe("09.03.2025");
  });

  it("labels chart buckets and axes by the range (spec §9)", () => {
    const f = formatter("fi-FI");
    expect(f.tick("2026-03-29T04:15:00+03:00", "HH:mm")).toBe("04:15");
    expect(f.tick("2026-03-29T04:15:00+03:00", "HH:00")).toBe("04:00");
    expect(f.tick("2026-03-29T04:15:00+03:00", "DD.MM")).toBe("29.03");
    expect(formatter("en-GB").tick("2026-03-01T00:00:00+02:00", "MM.YYYY", true)).toBe("Mar 2026");
    expect(formatter("en-GB").bucket("2026-03-29T04:15:00+03:00", "15")).toBe("29.03.2026 04:15");
    expect(formatter("en-GB").bucket("2026-03-29T00:00:00+02:00", "day")).toBe("29.03.2026");
  });
});

describe("figures", () => {
  it("shows energy on invoices with fewer decimals the larger it is", () => {
    const f = formatter("en-GB");
    expect(f.kwh(1_513_432)).toBe("1,513");
    expect(f.kwh(45_500)).toBe("45.5");
    expect(f.kwh(1_234)).toBe("1.23");
  });

  it("keeps the decimals of each chart unit", () => {
    const f = formatter("en-GB");
    expect(f.number(1234.5, "money")).toBe("1,234.50");
    expect(f.number(-1.25, "°C")).toBe("-1.3");
    expect(f.number(5.1234, "c/kWh")).toBe("5.123");
    expect(f.number(0.125, "axis")).toBe("0.13");
    expect(Object.keys(FORMATS.number)).toEqual(expect.arrayContaining(["kWh", "money", "c/kWh", "°C"]));
  });

  it("writes invoice quantities and changes without needless zeros", () => {
    const f = formatter("fi-FI");
    expect(plain(f.number(1234.567, "quantity"))).toBe("1 234,57");
    expect(f.number(12, "quantity")).toBe("12");
    expect(plain(f.change(0))).toBe("0 %");
    expect(plain(f.change(-0.05))).toMatch(/^[-−]5 %$/);
  });

  it("groups an IBAN by four", () => {
    expect(formatIban("FI2112345600000785")).toBe("FI21 1234 5600 0007 85");
    expect(formatIban("FI21 1234 5600 0007 85")).toBe("FI21 1234 5600 0007 85");
  });
});

describe("currency symbols", () => {
  it("makes a locale's currency formatter once per currency, however often the symbol is asked for", () => {
    const Real = Intl.NumberFormat;
    const made = vi.spyOn(Intl, "NumberFormat").mockImplementation(function (...args) {
      return new Real(...args);
    });
    try {
      // A zone no other test uses: a formatter of its own.
      const f = formatter("lv", "Pacific/Chatham");
      expect([f.currencySymbol("EUR"), f.currencySymbol("EUR"), f.currencySymbol("EUR")]).toEqual(["€", "€", "€"]);
      expect(f.currencySymbol("SEK")).toBe("SEK");
      expect(f.currencySymbol("SEK")).toBe("SEK");
      expect(made).toHaveBeenCalledTimes(2);
    } finally {
      made.mockRestore();
    }
  });
});
