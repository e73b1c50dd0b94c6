import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decryptDraft, deriveDraftKey, draftSlot, encryptDraft, parseSavedDraft } from "./form-draft-crypto";

describe("form draft encryption (AES-CBC, random 16-byte IV, key from the session token)", () => {
  it("round-trips values", async () => {
    const key = await deriveDraftKey("token-a", "contact-form");
    const values = { name: "Mäkinen", phone: "+358 40 123 4567", notes: "ääkköset ✓", nested: { n: 3, list: [1, "two"] } };
    const payload = await encryptDraft(key, values);
    expect(payload).toMatch(/^[A-Za-z0-9+/=]{24}\.[A-Za-z0-9+/=]+$/);
    expect(atob(payload.split(".")[0])).toHaveLength(16);
    expect(await decryptDraft(key, payload)).toEqual(values);
  });

  it("uses a fresh IV each time and hides the plain text", async () => {
    const key = await deriveDraftKey("token-a", "f");
    const a = await encryptDraft(key, { iban: "FI2112345600000785" });
    const b = await encryptDraft(key, { iban: "FI2112345600000785" });
    expect(a.split(".")[0]).not.toBe(b.split(".")[0]);
    expect(a).not.toBe(b);
    expect(atob(a.split(".")[1])).not.toContain("FI21");
  });

  it("gives null, never throws, for another session's key, another form's key or a damaged payload", async () => {
    const key = await deriveDraftKey("token-a", "f");
    const payload = await encryptDraft(key, { a: 1, text: "x".repeat(40) });
    expect(await decryptDraft(await deriveDraftKey("token-b", "f"), payload)).toBeNull();
    expect(await decryptDraft(await deriveDraftKey("token-a", "g"), payload)).toBeNull();
    for (const bad of ["", ".", "abc", "AAAA.AAAA", payload.slice(0, -4), `${payload.split(".")[0]}.${btoa("garbage-garbage!")}`, "%%%.%%%"]) {
      expect(await decryptDraft(key, bad)).toBeNull();
    }
  });

  it("round-trips any JSON value", async () => {
    const key = await deriveDraftKey("t", "f");
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const back = await decryptDraft(key, await encryptDraft(key, value));
        expect(back).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 60 },
    );
  });

  it("keys a person's values by a hash of token, ssn and code", async () => {
    const slot = await draftSlot("t", "010203-1234", "C-1");
    expect(slot).toMatch(/^[0-9a-f]{64}$/);
    expect(slot).toBe(await draftSlot("t", "010203-1234", "C-1"));
    expect(slot).not.toBe(await draftSlot("t", "010203-1234", "C-2"));
    expect(slot).not.toBe(await draftSlot("u", "010203-1234", "C-1"));
    expect(await draftSlot("t", null, null)).not.toBe(await draftSlot("t", "", "x"));
  });

  it("reads only well-formed saved drafts", () => {
    expect(parseSavedDraft(JSON.stringify({ timestamp: 1, version: "0.1.0", values: { a: "b" } }))).toEqual({ timestamp: 1, version: "0.1.0", values: { a: "b" } });
    for (const bad of [null, "", "{", "null", JSON.stringify({ timestamp: "1", version: "x", values: {} }), JSON.stringify({ timestamp: 1, version: "x", values: null })])
      expect(parseSavedDraft(bad)).toBeNull();
  });
});
