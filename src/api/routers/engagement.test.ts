import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { demoPlans, SEEDERS } from "@/server/demo/seed";
import { listAudit } from "@/server/audit/audit";
import { demoFeedbackFormId, engagementSeeder } from "@/server/demo/engagement-seeder";
import { getDb, queryRows } from "@/server/db/client";
import { feedbackForms } from "@/server/db/schema";

let cleanup: () => Promise<void>;
const customer = new ApiClient("aurora.localhost");
const admin = new ApiClient("aurora.localhost");
const laaneCustomer = new ApiClient("laane.localhost");

beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: [SEEDERS[0], engagementSeeder] }));
  await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
  await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
  await laaneCustomer.signInSandbox("laane", { identityId: "laane-apartment" });
}, 120_000);
afterAll(async () => cleanup());

describe("feedback (spec §4–§6)", () => {
  it("gives the site's active form", async () => {
    const res = await customer.get("/api/feedback/form");
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({ id: demoFeedbackFormId("aurora"), active: true, renew: false, refreshedAt: "2025-01-01T00:00:00.000Z" });
    expect((await laaneCustomer.get("/api/feedback/form")).body.form).toBeNull();
  });

  it("records a rating 1–5 with an optional comment", async () => {
    const formId = demoFeedbackFormId("aurora");
    const res = await customer.put("/api/feedback/send", { formId, rating: 4, openText: "  Clear invoices  " });
    expect(res.status).toBe(201);
    const db = await getDb();
    const [row] = await queryRows<{ rating: number; open_text: string; site_id: string }>(db, sql`select rating, open_text, site_id from feedback_submissions where id = ${res.body.id}`);
    expect(row).toMatchObject({ rating: 4, open_text: "Clear invoices", site_id: "aurora" });
    expect((await customer.put("/api/feedback/send", { formId, rating: 5 })).status).toBe(201);
  });

  it("stores a comment with NUL characters without them", async () => {
    const res = await customer.put("/api/feedback/send", { formId: demoFeedbackFormId("aurora"), rating: 3, openText: "a\u0000b" });
    expect(res.status).toBe(201);
  });

  it("answers 422 errors.no-rating without a numeric rating and errors.invalid-rating outside 1–5", async () => {
    const formId = demoFeedbackFormId("aurora");
    for (const rating of [undefined, null, "4", "", true, [3]]) {
      const res = await customer.put("/api/feedback/send", { formId, ...(rating === undefined ? {} : { rating }) });
      expect(res.status, JSON.stringify(rating)).toBe(422);
      expect(res.body.error.details.fields).toEqual([{ path: "rating", code: "no-rating", message: "errors.no-rating" }]);
    }
    for (const rating of [0, 6, -1, 2.5, 100]) {
      const res = await customer.put("/api/feedback/send", { formId, rating });
      expect(res.status, String(rating)).toBe(422);
      expect(res.body.error.details.fields[0].message).toBe("errors.invalid-rating");
    }
    const db = await getDb();
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from feedback_submissions where rating not between 1 and 5`);
    expect(Number(n)).toBe(0);
  });

  it("does not accept answers to another site's form, an inactive form or a made-up id", async () => {
    const formId = demoFeedbackFormId("aurora");
    expect((await laaneCustomer.put("/api/feedback/send", { formId, rating: 3 })).status).toBe(404);
    expect((await customer.put("/api/feedback/send", { formId: "not-a-form", rating: 3 })).status).toBe(404);
    const db = await getDb();
    await db.update(feedbackForms).set({ active: false }).where(eq(feedbackForms.id, formId));
    try {
      expect((await customer.put("/api/feedback/send", { formId, rating: 3 })).status).toBe(404);
      expect((await customer.get("/api/feedback/form")).body.form).toBeNull();
    } finally {
      await db.update(feedbackForms).set({ active: true }).where(eq(feedbackForms.id, formId));
    }
  });

  it("requires a signed-in person", async () => {
    const anonymous = new ApiClient("aurora.localhost");
    expect((await anonymous.get("/api/feedback/form")).status).toBe(401);
    expect((await anonymous.put("/api/feedback/send", { formId: demoFeedbackFormId("aurora"), rating: 3 })).status).toBe(401);
  });
});

describe("bad input", () => {
  const count = async (table: string) => {
    const db = await getDb();
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
    return Number(row.n);
  };

  it("answers anything malformed with a 4xx and stores nothing", async () => {
    const formId = demoFeedbackFormId("aurora");
    const feedbackBody = fc.oneof(
      fc.anything(),
      fc.record({
        formId: fc.oneof(fc.constant(formId), fc.string()),
        rating: fc.oneof(
          fc.string(),
          fc.double().filter((d) => !Number.isInteger(d)),
          fc.constant(null),
          fc.integer({ min: 6 }),
          fc.integer({ max: 0 }),
        ),
        openText: fc.anything(),
      }),
    );
    const consentBody = fc.oneof(fc.anything(), fc.record({ consentId: fc.string(), categories: fc.anything(), revision: fc.anything(), languageCode: fc.string() }));
    const visitor = new ApiClient("aurora.localhost", { ip: "10.7.7.7" });
    const [feedbackBefore, consentBefore] = [await count("feedback_submissions"), await count("consent_records")];
    await fc.assert(
      fc.asyncProperty(feedbackBody, consentBody, async (f, c) => {
        const a = await customer.put("/api/feedback/send", f);
        const b = await visitor.post("/api/consent", c);
        expect(a.status >= 400 && a.status < 500, `${a.status} ${JSON.stringify(f)}`).toBe(true);
        expect(b.status >= 400 && b.status < 500, `${b.status} ${JSON.stringify(c)}`).toBe(true);
      }),
      { numRuns: 60 },
    );
    expect([await count("feedback_submissions"), await count("consent_records")]).toEqual([feedbackBefore, consentBefore]);
  });
});

describe("announcements (spec §7)", () => {
  const withClient = (api: ApiClient, id: string) => {
    api.cookies.set("user-id", id);
    return id;
  };

  it("lists the site's announcements in the locale, sanitized, links opening in a new tab", async () => {
    const id = withClient(customer, "client-aurora-1");
    const fi = await customer.get(`/api/announcements/${id}?locale=fi-FI`);
    expect(fi.status).toBe(200);
    expect(fi.body.announcements.map((a: { title: string }) => a.title)).toEqual(["Huoltokatko sunnuntaiyönä", "Seuraa pörssisähkön hintaa tunneittain"]);
    const en = await customer.get(`/api/announcements/${id}?locale=en-GB`);
    const withLink = en.body.announcements.find((a: { content: string }) => a.content.includes("<a "));
    expect(withLink.content).toContain('<a href="https://aurora-energia.example/en/spot" target="_blank" rel="noopener noreferrer">');
    // A locale the site does not have falls back to its default locale.
    const other = await customer.get(`/api/announcements/${id}?locale=lv-LV`);
    expect(other.body.announcements[0].title).toBe("Huoltokatko sunnuntaiyönä");
  });

  it("answers only for the caller's own client id", async () => {
    withClient(customer, "client-aurora-1");
    expect((await customer.get("/api/announcements/someone-else?locale=fi-FI")).status).toBe(404);
    const noCookie = new ApiClient("aurora.localhost");
    await noCookie.signInSandbox("aurora", { identityId: "aurora-apartment" });
    expect((await noCookie.get("/api/announcements/client-aurora-1")).status).toBe(404);
    expect((await noCookie.call("GET", "/api/announcements/header-client", undefined, { "x-client-id": "header-client" })).status).toBe(200);
  });

  it("lets administrators publish and remove announcements; the HTML is sanitized when served", async () => {
    withClient(customer, "client-aurora-1");
    const created = await admin.post("/api/site-announcements", {
      title: "<b>Test</b> notice",
      contentHtml: '<p onclick="alert(1)">Hello <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">good</a><script>alert(1)</script></p>',
      locale: "en-GB",
      priority: 99,
    });
    expect(created.status).toBe(201);
    const list = await customer.get("/api/announcements/client-aurora-1?locale=en-GB");
    const item = list.body.announcements[0];
    expect(item.title).toBe("Test notice");
    expect(item.content).toBe('<p>Hello <span>bad</span> <a href="https://ok.example" target="_blank" rel="noopener noreferrer">good</a></p>');
    expect((await customer.post("/api/site-announcements", { title: "x", contentHtml: "y" })).status).toBe(403);
    expect((await customer.call("DELETE", `/api/site-announcements/${item.id}`)).status).toBe(403);
    const laaneAdmin = new ApiClient("laane.localhost");
    await laaneAdmin.signInSandbox("laane", { identityId: "laane-site-admin" });
    expect((await laaneAdmin.call("DELETE", `/api/site-announcements/${item.id}`)).status).toBe(404);
    expect((await admin.call("DELETE", `/api/site-announcements/${item.id}`)).status).toBe(200);
    expect((await admin.call("DELETE", `/api/site-announcements/${item.id}`)).status).toBe(404);
    // Both changes are in the administrators' history, with who made them.
    const history = (await listAudit("aurora")).filter((a) => (a.details as { announcementId?: string } | null)?.announcementId === item.id);
    expect(history.map((a) => a.action).sort()).toEqual(["admin.announcement.create", "admin.announcement.delete"]);
    expect(
      history.every(
        (a) =>
          a.actorPersonId ===
          demoPlans()
            .find((p) => p.site.id === "aurora")!
            .people.find((p) => p.persona === "site-admin")!.id,
      ),
    ).toBe(true);
    const after = await customer.get("/api/announcements/client-aurora-1?locale=en-GB");
    expect(after.body.announcements.some((a: { id: string }) => a.id === item.id)).toBe(false);
  });

  it("accepts content with NUL characters (dropped) and serves it sanitized", async () => {
    withClient(customer, "client-aurora-1");
    const created = await admin.post("/api/site-announcements", { title: "N\u0000UL", contentHtml: '<a href="javas\u0000cript:alert(1)">x</a>', locale: "en-GB" });
    expect(created.status).toBe(201);
    expect(created.body.announcement).toMatchObject({ title: "NUL", content: "<span>x</span>" });
    await admin.call("DELETE", `/api/site-announcements/${created.body.announcement.id}`);
  });

  it("hides scheduled and expired announcements", async () => {
    withClient(customer, "client-aurora-1");
    const future = await admin.post("/api/site-announcements", { title: "Later", contentHtml: "<p>x</p>", publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    const expired = await admin.post("/api/site-announcements", { title: "Gone", contentHtml: "<p>x</p>", expiresAt: new Date(Date.now() - 1000).toISOString() });
    const everywhere = await admin.post("/api/site-announcements", { title: "Everyone", contentHtml: "<p>x</p>", locale: null });
    const titles = (await customer.get("/api/announcements/client-aurora-1?locale=sv-FI")).body.announcements.map((a: { title: string }) => a.title);
    expect(titles).toContain("Everyone");
    expect(titles).not.toContain("Later");
    expect(titles).not.toContain("Gone");
    for (const r of [future, expired, everywhere]) await admin.call("DELETE", `/api/site-announcements/${r.body.announcement.id}`);
  });
});

describe("cookie consent (spec §3, §4)", () => {
  const record = (over: Record<string, unknown> = {}) => ({
    consentId: "3c1f2b9e-7d2a-4b6f-9a51-0c8d2e4f6a7b",
    acceptType: "custom",
    categories: ["necessary", "analytics"],
    services: { necessary: [], analytics: [] },
    revision: 0,
    data: null,
    languageCode: "fi-FI",
    consentTimestamp: "2025-02-01T10:00:00.000Z",
    lastConsentTimestamp: "2025-02-01T10:00:00.000Z",
    expirationTime: Date.parse("2025-08-02T10:00:00.000Z"),
    ...over,
  });

  it("stores every decision with the client id, so the supplier can prove it", async () => {
    const visitor = new ApiClient("aurora.localhost");
    visitor.cookies.set("user-id", "visitor-42");
    expect((await visitor.post("/api/consent", record())).status).toBe(201);
    expect((await visitor.post("/api/consent", record({ categories: ["necessary"], acceptType: "necessary", lastConsentTimestamp: "2025-03-01T09:00:00.000Z" }))).status).toBe(201);
    const db = await getDb();
    const rows = await queryRows<{ client_id: string; categories: string[]; accept_type: string; site_id: string; person_id: string | null }>(
      db,
      sql`select client_id, categories, accept_type, site_id, person_id from consent_records where consent_id = '3c1f2b9e-7d2a-4b6f-9a51-0c8d2e4f6a7b' order by last_consent_timestamp`,
    );
    expect(rows.map((r) => [r.site_id, r.client_id, r.accept_type, r.categories])).toEqual([
      ["aurora", "visitor-42", "custom", ["necessary", "analytics"]],
      ["aurora", "visitor-42", "necessary", ["necessary"]],
    ]);
    expect(rows[0].person_id).toBeNull();
  });

  it("refuses malformed records and too many of them", async () => {
    const visitor = new ApiClient("aurora.localhost", { ip: "10.9.9.9" });
    expect((await visitor.post("/api/consent", record({ categories: ["<script>"] }))).status).toBe(422);
    expect((await visitor.post("/api/consent", record({ consentTimestamp: "yesterday" }))).status).toBe(422);
    expect((await visitor.post("/api/consent", { ...record(), extra: 1 })).status).toBe(422);
    expect((await visitor.post("/api/consent", record({ languageCode: "fi\u0000" }))).status).toBe(422);
    expect((await visitor.post("/api/consent", record({ data: { a: "\u0000" } }))).status).toBe(422);
    let last = 0;
    for (let i = 0; i < 32; i++) last = (await visitor.post("/api/consent", record())).status;
    expect(last).toBe(429);
  });

  it("raises the revision for administrators only", async () => {
    const visitor = new ApiClient("aurora.localhost");
    expect((await visitor.get("/api/consent/revision")).body.revision).toBe(0);
    expect((await customer.put("/api/consent/revision")).status).toBe(403);
    expect((await admin.put("/api/consent/revision")).body.revision).toBe(1);
    expect((await admin.put("/api/consent/revision")).body.revision).toBe(2);
    expect((await visitor.get("/api/consent/revision")).body.revision).toBe(2);
    expect((await new ApiClient("laane.localhost").get("/api/consent/revision")).body.revision).toBe(0);
  });

  it("serves the first-party analytics tag only for the site's own measurement id", async () => {
    const visitor = new ApiClient("laane.localhost");
    const res = await visitor.raw("GET", "/api/consent/analytics.js?id=G-DEMO0000EE");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/javascript");
    const js = await res.text();
    expect(js).toContain("window.dataLayer");
    expect(js).not.toMatch(/https?:\/\//);
    expect((await visitor.get("/api/consent/analytics.js?id=G-OTHER00000")).status).toBe(404);
    expect((await new ApiClient("aurora.localhost").get("/api/consent/analytics.js?id=G-DEMO0000EE")).status).toBe(404);
    expect((await visitor.get("/api/consent/analytics.js?id=%3Cscript%3E")).status).toBe(422);
  });

  it("tells the browser its own client id", async () => {
    const visitor = new ApiClient("aurora.localhost");
    expect((await visitor.get("/api/client-id")).body).toEqual({ clientId: null });
    visitor.cookies.set("user-id", "0b6f3c1e-1111-4222-8333-444455556666");
    expect((await visitor.get("/api/client-id")).body).toEqual({ clientId: "0b6f3c1e-1111-4222-8333-444455556666" });
  });
});
