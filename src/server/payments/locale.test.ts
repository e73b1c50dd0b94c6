import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { invoicePagePaths, paymentLocale, sitePathIn } from "./core";

const site = { defaultLocaleId: "et-EE", locales: ["et-EE", "ru-RU", "en-GB", "fi-FI"] };

describe("the locale of a payment's pages", () => {
  it("takes the first locale the site offers, else the site's default", () => {
    expect(paymentLocale(site, [null, "fi-FI", "ru-RU"])).toBe("fi-FI");
    expect(paymentLocale(site, ["sv-FI", undefined, "ru-RU"])).toBe("ru-RU");
    expect(paymentLocale(site, ["sv-FI", "de-DE", "", "en-XA"])).toBe("et-EE");
    expect(paymentLocale(site, [])).toBe("et-EE");
    fc.assert(
      fc.property(fc.array(fc.option(fc.oneof(fc.string(), fc.constantFrom("et-EE", "ru-RU", "en-GB", "fi-FI", "sv-FI", "lv-LV")))), (candidates) => {
        expect(site.locales).toContain(paymentLocale(site, candidates));
      }),
    );
  });

  it("prefixes paths of the other locales and leaves the default's unprefixed", () => {
    expect(sitePathIn(site, "fi-FI", "/invoices")).toBe("/fi/invoices");
    expect(sitePathIn(site, "en-GB", "/invoices")).toBe("/en/invoices");
    expect(sitePathIn(site, "et-EE", "/invoices")).toBe("/invoices");
    expect(sitePathIn(site, null, "/invoices")).toBe("/invoices");
    // Not offered by the site: its pages would not exist.
    expect(sitePathIn(site, "lv-LV", "/invoices")).toBe("/invoices");
  });

  it("builds the payment-state pages in a locale, or without one for the page to localize", () => {
    const id = "8e3c5a52-1111-4111-8111-111111111111";
    expect(invoicePagePaths("EE-2025/7", id, { site, locale: "ru-RU" })).toEqual({
      processing: `/ru/invoices/EE-2025%2F7/payment-processing?payment=${id}`,
      waiting: `/ru/invoices/EE-2025%2F7/waiting-confirmation?payment=${id}`,
      confirmation: `/ru/invoices/EE-2025%2F7/confirmation?payment=${id}`,
      failed: `/ru/invoices/EE-2025%2F7/failed?payment=${id}`,
    });
    expect(invoicePagePaths("A-1", id, { site, locale: "et-EE" }).waiting).toBe(`/invoices/A-1/waiting-confirmation?payment=${id}`);
    expect(invoicePagePaths("A-1", id).failed).toBe(`/invoices/A-1/failed?payment=${id}`);
  });
});
