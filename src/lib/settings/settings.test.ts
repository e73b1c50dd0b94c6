import { describe, expect, it } from "vitest";
import { formatPhoneInternational, parsePhone } from "./phone";
import { bicForIban, formatIban, normalizeIban } from "./iban";
import { normalizeVatNumber, vatNumberFromFinnishBusinessId } from "./business";
import { colorSchemeCookies, effectiveColorScheme, localeCookie } from "./appearance";

describe("phone numbers", () => {
  it("reads local and international forms with the site's country and stores E.164", () => {
    expect(parsePhone("040 123 4567", "FI")).toEqual({ e164: "+358401234567", international: "+358 40 1234567", country: "FI" });
    expect(parsePhone("00372 5123 4567", "FI")).toMatchObject({ e164: "+37251234567", international: "+372 5123 4567", country: "EE" });
    expect(parsePhone("2123-4567", "LV")).toMatchObject({ e164: "+37121234567", international: "+371 21 234 567" });
    for (const bad of ["", "12", "040 12", "abc", "+358 40 123 4567 8901 2345", "040\u00001234567"]) expect(parsePhone(bad, "FI"), bad).toBeNull();
    expect(formatPhoneInternational("+358942501000")).toBe("+358 9 42501000");
    expect(formatPhoneInternational("not a number")).toBe("not a number");
  });
});

describe("IBANs", () => {
  it("takes any spacing and case, checks the checksum and finds the bank's BIC", () => {
    expect(normalizeIban(" fi21 1234 5600 0007 85 ")).toBe("FI2112345600000785");
    expect(formatIban("FI2112345600000785")).toBe("FI21 1234 5600 0007 85");
    expect(normalizeIban("FI2112345600000786")).toBeNull();
    expect(normalizeIban("")).toBeNull();
    expect(bicForIban("FI2112345600000785")).toBe("NDEAFIHH");
    expect(bicForIban("FI3250000120000000")).toBe("OKOYFIHH");
    expect(bicForIban("EE382200221020145685")).toBe("HABAEE2X");
    expect(bicForIban("LV97HABA0012345678910")).toBe("HABALV22");
    expect(bicForIban("DE89370400440532013000")).toBeNull();
  });
});

describe("VAT numbers", () => {
  it("checks the three countries in full and others by shape", () => {
    expect(normalizeVatNumber("fi 2345 6780")).toBe("FI23456780");
    expect(normalizeVatNumber("FI23456781")).toBeNull();
    expect(vatNumberFromFinnishBusinessId("2345678-0")).toBe("FI23456780");
    expect(normalizeVatNumber("EE101234567")).toBe("EE101234567");
    expect(normalizeVatNumber("EE201234567")).toBeNull();
    expect(normalizeVatNumber("LV40003123456")).toBe("LV40003123456");
    expect(normalizeVatNumber("LV4000312345")).toBeNull();
    expect(normalizeVatNumber("SE556677889901")).toBe("SE556677889901");
    expect(normalizeVatNumber("XX123")).toBeNull();
  });
});

describe("appearance cookies", () => {
  it("sets the override for a chosen scheme, clears it for auto, and keeps light without dark theme", () => {
    expect(colorSchemeCookies("dark", true)).toEqual([
      "color-scheme=dark; Path=/; SameSite=Lax; Secure; Max-Age=315360000",
      "color-scheme-override=true; Path=/; SameSite=Lax; Secure; Max-Age=315360000",
    ]);
    expect(colorSchemeCookies("auto", false)[1]).toBe("color-scheme-override=; Path=/; SameSite=Lax; Max-Age=0");
    expect(effectiveColorScheme("dark", false)).toBe("light");
    expect(effectiveColorScheme("auto", true)).toBe("auto");
    expect(localeCookie("sv-FI", false)).toBe("NEXT_LOCALE=sv-FI; Path=/; SameSite=Lax; HttpOnly; Max-Age=315360000");
  });
});
