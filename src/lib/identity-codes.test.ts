import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isValidEstonianSsn, isValidFinnishSsn, isValidLatvianSsn, makeEstonianSsn, makeFinnishSsn, makeLatvianSsn, maskSsn, normalizeSsn } from "./identity-codes";

describe("national identity codes", () => {
  it("accepts known-valid codes and rejects a changed check digit", () => {
    expect(isValidFinnishSsn("131052-308T")).toBe(true);
    expect(isValidFinnishSsn("131052-308U")).toBe(false);
    expect(isValidEstonianSsn("37605030299")).toBe(true);
    expect(isValidEstonianSsn("37605030298")).toBe(false);
    expect(isValidLatvianSsn("161175-19997")).toBe(true);
    expect(isValidLatvianSsn("161175-19996")).toBe(false);
  });

  it("rejects impossible dates", () => {
    expect(isValidFinnishSsn(makeFinnishSsn(1990, 2, 28, 5).replace("2802", "3002"))).toBe(false);
  });

  it("generates codes its validators accept, for any birth date", () => {
    const dates = fc.date({ min: new Date("1930-01-01"), max: new Date("2010-12-31"), noInvalidDate: true });
    fc.assert(
      fc.property(dates, fc.nat(5000), fc.boolean(), (d, serial, female) => {
        const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
        expect(isValidFinnishSsn(makeFinnishSsn(y, m, day, serial))).toBe(true);
        expect(isValidEstonianSsn(makeEstonianSsn(y, m, day, serial, female))).toBe(true);
        expect(isValidLatvianSsn(makeLatvianSsn(y, m, day, serial))).toBe(true);
      }),
    );
  });

  it("normalizes and masks", () => {
    expect(normalizeSsn(" 161175-19997 ")).toBe("16117519997");
    expect(normalizeSsn("131052-308t")).toBe("131052-308T");
    expect(maskSsn("131052-308T")).toBe("131052*****");
  });
});
