import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { isValidPhoneNumber } from "libphonenumber-js/max";
import { sql } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { useTestDatabase } from "@/test/db";
import type { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { customerOf, signIn } from "@/server/settings/testing";

/**
 * Bad input for the settings' writes, as property tests: whatever the body, never a 5xx; a
 * refused body is a 4xx in the error shape and changes nothing; a valid one is stored in its
 * normal form. IBANs, phone numbers and e-mails of Finland, Estonia and Latvia, valid and not.
 */
let cleanup: () => Promise<void>;
let api: ApiClient;
let customerId: string;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers" || s.name === "settings") }));
  api = await signIn("aurora", "solar-household");
  customerId = customerOf("aurora", "solar-household").id;
});
afterAll(async () => cleanup());

/** Everything the settings keep of the customer, as text. */
async function stored(): Promise<string> {
  const db = await getDb();
  const parts = await Promise.all([
    queryRows(db, sql`select first_name, last_name, name, email, phone, locale, marketing, membership_number, street, postal_code, city, country from customers where id = ${customerId}::uuid`),
    queryRows(db, sql`select id, type, value, is_primary, verified_at from customer_contacts where customer_id = ${customerId}::uuid order by id`),
    queryRows(db, sql`select count(*)::int as n from contact_verifications where customer_id = ${customerId}::uuid`),
    queryRows(db, sql`select * from customer_addresses where customer_id = ${customerId}::uuid`),
    queryRows(db, sql`select id, iban, bic, holder, purposes from bank_accounts where customer_id = ${customerId}::uuid order by id`),
    queryRows(db, sql`select * from customer_business_info where customer_id = ${customerId}::uuid`),
  ]);
  return JSON.stringify(parts);
}

/** Sends a body; checks the answer's shape and that a refusal stored nothing. Gives the answer. */
async function sendChecked(method: string, path: string, body: unknown) {
  const before = await stored();
  const res = await api.call(method, path, body === undefined ? "" : (JSON.stringify(body) ?? "null"));
  expect(res.status, JSON.stringify(body)).toBeLessThan(500);
  if (res.status >= 400) {
    expect([400, 404, 422, 429], JSON.stringify(res.body)).toContain(res.status);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String), status: res.status });
    if (res.status === 422) for (const f of res.body.error.details?.fields ?? []) expect(f.message).toMatch(/^[a-z][a-z0-9_.-]*$/i);
    expect(await stored(), JSON.stringify(body)).toBe(before);
  }
  return res;
}

const COUNTRIES = ["FI", "EE", "LV"] as const;
const BBAN_LENGTH = { FI: 14, EE: 16, LV: 17 } as const;
const BANK_CODES = { FI: ["1", "2", "31", "34", "39", "405", "5", "6", "8"], EE: ["10", "22", "42", "77", "96"], LV: ["HABA", "UNLA", "PARX", "RIKO", "RTMB"] } as const;

/** A valid IBAN of a country: the account digits from the seed, the next that passes the BBAN's own check. */
function validIban(country: (typeof COUNTRIES)[number], code: string, seed: number): string {
  const width = BBAN_LENGTH[country] - code.length;
  for (let n = seed; ; n++) {
    const iban = composeIBAN({ countryCode: country, bban: code + String(n).padStart(width, "0").slice(-width) });
    if (iban && isValidIBAN(iban)) return iban;
  }
}

const ibanCountry = fc.constantFrom(...COUNTRIES);
const goodIban = ibanCountry.chain((country) =>
  fc.tuple(fc.constantFrom(...BANK_CODES[country]), fc.integer({ min: 0, max: 1e9 }), fc.constantFrom("plain", "spaced", "lower")).map(([code, seed, style]) => {
    const iban = validIban(country, code, seed);
    return style === "spaced" ? iban.replace(/(.{4})(?=.)/g, "$1 ") : style === "lower" ? iban.toLowerCase() : iban;
  }),
);
/** A valid IBAN with one character changed: the checksum no longer holds. */
const badIban = fc.oneof(
  fc.tuple(goodIban, fc.nat(), fc.integer({ min: 1, max: 9 })).map(([iban, at, delta]) => {
    const plain = iban.replace(/\s/g, "").toUpperCase();
    const i = 4 + (at % (plain.length - 4));
    const ch = plain[i];
    const next = /[0-9]/.test(ch) ? String((Number(ch) + delta) % 10) : ch === "Z" ? "A" : String.fromCharCode(ch.charCodeAt(0) + 1);
    return plain.slice(0, i) + next + plain.slice(i + 1);
  }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("FI00", "EE", "LV80 BANK", "NO9386011117948", "GB82WEST12345698765432X", "FI21 1234 5600 0007 8\u0000"),
);

const phoneCountry = fc.constantFrom(...COUNTRIES);
/** Mobile numbers as people type them: international, with or without spaces and dashes, and in local form for the site's country (Finland). */
const goodMobile = phoneCountry
  .chain(
    (country) =>
      fc.tuple(fc.integer({ min: 1_000_000, max: 9_999_999 }), fc.constantFrom("local", "international", "spaced", "dashed")).map(([n, style]) => {
        const national = country === "FI" ? `04${String(n).padStart(8, "0").slice(0, 8)}` : country === "EE" ? `5${n}` : `2${n}`;
        const cc = country === "FI" ? "+358" : country === "EE" ? "+372" : "+371";
        const intl = `${cc}${country === "FI" ? national.slice(1) : national}`;
        const value =
          style === "local" && country === "FI"
            ? national
            : style === "local"
              ? intl
              : style === "international"
                ? intl
                : style === "spaced"
                  ? intl.replace(/(\d{3})(?=\d)/g, "$1 ")
                  : `${cc}-${intl.slice(cc.length)}`;
        return { country, value };
      }),
    // Only numbers the full numbering plans know (the server checks against them): not every block is allocated.
  )
  .filter((p) => isValidPhoneNumber(p.value, p.country));
const badPhone = fc.oneof(fc.string({ maxLength: 25 }), fc.constantFrom("12", "+358", "+372 1", "+371 9999999999999", "0000000", "abc", "040 123", "+44 20 7946 0958 x", "+358 40\u0000 1234567"));

const goodEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}(\.[a-z0-9]{1,8})?$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/), fc.constantFrom("fi", "ee", "lv", "com"), fc.boolean())
  .map(([local, domain, tld, upper]) => (upper ? `${local}@${domain}.${tld}`.toUpperCase() : `${local}@${domain}.${tld}`));
const badEmail = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("a@b", "@example.fi", "mari@", "mari tamm@example.ee", "x@y..lv", "a\u0000@example.fi", `${"a".repeat(250)}@example.fi`));

const e164 = (value: string, country: string) => parsePhoneNumberFromString(value, country as CountryCode)!.number;

describe("settings writes never break and store nothing they refuse", () => {
  it("PUT /api/me: names, business details, membership number, language, marketing, e-mail and phone", { timeout: 180_000 }, async () => {
    const name = fc.oneof(fc.constantFrom("Jõgi", "Bērziņa", "O'Brien", "Anna-Liisa", "Мария", "Ülle"), fc.string({ maxLength: 120 }), fc.constantFrom("", " ", "123", "A\u0000", "x".repeat(101)));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          firstName: name,
          lastName: name,
          name: fc.string(),
          vatNumber: fc.oneof(fc.string({ maxLength: 24 }), fc.constant(null)),
          contactPerson: fc.oneof(name, fc.constant(null)),
          membershipNumber: fc.oneof(fc.stringMatching(/^[A-Z0-9-]{1,20}$/), fc.string({ maxLength: 25 }), fc.constant(null)),
          locale: fc.constantFrom("fi-FI", "sv-FI", "en-GB", "et-EE", "lv-LV", "xx", ""),
          marketing: fc.oneof(fc.record({ email: fc.boolean(), phone: fc.boolean() }), fc.anything()),
          email: fc.oneof(goodEmail, badEmail, fc.constant(null)),
          phone: fc.oneof(
            goodMobile.map((p) => p.value),
            badPhone,
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await sendChecked("PUT", "/api/me", b);
        if (res.status === 200 && b && typeof b === "object" && "firstName" in b) expect(res.body.firstName).toBe(String((b as { firstName: string }).firstName).trim());
      }),
      { numRuns: 120 },
    );
  });

  it("PUT /api/me/contacts: valid contacts of all three countries are stored in their normal form", { timeout: 180_000 }, async () => {
    const entry = fc.oneof(
      goodMobile.map((p) => ({ type: "Gsm", value: p.value, primary: false, expect: e164(p.value, p.country) })),
      goodEmail.map((e) => ({ type: "Email", value: e, primary: false, expect: e.toLowerCase() })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 3 }), async (entries) => {
        const current = (await api.get("/api/me/contacts")).body.contacts as { id: string; type: string; value: string; primary: boolean }[];
        const keep = current.filter((c) => c.primary).map(({ id, type, value, primary }) => ({ id, type, value, primary }));
        const fresh = entries.filter((e, i) => !keep.some((k) => k.type === e.type && k.value === e.expect) && entries.findIndex((x) => x.type === e.type && x.expect === e.expect) === i);
        const res = await sendChecked("PUT", "/api/me/contacts", { contacts: [...keep, ...fresh.map(({ expect: _e, ...c }) => c)] });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const e of fresh) expect(res.body.contacts.some((c: { type: string; value: string }) => c.type === e.type && c.value === e.expect)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("PUT /api/me/contacts: bad lists answer 4xx and change nothing", { timeout: 180_000 }, async () => {
    const contact = fc.record(
      {
        id: fc.oneof(fc.uuid(), fc.string()),
        type: fc.oneof(fc.constantFrom("Email", "Phone", "Gsm"), fc.string()),
        value: fc.oneof(badEmail, badPhone, goodEmail, fc.anything()),
        primary: fc.oneof(fc.boolean(), fc.anything()),
      },
      { requiredKeys: ["type", "value"] },
    );
    const body = fc.oneof(
      fc.anything(),
      fc.record({ contacts: fc.oneof(fc.array(contact, { maxLength: 25 }), fc.anything()) }),
      fc.record({ contacts: fc.array(fc.record({ type: fc.constantFrom("Email", "Gsm", "Phone"), value: fc.oneof(badEmail, badPhone), primary: fc.boolean() }), { minLength: 1, maxLength: 4 }) }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        await sendChecked("PUT", "/api/me/contacts", b);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/me/bank-accounts: valid IBANs of FI, EE and LV are stored, changed ones refused", { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          goodIban.map((iban) => ({ iban, good: true })),
          badIban.map((iban) => ({ iban, good: false })),
        ),
        fc.subarray(["refund", "direct-debit"], { minLength: 1 }),
        async ({ iban, good }, purposes) => {
          const res = await sendChecked("POST", "/api/me/bank-accounts", { iban, purposes });
          if (good) {
            // Stored unless it is already there or the customer has ten.
            if (res.status === 201) {
              expect(res.body.iban.replace(/\s/g, "")).toBe(iban.replace(/\s/g, "").toUpperCase());
              expect(res.body.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}$/);
              await api.call("DELETE", `/api/me/bank-accounts/${res.body.id}`);
            } else expect(res.body.error.details.fields[0].message).toMatch(/bank-account-exists|too-many-bank-accounts/);
          } else expect(res.status).toBe(422);
        },
      ),
      { numRuns: 120 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ iban: fc.anything(), holder: fc.anything(), purposes: fc.anything() }, { requiredKeys: [] })), async (b) => {
        const res = await sendChecked("POST", "/api/me/bank-accounts", b);
        if (res.status === 201) await api.call("DELETE", `/api/me/bank-accounts/${res.body.id}`);
      }),
      { numRuns: 100 },
    );
  });

  it("PUT /api/me/addresses/postal and /billing: addresses of the three countries, valid and not", { timeout: 180_000 }, async () => {
    const postal = fc.oneof(
      fc.integer({ min: 0, max: 99999 }).map((n) => ({ country: "FI", postalCode: String(n).padStart(5, "0"), good: true })),
      fc.integer({ min: 0, max: 99999 }).map((n) => ({ country: "EE", postalCode: String(n).padStart(5, "0"), good: true })),
      fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.boolean()).map(([n, prefix]) => ({ country: "lv", postalCode: `${prefix ? "LV-" : ""}${String(n).padStart(4, "0")}`, good: true })),
      fc.tuple(fc.constantFrom("FI", "EE", "LV", "SE", "", "Finland"), fc.string({ maxLength: 12 })).map(([country, postalCode]) => ({ country, postalCode, good: false })),
    );
    const street = fc.oneof(fc.constantFrom("Mannerheimintie 12 A 3", "Pärnu mnt 22-5", "Brīvības iela 76"), fc.string({ maxLength: 210 }));
    const city = fc.oneof(fc.constantFrom("Helsinki", "Tallinn", "Rīga", "Jõhvi", "Pärnu"), fc.string({ maxLength: 110 }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("postal", "billing"), postal, street, city, async (type, p, s, c) => {
        const res = await sendChecked("PUT", `/api/me/addresses/${type}`, { street: s, postalCode: p.postalCode, city: c, country: p.country });
        if (res.status === 200) {
          expect(p.good).toBe(true);
          expect(res.body.country).toBe(p.country.toUpperCase());
          if (p.country.toUpperCase() === "LV") expect(res.body.postalCode).toMatch(/^LV-\d{4}$/);
        }
      }),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("postal", "billing"), fc.anything(), async (type, b) => {
        await sendChecked("PUT", `/api/me/addresses/${type}`, b);
      }),
      { numRuns: 60 },
    );
  });
});
