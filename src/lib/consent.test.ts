import { describe, expect, it } from "vitest";
import { storedConsent } from "./consent";

/** The cookie as vanilla-cookieconsent writes it: URI-encoded JSON. */
const cookie = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const choice = { categories: ["necessary"], revision: 2, consentId: "3c9a1d2e-0000-4000-8000-000000000000", services: { necessary: [] } };

describe("storedConsent", () => {
  it("finds no choice without a cookie, or in one that cannot be read", () => {
    expect(storedConsent(undefined, 0)).toBe("none");
    expect(storedConsent("", 0)).toBe("none");
    expect(storedConsent("%E0%A4%A", 0)).toBe("none");
    expect(storedConsent("not json", 0)).toBe("none");
    expect(storedConsent(cookie(null), 0)).toBe("none");
    expect(storedConsent(cookie([1, 2]), 0)).toBe("none");
    expect(storedConsent(cookie({ ...choice, consentId: "" }), 2)).toBe("none");
    expect(storedConsent(cookie({ ...choice, consentId: 7 }), 2)).toBe("none");
    expect(storedConsent(cookie({ ...choice, revision: "2" }), 2)).toBe("none");
  });

  it("tells a choice for the current revision from one for an older revision", () => {
    expect(storedConsent(cookie(choice), 2)).toBe("current");
    expect(storedConsent(cookie(choice), 3)).toBe("outdated");
    expect(storedConsent(cookie({ ...choice, revision: 0 }), 0)).toBe("current");
  });

  it("reads the cookie whether or not it has been URI-decoded already", () => {
    expect(storedConsent(JSON.stringify(choice), 2)).toBe("current");
    expect(storedConsent(decodeURIComponent(cookie(choice)), 3)).toBe("outdated");
  });
});
