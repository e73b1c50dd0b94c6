import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatIban, formatKwhNumber, formatMoney, formatPeriod } from "./format";
import { filenameFrom } from "./files";
import { luhnValid } from "./card";

/** Intl separates some groups with narrow no-break spaces; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("invoice formatting", () => {
  it("formats money in each interface locale", () => {
    expect(formatMoney(123456, "EUR", "en-GB")).toBe("€1,234.56");
    expect(plain(formatMoney(123456, "EUR", "fi-FI"))).toBe("1 234,56 €");
    expect(plain(formatMoney(123456, "EUR", "et-EE"))).toBe("1234,56 €");
    expect(plain(formatMoney(-500, "EUR", "sv-FI"))).toMatch(/^[-−]5,00 €$/);
    expect(formatMoney(5, "EUR", "en-XA")).toBe("€0.05");
  });

  it("shows calendar dates as DD.MM.YYYY and instants in the site's timezone", () => {
    expect(formatDate("2025-03-09")).toBe("09.03.2025");
    expect(formatPeriod("2025-01-01", "2025-01-31")).toBe("01.01.2025–31.01.2025");
    // 22:30 UTC on 30 March 2025 is already 31 March in Helsinki (summer time, UTC+3).
    expect(formatDateTime("2025-03-30T22:30:00Z", "Europe/Helsinki")).toBe("31.03.2025 01:30");
    expect(formatDateTime("2025-01-15T10:05:00Z", "Europe/Riga")).toBe("15.01.2025 12:05");
  });

  it("shows energy in kWh with sensible precision", () => {
    expect(plain(formatKwhNumber(1_513_432, "fi-FI"))).toBe("1 513");
    expect(formatKwhNumber(45_500, "en-GB")).toBe("45.5");
    expect(formatKwhNumber(1_234, "en-GB")).toBe("1.23");
  });

  it("groups an IBAN by four", () => {
    expect(formatIban("FI2112345600000785")).toBe("FI21 1234 5600 0007 85");
  });
});

describe("downloads", () => {
  it("reads the file name from Content-Disposition", () => {
    expect(filenameFrom('attachment; filename="invoice-2025000123.pdf"', "x.pdf")).toBe("invoice-2025000123.pdf");
    expect(filenameFrom("attachment; filename=invoice.csv", "x.csv")).toBe("invoice.csv");
    expect(filenameFrom("attachment; filename*=UTF-8''lasku%20%C3%A4.pdf; filename=\"lasku.pdf\"", "x.pdf")).toBe("lasku ä.pdf");
    expect(filenameFrom(null, "fallback.pdf")).toBe("fallback.pdf");
  });
});

describe("the sandbox card form", () => {
  it("accepts the test card and refuses a mistyped one", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42")).toBe(false);
  });
});
