import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";
import { contactVerifications, customerContacts, customers } from "@/server/db/schema";
import { getSiteById } from "@/server/sites/sites";
import { loadSession } from "@/server/auth/session";
import { auditActions, codeAndLink, customerOf, mailTo, planOf, signIn, signInOwner, snapshot, staffFor, withFeatures } from "@/server/settings/testing";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers" || s.name === "settings") }));
});
afterAll(async () => cleanup());

type Contact = { id: string; type: string; value: string; primary: boolean; verified: boolean; pendingVerification: boolean };

async function customerRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** The representative persona and the relative's account they act for. */
function representation(site: string) {
  const plan = planOf(site);
  const rep = plan.people.find((p) => p.persona === "representative")!;
  const relativeId = plan.representations.find((r) => r.personId === rep.id)!.customerId;
  return plan.customers.find((c) => c.id === relativeId)!;
}

async function actAs(api: ApiClient, customerId: string) {
  const res = await api.put("/api/me/active-customer", { customerId });
  expect(res.status).toBe(200);
}

describe("profile (GET/PUT /api/me)", () => {
  it("shows the owner the customer with contacts, membership number and every permission", async () => {
    const solar = customerOf("aurora", "solar-household");
    const api = await signIn("aurora", "solar-household");
    const me = await api.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: solar.id,
      kind: "private",
      firstName: solar.firstName,
      email: solar.email,
      membershipNumber: `M-${solar.clientCode}`,
      representativeCode: solar.representativeCode,
      role: "owner",
      vatNumber: null,
      permissions: { name: true, business: false, membershipNumber: true, locale: true, marketing: true, contacts: true, addresses: true, bankAccounts: true, appearance: true, export: true },
    });
    // Shown in the international form: "+358 40 1234567".
    expect(me.body.phone).toMatch(/^\+358 4\d \d{6,7}$/);
  });

  it("renames a private customer and every session showing the customer shows the new name at once", async () => {
    const relative = representation("aurora");
    const owner = await signInOwner("aurora", relative);
    const rep = await signIn("aurora", "representative");
    const staff = await staffFor("aurora", relative.clientCode);
    const site = (await getSiteById("aurora"))!;
    const staffSession = async () => {
      const lookup = await loadSession(site, new Headers({ cookie: staff.cookieHeader() }));
      return lookup.kind === "ok" ? lookup.session.activeCustomer?.name : null;
    };
    // Each session is looked up and kept for a few seconds…
    for (const api of [owner, rep]) expect(JSON.stringify((await api.get("/api/session")).body)).toContain(relative.name);
    expect(await staffSession()).toBe(relative.name);

    const res = await owner.put("/api/me", { firstName: "Annikki", lastName: "Uusinimi-Mäki" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Annikki", lastName: "Uusinimi-Mäki", name: "Annikki Uusinimi-Mäki" });
    expect((await customerRow(relative.id)).name).toBe("Annikki Uusinimi-Mäki");

    // …and forgotten when the customer changes: the header and account menu show the new name.
    const ownerSession = (await owner.get("/api/session")).body;
    expect(ownerSession.customers.find((c: { id: string }) => c.id === relative.id).name).toBe("Annikki Uusinimi-Mäki");
    const repSession = (await rep.get("/api/session")).body;
    expect(repSession.customers.find((c: { id: string }) => c.id === relative.id).name).toBe("Annikki Uusinimi-Mäki");
    expect((await staff.get("/api/me")).body.name).toBe("Annikki Uusinimi-Mäki");
    expect(await staffSession()).toBe("Annikki Uusinimi-Mäki");
  });

  it("changes a company's name and business details with business-customer-info on", async () => {
    const company = customerOf("aurora", "company-owner", "legal");
    const api = await signIn("aurora", "company-owner");
    await actAs(api, company.id);
    await withFeatures("aurora", { on: ["business-customer-info"] }, async () => {
      const me = await api.get("/api/me");
      expect(me.body).toMatchObject({ kind: "legal", registryCode: company.registryCode, permissions: { business: true } });
      expect(me.body.vatNumber).toMatch(/^FI[0-9]{8}$/);

      const ok = await api.put("/api/me", { name: "Kahvila Kuura ja Leipomo Oy", vatNumber: "fi 2345 6780", contactPerson: "Helmi Laine" });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ name: "Kahvila Kuura ja Leipomo Oy", vatNumber: "FI23456780", contactPerson: "Helmi Laine" });
      expect((await api.get("/api/session")).body.customers.find((c: { id: string }) => c.id === company.id).name).toBe("Kahvila Kuura ja Leipomo Oy");

      const before = await snapshot("customer_business_info", company.id);
      const bad = await api.put("/api/me", { vatNumber: "FI23456781", firstName: "Helmi" });
      expect(bad.status).toBe(422);
      expect(bad.body.error.details.fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: "vatNumber", message: "settings.errors.vat-number-invalid" }),
          expect.objectContaining({ path: "firstName", message: "settings.errors.private-customers-only" }),
        ]),
      );
      expect(await snapshot("customer_business_info", company.id)).toBe(before);
    });
    // With the feature off the details are neither shown nor taken.
    expect((await api.get("/api/me")).body).toMatchObject({ vatNumber: null, contactPerson: null, permissions: { business: false } });
    const off = await api.put("/api/me", { contactPerson: "Someone Else" });
    expect(off.status).toBe(422);
    expect(off.body.error.details.fields[0]).toMatchObject({ path: "contactPerson", message: "settings.errors.business-info-disabled" });
  });

  it("lets a representative read the profile and change only contacts and appearance", async () => {
    const relative = representation("aurora");
    const rep = await signIn("aurora", "representative");
    await actAs(rep, relative.id);
    const me = await rep.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      role: "representative",
      representativeCode: null,
      permissions: { name: false, business: false, membershipNumber: false, locale: false, marketing: false, contacts: true, addresses: false, bankAccounts: false, appearance: true, export: true },
    });
    const before = JSON.stringify(await customerRow(relative.id));
    for (const body of [{ firstName: "Hijack" }, { locale: "en-GB" }, { marketing: { email: true, phone: true } }, { membershipNumber: "X-1" }]) {
      const res = await rep.put("/api/me", body);
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[0]).toMatchObject({ path: Object.keys(body)[0], code: "not_allowed", message: "settings.errors.not-permitted" });
    }
    expect(JSON.stringify(await customerRow(relative.id))).toBe(before);
  });

  it("customer service changes what the owner can, written to the audit log with the staff member", async () => {
    const apartment = planOf("aurora").customers.find((c) => c.kind === "private" && !c.owner?.persona && c.id !== representation("aurora").id)!;
    const staff = await staffFor("aurora", apartment.clientCode);
    const staffId = planOf("aurora").staff.find((s) => s.role === "customer_service")!.person.id;
    const me = await staff.get("/api/me");
    expect(me.body).toMatchObject({ role: "customer_service", representativeCode: null, permissions: { name: true, bankAccounts: true, addresses: true } });
    const res = await staff.put("/api/me", { lastName: "Korjattu", locale: "sv-FI", marketing: { email: true, phone: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastName: "Korjattu", locale: "sv-FI", marketing: { email: true, phone: false } });
    const audit = await auditActions("aurora", apartment.id);
    const change = audit.find((a) => a.action === "settings:profile-updated")!;
    expect(change.actor_person_id).toBe(staffId);
    expect(change.details).toMatchObject({ customerService: true, changes: { lastName: "Korjattu", locale: "sv-FI" }, previousName: apartment.name });
    expect(audit.some((a) => a.action === "api:PUT /api/me" && a.actor_person_id === staffId)).toBe(true);
  });

  it("follows the site's switches: membership number, marketing channels and phone numbers", async () => {
    const api = await signIn("aurora", "house-gas");
    const gas = customerOf("aurora", "house-gas");
    expect((await api.put("/api/me", { membershipNumber: "A-778899" })).body.membershipNumber).toBe("A-778899");
    await withFeatures("aurora", { off: ["membership-number"], on: ["settings.marketing-channels-disabled", "settings.phone-number-disabled"] }, async () => {
      const me = await api.get("/api/me");
      expect(me.body).toMatchObject({ membershipNumber: null, phone: null, permissions: { membershipNumber: false, marketing: false } });
      const before = JSON.stringify(await customerRow(gas.id));
      const res = await api.put("/api/me", { membershipNumber: "B-1", marketing: { email: true, phone: true }, phone: "040 1234567" });
      expect(res.status).toBe(422);
      const byPath = Object.fromEntries(res.body.error.details.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
      expect(byPath).toEqual({ membershipNumber: "settings.errors.membership-number-disabled", marketing: "errors.marketing-disabled", phone: "errors.phone-number-disabled" });
      expect(JSON.stringify(await customerRow(gas.id))).toBe(before);
    });
  });

  it("sets the primary e-mail and phone through PUT /api/me as the contacts would", async () => {
    const api = await signIn("laane", "apartment");
    const c = customerOf("laane", "apartment");
    const res = await api.put("/api/me", { email: "Uus.Aadress@Example.ee", phone: "5123 4567" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: "uus.aadress@example.ee", phone: "+372 5123 4567" });
    const contacts = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    expect(contacts.find((x) => x.value === "uus.aadress@example.ee")).toMatchObject({ primary: true, verified: false, pendingVerification: true });
    expect(contacts.find((x) => x.value === c.email)).toMatchObject({ primary: false, verified: true });
    // Not used before it is verified: the supplier keeps mailing the verified address.
    expect((await customerRow(c.id)).email).toBe(c.email);
    expect((await api.get("/api/me/primary-contacts")).body).toEqual({ email: c.email, phone: null, gsm: "+37251234567" });
    const bad = await api.put("/api/me", { phone: "123 45" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "phone", message: "settings.errors.phone-invalid" });
  });
});

describe("contacts", () => {
  it("lists the contacts with the e-mail on file verified and the mobile in E.164", async () => {
    const api = await signIn("daugava", "solar-household");
    const c = customerOf("daugava", "solar-household");
    const res = await api.get("/api/me/contacts");
    expect(res.status).toBe(200);
    expect(res.body.contacts).toEqual([
      expect.objectContaining({ type: "Email", value: c.email, primary: true, verified: true, pendingVerification: false }),
      expect.objectContaining({ type: "Gsm", value: c.phone.replace(/\s/g, ""), primary: true, verified: false }),
    ]);
    expect((await api.get("/api/me/primary-contacts")).body).toEqual({ email: c.email, phone: null, gsm: c.phone.replace(/\s/g, "") });
  });

  it("adds an e-mail and a phone in local form, mails a code in the customer's language and verifies it", async () => {
    const api = await signIn("aurora", "solar-household");
    const c = customerOf("aurora", "solar-household");
    const current = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    const started = new Date(Date.now() - 1000);
    const res = await api.put("/api/me/contacts", {
      contacts: [
        ...current.map(({ id, type, value, primary }) => ({ id, type, value, primary })),
        { type: "Email", value: "Uusi.Osoite@Example.fi", primary: false },
        { type: "Phone", value: "09 4250 1000", primary: false },
      ],
    });
    expect(res.status).toBe(200);
    const added = res.body.contacts.find((x: Contact) => x.value === "uusi.osoite@example.fi");
    expect(added).toMatchObject({ type: "Email", primary: false, verified: false, pendingVerification: true });
    expect(res.body.contacts.find((x: Contact) => x.type === "Phone")).toMatchObject({ value: "+358942501000", display: "+358 9 42501000", primary: true });
    expect(res.body.verificationsSent).toEqual([added.id]);
    expect(res.body.contacts.filter((x: Contact) => x.id === current[0].id)).toHaveLength(1);

    const mail = await mailTo("aurora", "uusi.osoite@example.fi", started);
    // Finnish (the customer's language), greeting the customer by name.
    expect(mail.subject).toBe("Vahvistakaa sähköpostiosoitteenne – Aurora Energia Oy");
    expect(mail.text).toContain(`Hei ${c.firstName},`);
    expect(mail.html).toContain("Vahvista sähköpostiosoite");
    const { code } = codeAndLink(mail.text);

    const wrong = await api.post(`/api/me/contacts/${added.id}/verify`, { code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.details).toMatchObject({ fields: [{ path: "code", message: "settings.errors.code-invalid" }], attemptsLeft: 4 });
    const ok = await api.post(`/api/me/contacts/${added.id}/verify`, { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: added.id, verified: true, pendingVerification: false });
    // Verifying again answers as it is.
    expect((await api.post(`/api/me/contacts/${added.id}/verify`, { code: "123456" })).body).toMatchObject({ verified: true });
  });

  it("uses a new primary e-mail only once it is verified, by the mailed link too", async () => {
    const api = await signIn("aurora", "apartment");
    const c = customerOf("aurora", "apartment");
    const current = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    const started = new Date(Date.now() - 1000);
    const res = await api.put("/api/me/contacts", {
      contacts: [...current.map(({ id, type, value }) => ({ id, type, value, primary: false })), { type: "Email", value: "koti@example.fi", primary: true }],
    });
    expect(res.status).toBe(200);
    expect((await api.get("/api/me")).body.email).toBe("koti@example.fi");
    expect((await api.get("/api/me/primary-contacts")).body.email).toBe(c.email);
    expect((await customerRow(c.id)).email).toBe(c.email);

    const { link } = codeAndLink((await mailTo("aurora", "koti@example.fi", started)).text);
    const anonymous = new ApiClient("aurora.localhost");
    const click = await anonymous.raw("GET", `${link.pathname}${link.search}`);
    expect(click.status).toBe(303);
    const added = res.body.contacts.find((x: Contact) => x.value === "koti@example.fi");
    expect(click.headers.get("location")).toBe(`/settings?tab=contacts&verified=${added.id}`);
    expect((await api.get("/api/me/primary-contacts")).body.email).toBe("koti@example.fi");
    expect((await customerRow(c.id)).email).toBe("koti@example.fi");
    // A second click says it worked; a made-up link says it did not; a client asking for JSON gets the outcome.
    expect((await anonymous.raw("GET", `${link.pathname}${link.search}`)).headers.get("location")).toBe(`/settings?tab=contacts&verified=${added.id}`);
    expect((await anonymous.raw("GET", "/api/contacts/verify?token=made-up")).headers.get("location")).toBe("/settings?tab=contacts&verification=failed");
    const json = await anonymous.call("GET", "/api/contacts/verify?token=made-up", undefined, { accept: "application/json" });
    expect(json).toMatchObject({ status: 200, body: { verified: false, redirect: "/settings?tab=contacts&verification=failed" } });
    // A link of another site's host does nothing there.
    expect((await new ApiClient("laane.localhost").raw("GET", `${link.pathname}${link.search}`)).headers.get("location")).toContain("verification=failed");
  });

  it("limits wrong codes, expires codes, and a new code replaces the old", async () => {
    const api = await signIn("laane", "house-gas");
    const current = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    const started = new Date(Date.now() - 1000);
    const res = await api.put("/api/me/contacts", {
      contacts: [...current.map(({ id, type, value, primary }) => ({ id, type, value, primary })), { type: "Email", value: "proov@example.ee", primary: false }],
    });
    const added = res.body.contacts.find((x: Contact) => x.value === "proov@example.ee");
    const first = await mailTo("laane", "proov@example.ee", started);
    expect(first.subject).toBe("Kinnitage oma e-posti aadress – Lääne Energia AS");
    const { code } = codeAndLink(first.text);
    const wrongCode = code === "999999" ? "999998" : "999999";
    for (let i = 4; i >= 1; i--) {
      const r = await api.post(`/api/me/contacts/${added.id}/verify`, { code: wrongCode });
      expect(r.body.error.details.attemptsLeft).toBe(i);
    }
    const fifth = await api.post(`/api/me/contacts/${added.id}/verify`, { code: wrongCode });
    expect(fifth.body.error.details.fields[0].message).toBe("settings.errors.code-attempts-exceeded");
    const right = await api.post(`/api/me/contacts/${added.id}/verify`, { code });
    expect(right.status).toBe(422);
    expect(right.body.error.details.fields[0].message).toBe("settings.errors.code-attempts-exceeded");

    const resendAt = new Date(Date.now() - 1000);
    const resend = await api.post(`/api/me/contacts/${added.id}/resend`);
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ contactId: added.id });
    expect(new Date(resend.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
    const second = await mailTo("laane", "proov@example.ee", resendAt);
    const fresh = codeAndLink(second.text);
    // The first mail's link no longer works.
    const old = codeAndLink(first.text).link;
    expect((await new ApiClient("laane.localhost").raw("GET", `${old.pathname}${old.search}`)).headers.get("location")).toBe("/settings?tab=contacts&verification=failed");
    const db = await getDb();
    await db
      .update(contactVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contactVerifications.contactId, added.id));
    const expired = await api.post(`/api/me/contacts/${added.id}/verify`, { code: fresh.code });
    expect(expired.body.error.details.fields[0]).toMatchObject({ path: "code", message: "settings.errors.code-expired" });

    // At most five mails an hour per address (the first came with the change).
    for (let i = 0; i < 3; i++) expect((await api.post(`/api/me/contacts/${added.id}/resend`)).status).toBe(200);
    const tooMany = await api.post(`/api/me/contacts/${added.id}/resend`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("retry-after")).toBeTruthy();
  });

  it("edits an e-mail in place: the same contact, unverified again, with a new mail", async () => {
    const api = await signIn("daugava", "apartment");
    const current = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    const email = current.find((x) => x.type === "Email")!;
    const started = new Date(Date.now() - 1000);
    const res = await api.put("/api/me/contacts", { contacts: current.map(({ id, type, value, primary }) => ({ id, type, primary, value: id === email.id ? "jauna@example.lv" : value })) });
    expect(res.status).toBe(200);
    expect(res.body.contacts.find((x: Contact) => x.id === email.id)).toMatchObject({ value: "jauna@example.lv", verified: false, primary: true });
    const mail = await mailTo("daugava", "jauna@example.lv", started);
    expect(mail.subject).toBe("Apstipriniet savu e-pasta adresi – Daugavas Enerģija SIA");
    // The previous address stays in use until the new one is verified, as long as it is on file.
    expect((await api.get("/api/me/primary-contacts")).body.email).toBeNull();
  });

  it("refuses bad lists with field errors and stores nothing", async () => {
    const api = await signIn("aurora", "new-customer");
    const c = customerOf("aurora", "new-customer");
    const current = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    const keep = current.map(({ id, type, value, primary }) => ({ id, type, value, primary }));
    const before = await snapshot("customer_contacts", c.id);
    const cases: [unknown[], string, string][] = [
      [[...keep, { type: "Email", value: "not-an-address", primary: false }], `contacts.${keep.length}.value`, "settings.errors.email-invalid"],
      [[...keep, { type: "Gsm", value: "12", primary: false }], `contacts.${keep.length}.value`, "settings.errors.phone-invalid"],
      [[...keep, { type: "Gsm", value: "09 4250 1000", primary: false }], `contacts.${keep.length}.value`, "settings.errors.not-a-mobile-number"],
      [[...keep, { type: "Email", value: c.email.toUpperCase(), primary: false }], `contacts.${keep.length}.value`, "settings.errors.contact-duplicate"],
      [[...keep, { type: "Email", value: "toinen@example.fi", primary: true }], `contacts.${keep.length}.primary`, "settings.errors.one-primary-per-type"],
      [[{ ...keep[0], type: "Gsm" }], "contacts.0.type", "settings.errors.contact-type-fixed"],
      [[...keep, ...Array.from({ length: 5 }, (_, i) => ({ type: "Email", value: `x${i}@example.fi`, primary: false }))], `contacts.${keep.length + 4}.value`, "settings.errors.too-many-contacts"],
    ];
    for (const [contacts, path, message] of cases) {
      const res = await api.put("/api/me/contacts", { contacts });
      expect(res.status, message).toBe(422);
      expect(res.body.error.details.fields, message).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
    }
    expect(await snapshot("customer_contacts", c.id)).toBe(before);
  });

  it("answers 404 for another customer's contact ids and changes nothing anywhere", async () => {
    const api = await signIn("aurora", "company-owner");
    const own = customerOf("aurora", "company-owner");
    const otherId = customerOf("aurora", "solar-household").id;
    const db = await getDb();
    const [foreign] = await db
      .select()
      .from(customerContacts)
      .where(and(eq(customerContacts.customerId, otherId), eq(customerContacts.type, "Email")));
    const before = [await snapshot("customer_contacts", own.id), await snapshot("customer_contacts", otherId)];
    const put = await api.put("/api/me/contacts", { contacts: [{ id: foreign.id, type: "Email", value: "stolen@example.fi", primary: true }] });
    expect(put.status).toBe(404);
    expect(put.body.error.message).toBe("settings.errors.contact-not-found");
    for (const [path, body] of [
      [`/api/me/contacts/${foreign.id}/verify`, { code: "123456" }],
      [`/api/me/contacts/${foreign.id}/verify`, { code: "bad" }],
      [`/api/me/contacts/${foreign.id}/resend`, {}],
    ] as const) {
      expect((await api.post(path, body)).status).toBe(404);
    }
    expect([await snapshot("customer_contacts", own.id), await snapshot("customer_contacts", otherId)]).toEqual(before);
  });

  it("without phone numbers on the site: phones are hidden, refused and kept as they are", async () => {
    const api = await signIn("aurora", "house-gas");
    const gas = customerOf("aurora", "house-gas");
    await withFeatures("aurora", { on: ["settings.phone-number-disabled"] }, async () => {
      const listed = (await api.get("/api/me/contacts")).body.contacts as Contact[];
      expect(listed.every((x) => x.type === "Email")).toBe(true);
      expect((await api.get("/api/me/primary-contacts")).body).toMatchObject({ phone: null, gsm: null });
      const refused = await api.put("/api/me/contacts", {
        contacts: [...listed.map(({ id, type, value, primary }) => ({ id, type, value, primary })), { type: "Gsm", value: "040 1112223", primary: true }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.details.fields[0]).toMatchObject({ path: `contacts.${listed.length}.type`, message: "settings.errors.phone-number-disabled" });
      const ok = await api.put("/api/me/contacts", { contacts: listed.filter((x) => x.primary).map(({ id, type, value, primary }) => ({ id, type, value, primary })) });
      expect(ok.status).toBe(200);
    });
    const all = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    expect(all.filter((x) => x.type === "Gsm" || x.type === "Phone")).toHaveLength(2);
    expect(all.filter((x) => x.type === "Email")).toEqual([expect.objectContaining({ value: gas.email, primary: true })]);
  });

  it("a representative keeps contacts up to date but not the primary e-mail", async () => {
    const relative = representation("laane");
    const rep = await signIn("laane", "representative");
    await actAs(rep, relative.id);
    const current = (await rep.get("/api/me/contacts")).body.contacts as Contact[];
    const keep = current.map(({ id, type, value, primary }) => ({ id, type, value, primary }));
    const primaryEmail = keep.find((x) => x.type === "Email" && x.primary)!;
    const before = await snapshot("customer_contacts", relative.id);
    for (const contacts of [
      keep.filter((x) => x.id !== primaryEmail.id),
      keep.map((x) => (x.id === primaryEmail.id ? { ...x, value: "esindaja@example.ee" } : x)),
      [...keep.map((x) => (x.id === primaryEmail.id ? { ...x, primary: false } : x)), { type: "Email", value: "esindaja@example.ee", primary: true }],
    ]) {
      const res = await rep.put("/api/me/contacts", { contacts });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.map((f: { message: string }) => f.message)).toContain("settings.errors.primary-email-owner-only");
    }
    expect(await snapshot("customer_contacts", relative.id)).toBe(before);
    const ok = await rep.put("/api/me/contacts", { contacts: [...keep, { type: "Email", value: "esindaja@example.ee", primary: false }, { type: "Phone", value: "612 3456", primary: true }] });
    expect(ok.status).toBe(200);
    expect(ok.body.contacts.find((x: Contact) => x.value === "esindaja@example.ee")).toMatchObject({ primary: false, pendingVerification: true });
    expect(ok.body.contacts.find((x: Contact) => x.type === "Phone")).toMatchObject({ value: "+3726123456", primary: true });
  });

  it("customer service changes contacts, audited with the staff member", async () => {
    const c = customerOf("daugava", "house-gas");
    const staff = await staffFor("daugava", c.clientCode);
    const staffId = planOf("daugava").staff.find((s) => s.role === "customer_service")!.person.id;
    const current = (await staff.get("/api/me/contacts")).body.contacts as Contact[];
    const res = await staff.put("/api/me/contacts", {
      contacts: [...current.map(({ id, type, value, primary }) => ({ id, type, value, primary })), { type: "Gsm", value: "2612 3456", primary: false }],
    });
    expect(res.status).toBe(200);
    const audit = (await auditActions("daugava", c.id)).find((a) => a.action === "settings:contacts-updated")!;
    expect(audit.actor_person_id).toBe(staffId);
    expect(audit.details).toMatchObject({ customerService: true, added: [{ type: "Gsm", value: "+37126123456" }] });
  });

  it("saves of the same list at once give one contact, never a failure", async () => {
    const api = await signIn("daugava", "house-gas");
    const c = customerOf("daugava", "house-gas");
    const current = ((await api.get("/api/me/contacts")).body.contacts as Contact[]).map(({ id, type, value, primary }) => ({ id, type, value, primary }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.put("/api/me/contacts", { contacts: [...current, { type: "Email", value: "vienlaiks@example.lv", primary: false }] })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const db = await getDb();
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customer_contacts where customer_id = ${c.id}::uuid and value = 'vienlaiks@example.lv'`);
    expect(Number(rows[0].n)).toBe(1);
  });

  it("gives a customer without contact rows its e-mail and phone on file", async () => {
    const c = customerOf("laane", "company-owner");
    const db = await getDb();
    await db.delete(customerContacts).where(eq(customerContacts.customerId, c.id));
    await db.update(customers).set({ email: "Vana@Example.ee", phone: "+372 5555 1234" }).where(eq(customers.id, c.id));
    const api = await signIn("laane", "company-owner");
    await actAs(api, c.id);
    const listed = (await api.get("/api/me/contacts")).body.contacts as Contact[];
    expect(listed).toEqual([
      expect.objectContaining({ type: "Email", value: "vana@example.ee", verified: true, primary: true }),
      expect.objectContaining({ type: "Gsm", value: "+37255551234", primary: true }),
    ]);
    const rows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from customer_contacts where customer_id = ${c.id}::uuid`);
    expect(Number(rows[0].n)).toBe(2);
  });
});
