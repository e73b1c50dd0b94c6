import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb } from "@/server/db/client";
import { feedbackForms, feedbackSubmissions } from "@/server/db/schema";
import { demoFeedbackFormId } from "@/server/demo/engagement-seeder";

let cleanup: () => Promise<void>;
const admin = new ApiClient("aurora.localhost", { ip: "10.32.0.1" });
const customer = new ApiClient("aurora.localhost", { ip: "10.32.0.2" });
const laaneAdmin = new ApiClient("laane.localhost", { ip: "10.32.0.3" });
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => ["sites, people and customers", "announcements and feedback forms"].includes(s.name)) }));
  await admin.signInSandbox("aurora", { identityId: "aurora-site-admin" });
  await customer.signInSandbox("aurora", { identityId: "aurora-solar-household" });
  await laaneAdmin.signInSandbox("laane", { identityId: "laane-site-admin" });
});
afterAll(async () => cleanup());

const BASE = "/api/admin/site/aurora";
async function formRows() {
  const db = await getDb();
  return JSON.stringify(await db.select().from(feedbackForms).orderBy(feedbackForms.id));
}
async function submissionCount() {
  const db = await getDb();
  return (await db.select().from(feedbackSubmissions)).length;
}

describe("feedback forms", () => {
  it("lists the site's forms with their answers", async () => {
    const res = await admin.get(`${BASE}/feedback-form`);
    expect(res.status).toBe(200);
    expect(res.body.forms).toEqual([expect.objectContaining({ id: demoFeedbackFormId("aurora"), name: "portal-satisfaction", active: true, answers: 0, average: null })]);
  });

  it("adds a form, a customer answers, the results show the distribution and texts, the CSV has every answer", async () => {
    const add = await admin.post(`${BASE}/feedback-form/add`, { name: "after-redesign" });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ name: "after-redesign", active: false, answers: 0 });
    const formId = add.body.id as string;
    // Inactive: customers are not asked and cannot answer.
    expect((await customer.put("/api/feedback/send", { formId, rating: 4 })).status).toBe(404);
    const on = await admin.call("PATCH", `${BASE}/feedback-form/update`, { formId, active: true, renew: true });
    expect(on.status).toBe(200);
    expect((await customer.get("/api/feedback/form")).body.form).toMatchObject({ id: formId });
    expect((await customer.put("/api/feedback/send", { formId, rating: 4, openText: '=HYPERLINK(1); nice, "really"' })).status).toBeLessThan(300);
    expect((await customer.put("/api/feedback/send", { formId, rating: 2 })).status).toBeLessThan(300);

    const results = await admin.get(`${BASE}/feedback/${formId}`);
    expect(results.status).toBe(200);
    expect(results.body.form).toMatchObject({ answers: 2, average: 3 });
    expect(results.body.distribution).toEqual([1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 2 || rating === 4 ? 1 : 0 })));
    expect(results.body.openTexts).toEqual([expect.objectContaining({ rating: 4, openText: '=HYPERLINK(1); nice, "really"' })]);

    const csv = await admin.raw("GET", `${BASE}/feedback/${formId}?format=csv&locale=en-GB`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain('filename="feedback-after-redesign.csv"');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Rating,Language,Comment");
    expect(lines).toHaveLength(3);
    // A formula is written as text, and a field with the separator or quotes is quoted.
    expect(lines.some((l) => l.endsWith(`"'=HYPERLINK(1); nice, ""really"""`))).toBe(true);
    const fi = await (await admin.raw("GET", `${BASE}/feedback/${formId}?format=csv&locale=fi-FI`)).text();
    expect(fi.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Aika (UTC);Arvosana;Kieli;Kommentti");

    const deleted = await admin.call("DELETE", `${BASE}/feedback-submissions`, { formId });
    expect(deleted.body).toEqual({ deleted: 2 });
    expect((await admin.get(`${BASE}/feedback/${formId}`)).body.form.answers).toBe(0);
    const history = (await admin.get(`${BASE}/audit`)).body.entries.map((e: { action: string }) => e.action);
    expect(history).toEqual(expect.arrayContaining(["feedback-form.add", "feedback-form.update", "feedback-submissions.delete"]));
  });

  it("renewing moves refreshedAt, so the dialog asks again", async () => {
    const formId = demoFeedbackFormId("aurora");
    const res = await admin.call("PATCH", `${BASE}/feedback-form/update`, { formId, active: true, renew: true });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.refreshedAt)).toBeGreaterThan(Date.now() - 10_000);
    const db = await getDb();
    const [row] = await db.select().from(feedbackForms).where(eq(feedbackForms.id, formId));
    expect(row.refreshedAt.toISOString()).toBe(res.body.refreshedAt);
    expect((await customer.get("/api/feedback/form")).body.form).toMatchObject({ id: formId, refreshedAt: res.body.refreshedAt });
  });

  it("refuses bad names (422) and another site's forms (404), changing nothing", async () => {
    const before = [await formRows(), await submissionCount()];
    for (const name of ["has space", "ä-umlaut", "", "x".repeat(61), "under_score"]) {
      const res = await admin.post(`${BASE}/feedback-form/add`, { name });
      expect(res.status, name).toBe(422);
    }
    expect((await admin.post(`${BASE}/feedback-form/add`, { name: "portal-satisfaction" })).body.error.details.fields[0].message).toBe("admin.errors.form-name-taken");
    const laaneForm = (await laaneAdmin.post("/api/admin/site/laane/feedback-form/add", { name: "laane-form" })).body.id as string;
    const after = [await formRows(), await submissionCount()];
    expect((await admin.call("PATCH", `${BASE}/feedback-form/update`, { formId: laaneForm, active: true })).status).toBe(404);
    expect((await admin.get(`${BASE}/feedback/${laaneForm}`)).status).toBe(404);
    expect((await admin.call("DELETE", `${BASE}/feedback-submissions`, { formId: laaneForm })).status).toBe(404);
    expect((await admin.get(`${BASE}/feedback/not-a-uuid`)).status).toBe(404);
    expect([await formRows(), await submissionCount()]).toEqual(after);
    expect(after[1]).toBe(before[1]);
  });

  it("bad input to the mutating endpoints never answers 5xx and a refusal stores nothing", async () => {
    let before = await formRows();
    const body = fc.oneof(
      fc.anything(),
      fc.record({ name: fc.oneof(fc.string(), fc.integer()), active: fc.anything() }),
      fc.record({ formId: fc.oneof(fc.uuid(), fc.string()), active: fc.anything(), renew: fc.anything() }),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(["POST", "/feedback-form/add"], ["PATCH", "/feedback-form/update"], ["DELETE", "/feedback-submissions"]), async (b, [method, path]) => {
        const res = await admin.call(method, `${BASE}${path}`, JSON.stringify(b) ?? "null");
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(await formRows()).toBe(before);
        // A random body can be a valid change (a new name, a form switched off): compare from there on.
        else before = await formRows();
      }),
      { numRuns: 100 },
    );
  });
});
