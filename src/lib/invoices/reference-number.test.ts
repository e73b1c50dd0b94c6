import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkDigit731, finnishVirtualBarcode, formatReference, invoiceReference, isValidNationalReference, isValidRfReference, nationalReference, rfReference } from "./reference-number";

describe("payment references", () => {
  it("computes the 7-3-1 check digit of Finnish and Estonian references", () => {
    expect(nationalReference("123456")).toBe("1234561");
    expect(nationalReference("1234567")).toBe("12345672");
    expect(nationalReference("123")).toBe("1232");
    expect(checkDigit731("1000040003")).toBe(0);
    expect(isValidNationalReference("868516259619897")).toBe(true);
    expect(isValidNationalReference("1234561")).toBe(true);
    expect(isValidNationalReference("1234562")).toBe(false);
    expect(isValidNationalReference("12345 61")).toBe(true);
  });

  it("builds ISO 11649 RF references", () => {
    expect(rfReference("539007547034")).toBe("RF18539007547034");
    expect(isValidRfReference("RF18 5390 0754 7034")).toBe(true);
    expect(isValidRfReference("RF19539007547034")).toBe(false);
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-Z]{1,21}$/), (body) => isValidRfReference(rfReference(body))));
  });

  it("every national reference made is valid and at most 20 digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][0-9]{0,18}$/), (base) => {
        const ref = nationalReference(base);
        return isValidNationalReference(ref) && ref.length <= 20 && ref.length >= 4;
      }),
    );
  });

  it("uses the national reference in Finland and Estonia and the invoice number in Latvia", () => {
    expect(isValidNationalReference(invoiceReference("FI", "100001", 42, "2025000042"))).toBe(true);
    expect(invoiceReference("EE", "200001", 42, "2025000042")).toBe(nationalReference("200001000042"));
    expect(invoiceReference("LV", "300001", 42, "2025000042")).toBe("2025000042");
  });

  it("prints references in groups", () => {
    expect(formatReference("1234561")).toBe("12 34561");
    expect(formatReference("RF18539007547034")).toBe("RF18 5390 0754 7034");
    expect(formatReference("2025000042")).toBe("20250 00042");
  });

  it("forms the Finnish virtual barcode version 4", () => {
    // The example of the Finnish banks' barcode guide.
    const code = finnishVirtualBarcode({ iban: "FI79 4405 2020 0360 82", totalCents: 4883_15, reference: "868516259619897", dueDate: "2010-06-12" });
    expect(code).toBe("479440520200360820048831500000000868516259619897100612");
    expect(code).toHaveLength(54);
    expect(finnishVirtualBarcode({ iban: "EE382200221020145685", totalCents: 100, reference: "1232", dueDate: "2025-01-01" })).toBeNull();
  });
});
