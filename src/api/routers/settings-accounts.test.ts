import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { bankAccounts, customers, directDebitMandates, feedbackForms, feedbackSubmissions, meteringPoints } from "@/server/db/schema";
import { createTestInvoice, createTestMeteringPoint } from "@/server/invoices/test-fixtures";
import { auditActions, customerOf, planOf, signIn, snapshot, staffFor, withFeatures } from "@/server/settings/testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers" || s.name === "settings" || s.name === "support reference lists and tickets") }));
});
afterAll(async () => cleanup());

type BankAccount = {
  id: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
  holder: string;
  purposes: string[];
  inUse: boolean;
  inUseReason: string | null;
  directDebitSince: string | null;
};
type Address = {
  id: string;
  type: string;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string;
  editable: boolean;
  sameAsPostal: boolean;
  gsrns: string[];
  activeContract: boolean | null;
};

function representation(site: string) {
  const plan = planOf(site);
  const rep = plan.people.find((p) => p.persona === "representative")!;
  const relativeId = plan.representations.find((r) => r.personId === rep.id)!.customerId;
  return plan.customers.find((c) => c.id === relativeId)!;
}

async function asRepresentative(site: string) {
  const relative = representation(site);
  const rep = await signIn(site, "representative");
  expect((await rep.put("/api/me/active-customer", { customerId: relative.id })).status).toBe(200);
  return { rep, relative };
}

/** A usage point of the customer at its own location, with a day of readings `daysAgo` days back (null: none). */
async function usagePoint(siteId: string, customerId: string, street: string, daysAgo: number | null) {
  const point = await createTestMeteringPoint(siteId, customerId);
  const db = await getDb();
  await db.update(meteringPoints).set({ street, locationName: street, locationId: crypto.randomUUID() }).where(eq(meteringPoints.id, point.id));
  if (daysAgo !== null) {
    const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await db.execute(
      sql`insert into interval_readings_daily (metering_point_id, series, day, value_wh, night_wh, spot_wh, priced_wh, minutes, intervals, unpriced)
          values (${point.id}::uuid, 1, ${day}::date, 12000, 4000, 0, 0, 1440, 96, 96)`,
    );
  }
  return point;
}

describe("addresses", () => {
  it("lists postal, billing and usage-point addresses, filtered by active contracts", async () => {
    const c = customerOf("aurora", "solar-household");
    const active = await usagePoint("aurora", c.id, "Aktiivinen tie 1", 20);
    const old = await usagePoint("aurora", c.id, "Vanha tie 2", 500);
    const api = await signIn("aurora", "solar-household");
    const all = await api.get("/api/me/addresses");
    expect(all.status).toBe(200);
    const list = all.body.addresses as Address[];
    expect(list.slice(0, 2)).toEqual([
      expect.objectContaining({ id: "postal", type: "postal", street: c.street, postalCode: c.postalCode, city: c.city, country: "FI", editable: true }),
      expect.objectContaining({ id: "billing", type: "billing", street: c.street, sameAsPostal: true, editable: true }),
    ]);
    const points = list.filter((a) => a.type === "usage-point");
    expect(points).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ street: "Aktiivinen tie 1", editable: false, activeContract: true, gsrns: [active.gsrn] }),
        expect.objectContaining({ street: "Vanha tie 2", editable: false, activeContract: false, gsrns: [old.gsrn] }),
      ]),
    );
    const onlyActive = (await api.get("/api/me/addresses?requestType=usage-point&isWithActiveContractOnly=true")).body.addresses as Address[];
    expect(onlyActive.map((a) => a.street)).toEqual(["Aktiivinen tie 1"]);
    expect((await api.get("/api/me/addresses?requestType=billing")).body.addresses.map((a: Address) => a.type)).toEqual(["billing"]);
    // The site's switch keeps the filter on whatever the query says.
    await withFeatures("aurora", { on: ["addresses.active-contracts-only"] }, async () => {
      const forced = (await api.get("/api/me/addresses?requestType=usage-point&isWithActiveContractOnly=false")).body.addresses as Address[];
      expect(forced.map((a) => a.street)).toEqual(["Aktiivinen tie 1"]);
    });
    expect((await api.get("/api/me/addresses?requestType=elsewhere")).status).toBe(422);
    expect((await api.get("/api/me/addresses?isWithActiveContractOnly=yes")).status).toBe(422);
  });

  it("changes the postal and billing addresses in the country's form", async () => {
    const c = customerOf("aurora", "apartment");
    const api = await signIn("aurora", "apartment");
    const postal = await api.put("/api/me/addresses/postal", { street: "  Uusikatu   5 B 12 ", postalCode: "00 520", city: "Helsinki", country: "fi" });
    expect(postal.status).toBe(200);
    expect(postal.body).toMatchObject({ id: "postal", street: "Uusikatu 5 B 12", postalCode: "00520", city: "Helsinki", country: "FI" });
    const [row] = await (await getDb()).select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ street: "Uusikatu 5 B 12", postalCode: "00520" });
    expect((await api.get("/api/me")).body.address).toEqual({ street: "Uusikatu 5 B 12", postalCode: "00520", city: "Helsinki", country: "FI" });

    const billing = await api.put("/api/me/addresses/billing", { street: "Brīvības iela 1", postalCode: "1010", city: "Rīga", country: "LV" });
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({ type: "billing", postalCode: "LV-1010", country: "LV", sameAsPostal: false });
    const list = (await api.get("/api/me/addresses?requestType=billing")).body.addresses;
    expect(list).toEqual([expect.objectContaining({ street: "Brīvības iela 1", sameAsPostal: false })]);
  });

  it("refuses a bad address with field errors and stores nothing", async () => {
    const c = customerOf("laane", "apartment");
    const api = await signIn("laane", "apartment");
    const before = [JSON.stringify((await (await getDb()).select().from(customers).where(eq(customers.id, c.id)))[0]), await snapshot("customer_addresses", c.id)];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ street: "Pärnu mnt 1", postalCode: "ABC", city: "Tallinn", country: "EE" }, "postalCode", "settings.errors.postal-code-invalid"],
      [{ street: "Unter den Linden 1", postalCode: "10117", city: "Berlin", country: "DE" }, "country", "settings.errors.country-not-served"],
      [{ street: "12345", postalCode: "10111", city: "Tallinn", country: "EE" }, "street", "settings.errors.street-invalid"],
      [{ street: "Pärnu mnt 1", postalCode: "10111", city: "Tallinn\u0007", country: "EE" }, "city", "settings.errors.city-invalid"],
      [{ street: "", postalCode: "10111", city: "Tallinn", country: "EE" }, "street", "validation.too_small"],
      [{ street: "Pärnu mnt 1", postalCode: "10111", city: "Tallinn", country: "EE", extra: 1 }, "", "validation.unrecognized_keys"],
    ];
    for (const type of ["postal", "billing"]) {
      for (const [body, path, message] of cases) {
        const res = await api.put(`/api/me/addresses/${type}`, body);
        expect(res.status, message).toBe(422);
        expect(res.body.error.details.fields, message).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
      }
    }
    expect([JSON.stringify((await (await getDb()).select().from(customers).where(eq(customers.id, c.id)))[0]), await snapshot("customer_addresses", c.id)]).toEqual(before);
    // Usage-point addresses cannot be changed: there is no such endpoint.
    expect((await api.put("/api/me/addresses/usage-point", { street: "Pärnu mnt 1", postalCode: "10111", city: "Tallinn", country: "EE" })).status).toBe(404);
  });

  it("representatives read addresses; customer service changes them, audited", async () => {
    const { rep, relative } = await asRepresentative("aurora");
    const listed = (await rep.get("/api/me/addresses")).body.addresses as Address[];
    expect(listed.filter((a) => a.type !== "usage-point").every((a) => a.editable === false)).toBe(true);
    const before = await snapshot("customer_addresses", relative.id);
    const refused = await rep.put("/api/me/addresses/billing", { street: "Edustajankatu 1", postalCode: "00100", city: "Helsinki", country: "FI" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("settings.errors.representative-read-only");
    expect(await snapshot("customer_addresses", relative.id)).toBe(before);

    const staff = await staffFor("aurora", relative.clientCode);
    const ok = await staff.put("/api/me/addresses/postal", { street: "Palvelutie 3", postalCode: "02100", city: "Espoo", country: "FI" });
    expect(ok.status).toBe(200);
    const audit = (await auditActions("aurora", relative.id)).find((a) => a.action === "settings:address-updated")!;
    expect(audit.details).toMatchObject({ type: "postal", customerService: true, from: { street: relative.street }, to: { street: "Palvelutie 3", postalCode: "02100" } });
  });
});

describe("bank accounts", () => {
  it("lists the accounts; the direct-debit one is in use", async () => {
    const api = await signIn("aurora", "solar-household");
    const res = await api.get("/api/me/bank-accounts");
    expect(res.status).toBe(200);
    const list = res.body.bankAccounts as BankAccount[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ purposes: ["refund"], inUse: false, inUseReason: null, directDebitSince: null });
    expect(list[1]).toMatchObject({ purposes: ["direct-debit"], inUse: true, inUseReason: "settings.errors.bank-account-direct-debit" });
    expect(list[1].directDebitSince).toMatch(/^\d{4}-03-01$/);
    for (const a of list) {
      expect(a.iban).toMatch(/^FI\d{2}( \d{4}){3} \d{2}$/);
      expect(a.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}$/);
      expect(a.bankName).toBeTruthy();
    }
  });

  it("adds accounts of the three countries with the bank and BIC from the bank code", async () => {
    const api = await signIn("laane", "apartment");
    const c = customerOf("laane", "apartment");
    const cases: [string, string, string][] = [
      ["fi21 1234 5600 0007 85", "NDEAFIHH", "Nordea"],
      ["EE38 2200 2210 2014 5685", "HABAEE2X", "Swedbank"],
      ["EE47 1000 0010 2014 5685", "EEUHEE2X", "SEB"],
      ["LV97HABA0012345678910", "HABALV22", "Swedbank"],
    ];
    for (const [iban, bic, bank] of cases) {
      const res = await api.post("/api/me/bank-accounts", { iban, purposes: ["direct-debit", "refund"] });
      expect(res.status, `${iban} ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body).toMatchObject({
        iban: iban
          .toUpperCase()
          .replace(/\s/g, "")
          .replace(/(.{4})(?=.)/g, "$1 "),
        bic,
        holder: c.name,
        purposes: ["refund", "direct-debit"],
        inUse: false,
      });
      // The bank's name comes from the banks reference of the IBAN's country, whatever the site's.
      expect(res.body.bankName).toBe(bank);
    }
    const named = await api.post("/api/me/bank-accounts", { iban: "DE89370400440532013000", holder: "Mari Tamm-Saar", purposes: ["refund", "refund"] });
    expect(named.body).toMatchObject({ holder: "Mari Tamm-Saar", bic: null, bankName: null, purposes: ["refund"] });
    // The demo account and the five added.
    expect((await api.get("/api/me/bank-accounts")).body.bankAccounts).toHaveLength(6);
  });

  it("refuses invalid, non-SEPA and duplicate IBANs and stores nothing", async () => {
    const api = await signIn("daugava", "apartment");
    const c = customerOf("daugava", "apartment");
    const own = ((await api.get("/api/me/bank-accounts")).body.bankAccounts as BankAccount[])[0];
    const before = await snapshot("bank_accounts", c.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ iban: "LV80BANK0000435195002", purposes: ["refund"] }, "iban", "settings.errors.iban-invalid"],
      [{ iban: "FI2112345600000786", purposes: ["refund"] }, "iban", "settings.errors.iban-invalid"],
      [{ iban: "EE382200221020145686", purposes: ["refund"] }, "iban", "settings.errors.iban-invalid"],
      [{ iban: "BR1800360305000010009795493C1", purposes: ["refund"] }, "iban", "settings.errors.iban-not-sepa"],
      [{ iban: own.iban.toLowerCase(), purposes: ["refund"] }, "iban", "settings.errors.bank-account-exists"],
      [{ iban: "LV97HABA0012345678910", holder: "1234", purposes: ["refund"] }, "holder", "settings.errors.holder-invalid"],
      [{ iban: "LV97HABA0012345678910", purposes: [] }, "purposes", "validation.too_small"],
      [{ iban: "LV97HABA0012345678910", purposes: ["savings"] }, "purposes.0", "validation.invalid_value"],
    ];
    for (const [body, path, message] of cases) {
      const res = await api.post("/api/me/bank-accounts", body);
      expect(res.status, message).toBe(422);
      expect(res.body.error.details.fields, message).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
    expect(await snapshot("bank_accounts", c.id)).toBe(before);
  });

  it("deletes an account, but not one a direct debit uses (422 with why), nor another customer's (404)", async () => {
    const api = await signIn("aurora", "solar-household");
    const c = customerOf("aurora", "solar-household");
    const added = await api.post("/api/me/bank-accounts", { iban: "FI3250000120000000", purposes: ["refund"] });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ bic: "OKOYFIHH", bankName: "OP" });
    const gone = await api.call("DELETE", `/api/me/bank-accounts/${added.body.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.bankAccounts.map((a: BankAccount) => a.id)).not.toContain(added.body.id);

    const debit = ((await api.get("/api/me/bank-accounts")).body.bankAccounts as BankAccount[]).find((a) => a.inUse)!;
    const refused = await api.call("DELETE", `/api/me/bank-accounts/${debit.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "validation", message: "settings.errors.bank-account-direct-debit" });
    expect((await api.get("/api/me/bank-accounts")).body.bankAccounts.map((a: BankAccount) => a.id)).toContain(debit.id);

    // Once the mandate has ended the account can go; the mandate is kept with its IBAN.
    const db = await getDb();
    await db.update(directDebitMandates).set({ endedAt: new Date() }).where(eq(directDebitMandates.bankAccountId, debit.id));
    expect((await api.call("DELETE", `/api/me/bank-accounts/${debit.id}`)).status).toBe(200);
    const [mandate] = await db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, c.id));
    expect(mandate).toMatchObject({ bankAccountId: null, iban: debit.iban.replace(/\s/g, "") });

    const other = await signIn("aurora", "company-owner");
    const ownerAccounts = await snapshot("bank_accounts", c.id);
    const foreignId = ((await api.get("/api/me/bank-accounts")).body.bankAccounts as BankAccount[])[0].id;
    const foreign = await other.call("DELETE", `/api/me/bank-accounts/${foreignId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("settings.errors.bank-account-not-found");
    expect((await other.call("DELETE", `/api/me/bank-accounts/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await other.call("DELETE", "/api/me/bank-accounts/not-an-id")).status).toBe(422);
    expect(await snapshot("bank_accounts", c.id)).toBe(ownerAccounts);
  });

  it("representatives only read bank accounts; customer service adds and deletes them, audited", async () => {
    const { rep, relative } = await asRepresentative("laane");
    expect((await rep.get("/api/me/bank-accounts")).status).toBe(200);
    const before = await snapshot("bank_accounts", relative.id);
    const add = await rep.post("/api/me/bank-accounts", { iban: "EE382200221020145685", purposes: ["refund"] });
    expect(add.status).toBe(403);
    expect(add.body.error.message).toBe("settings.errors.representative-read-only");
    expect(await snapshot("bank_accounts", relative.id)).toBe(before);

    const staff = await staffFor("laane", relative.clientCode);
    const added = await staff.post("/api/me/bank-accounts", { iban: "EE382200221020145685", purposes: ["refund"] });
    expect(added.status).toBe(201);
    expect((await rep.call("DELETE", `/api/me/bank-accounts/${added.body.id}`)).status).toBe(403);
    expect((await staff.call("DELETE", `/api/me/bank-accounts/${added.body.id}`)).status).toBe(200);
    const audit = await auditActions("laane", relative.id);
    const staffId = planOf("laane").staff.find((s) => s.role === "customer_service")!.person.id;
    expect(audit.filter((a) => a.action.startsWith("settings:bank-account-")).map((a) => [a.action, a.actor_person_id])).toEqual([
      ["settings:bank-account-added", staffId],
      ["settings:bank-account-deleted", staffId],
    ]);
  });
});

describe("membership", () => {
  it("shows a member's shares and this year's and last year's benefits in the language asked for", async () => {
    const api = await signIn("aurora", "house-gas");
    const c = customerOf("aurora", "house-gas");
    const member = planOf("aurora").members.find((m) => m.customerId === c.id)!;
    const res = await api.get("/api/me/membership?locale=sv-FI");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ memberNumber: member.memberNumber, memberSince: member.memberSince, shares: member.shares, shareValue: 5000, totalValue: member.shares * 5000, currency: "EUR" });
    const year = new Date().getUTCFullYear();
    const benefits = res.body.benefits as { year: number; kind: string; title: string; amount: number | null }[];
    expect(benefits[0].year).toBe(year);
    expect(benefits.map((b) => b.year)).toEqual([...benefits.map((b) => b.year)].sort((a, b) => b - a));
    expect(benefits.find((b) => b.year === year - 1 && b.kind === "surplus-refund")).toMatchObject({ title: "Överskottsåterbäring på elköpen", amount: 350 * member.shares });
    expect((await api.get("/api/me/membership")).body.benefits.find((b: { kind: string }) => b.kind === "interest-on-shares").title).toBe("Osuuspääoman korko");
  });

  it("is 404 for a customer who is not a member, and on sites without the membership area", async () => {
    const fresh = await signIn("aurora", "new-customer");
    const res = await fresh.get("/api/me/membership");
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("settings.errors.not-a-member");
    expect(planOf("laane").members).toEqual([]);
    const other = await signIn("laane", "house-gas");
    expect((await other.get("/api/me/membership")).body.error.message).toBe("api.errors.feature-disabled");
  });
});

describe("appearance", () => {
  const cookieOf = (res: { headers: Headers }, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

  it("saves the person's scheme and language, and the answer sets the cookies of the first paint", async () => {
    const api = await signIn("aurora", "company-owner");
    expect((await api.get("/api/me/appearance")).body).toEqual({ colorScheme: "light", locale: null, darkThemeAvailable: true });
    const dark = await api.put("/api/me/appearance", { colorScheme: "dark", locale: "sv-FI" });
    expect(dark.status).toBe(200);
    expect(dark.body).toEqual({ colorScheme: "dark", locale: "sv-FI", darkThemeAvailable: true });
    expect(cookieOf(dark, "color-scheme")).toMatch(/^color-scheme=dark; Path=\/; SameSite=Lax; Max-Age=315360000$/);
    expect(cookieOf(dark, "color-scheme-override")).toMatch(/^color-scheme-override=true;/);
    expect(cookieOf(dark, "NEXT_LOCALE")).toMatch(/^NEXT_LOCALE=sv-FI;.*HttpOnly/);
    const auto = await api.put("/api/me/appearance", { colorScheme: "auto" });
    expect(cookieOf(auto, "color-scheme")).toMatch(/^color-scheme=auto;/);
    expect(cookieOf(auto, "color-scheme-override")).toMatch(/Max-Age=0/);
    expect(auto.body).toMatchObject({ colorScheme: "auto", locale: "sv-FI" });
    // The person's, not the customer's: the same when acting for the company.
    await api.put("/api/me/active-customer", { customerId: customerOf("aurora", "company-owner", "legal").id });
    expect((await api.get("/api/me/appearance")).body.colorScheme).toBe("auto");
    const bad = await api.put("/api/me/appearance", { colorScheme: "dark", locale: "lv-LV" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "locale", message: "errors.locale-not-available" });
    expect((await api.get("/api/me/appearance")).body.colorScheme).toBe("auto");
  });

  it("offers only light without the dark-theme feature", async () => {
    const api = await signIn("daugava", "apartment");
    expect((await api.get("/api/me/appearance")).body).toMatchObject({ colorScheme: "light", darkThemeAvailable: false });
    const res = await api.put("/api/me/appearance", { colorScheme: "dark" });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "colorScheme", message: "settings.errors.dark-theme-unavailable" });
    expect((await api.put("/api/me/appearance", { colorScheme: "light", locale: "ru-RU" })).status).toBe(200);
  });

  it("applies the saved appearance when the person signs in on another device", async () => {
    const first = await signIn("laane", "solar-household");
    expect((await first.put("/api/me/appearance", { colorScheme: "dark", locale: "ru-RU" })).status).toBe(200);
    const phone = new ApiClient("laane.localhost", { ip: "10.88.0.1" });
    const location = await phone.signInSandbox("laane", { identityId: "laane-solar-household" }, "/invoices?year=2025");
    expect(location).toBe("/ru/invoices?year=2025");
    expect(phone.cookies.get("color-scheme")).toBe("dark");
    expect(phone.cookies.get("color-scheme-override")).toBe("true");
    expect(phone.cookies.get("NEXT_LOCALE")).toBe("ru-RU");
    // Someone who saved nothing gets the page they asked for, without cookies.
    const other = new ApiClient("laane.localhost", { ip: "10.88.0.2" });
    expect(await other.signInSandbox("laane", { identityId: "laane-apartment" }, "/en/invoices")).toBe("/en/invoices");
    expect(other.cookies.has("color-scheme")).toBe(false);
  });
});

describe("my data", () => {
  it("downloads everything about the customer as a JSON file and writes it to the audit log", async () => {
    const c = customerOf("aurora", "solar-household");
    const invoice = await createTestInvoice({ siteId: "aurora", customerId: c.id });
    const db = await getDb();
    const [form] = await db.insert(feedbackForms).values({ siteId: "aurora", name: "export-test", active: false }).returning();
    await db.insert(feedbackSubmissions).values({ siteId: "aurora", formId: form.id, personId: c.owner!.id, customerId: c.id, rating: 4, openText: "Selkeä palvelu" });
    const staff = await staffFor("aurora", c.clientCode);
    await staff.post("/api/customer-service/close");
    const api = await signIn("aurora", "solar-household");
    const res = await api.call("GET", "/api/me/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="my-data-${c.clientCode}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const file = res.body;
    expect(file).toMatchObject({ format: "portal-my-data", version: 1, site: { id: "aurora" }, customer: { id: c.id, clientCode: c.clientCode }, requestedBy: { role: "owner" } });
    expect(Object.keys(file.sections)).toEqual([
      "profile",
      "contacts",
      "addresses",
      "bankAccounts",
      "invoices",
      "readings",
      "consents",
      "feedback",
      "membership",
      "supportTickets",
      "customerServiceAccess",
    ]);
    expect(file.sections.supportTickets.length).toBeGreaterThan(0);
    expect(JSON.stringify(file.sections.supportTickets)).not.toMatch(/"internal":\s*true/);
    expect(file.sections.profile).toMatchObject({ clientCode: c.clientCode, firstName: c.firstName });
    expect(file.sections.profile.permissions).toBeUndefined();
    expect(file.sections.contacts.some((x: { value: string }) => x.value === c.email)).toBe(true);
    expect(file.sections.bankAccounts.length).toBeGreaterThan(0);
    const exported = file.sections.invoices.find((i: { invoiceNumber: string }) => i.invoiceNumber === invoice.invoiceNumber);
    expect(exported).toMatchObject({ totalCents: invoice.totalCents, lines: expect.arrayContaining([expect.objectContaining({ component: "Spot" })]) });
    expect(file.sections.readings.some((p: { gsrn: string }) => p.gsrn === exported.lines[0].gsrn)).toBe(true);
    expect(file.sections.consents).toMatchObject({ marketing: { email: false, phone: false } });
    expect(file.sections.feedback).toEqual([expect.objectContaining({ rating: 4, openText: "Selkeä palvelu" })]);
    expect(file.sections.membership).toMatchObject({ shares: expect.any(Number) });
    expect(file.sections.customerServiceAccess.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(["customer-service:open", "customer-service:close"]));
    expect(JSON.stringify(file.sections.customerServiceAccess)).not.toContain(planOf("aurora").staff[0].person.id);

    const audit = (await auditActions("aurora", c.id)).filter((a) => a.action === "settings:data-export");
    expect(audit).toEqual([expect.objectContaining({ actor_person_id: c.owner!.id, details: expect.objectContaining({ role: "owner" }) })]);
  });

  it("holds nothing of other customers, and customer service and representatives may export too", async () => {
    const solar = customerOf("laane", "solar-household");
    const other = await signIn("laane", "apartment");
    const file = (await other.get("/api/me/export")).body;
    expect(JSON.stringify(file)).not.toContain(solar.clientCode);
    expect(JSON.stringify(file)).not.toContain(solar.email);

    const { rep, relative } = await asRepresentative("laane");
    const repFile = await rep.get("/api/me/export");
    expect(repFile.status).toBe(200);
    expect(repFile.body).toMatchObject({ customer: { id: relative.id }, requestedBy: { role: "representative" } });
    const staff = await staffFor("laane", relative.clientCode);
    expect((await staff.get("/api/me/export")).body.requestedBy.role).toBe("customer_service");
    const audit = (await auditActions("laane", relative.id)).filter((a) => a.action === "settings:data-export");
    expect(audit.map((a) => a.details.role)).toEqual(["representative", "customer_service"]);
    expect(audit[1].details.customerService).toBe(true);
    const db = await getDb();
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where action = 'settings:data-export' and customer_id = ${relative.id}::uuid`);
    expect(Number(rows[0].n)).toBe(2);
  });

  it("leaves sections of switched-off areas out", async () => {
    const api = await signIn("aurora", "apartment");
    await withFeatures("aurora", { off: ["membership"] }, async () => {
      const file = (await api.get("/api/me/export")).body;
      expect(file.sections.membership).toBeUndefined();
    });
    // Another site's bank account rows are out of reach as well.
    const db = await getDb();
    const count = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.siteId, "aurora"));
    expect(count.length).toBeGreaterThan(0);
  });
});
