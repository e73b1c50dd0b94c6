import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { getDb, queryRows } from "@/server/db/client";

let cleanup: () => Promise<void>;
const api = new ApiClient("aurora.localhost");
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
});
afterAll(async () => cleanup());

const customerRow = async () => {
  const db = await getDb();
  const [row] = await queryRows<Record<string, unknown>>(db, sql`select email, phone, locale, marketing, updated_at from customers where client_code = '100001' and site_id = 'aurora'`);
  return JSON.stringify(row);
};
const logCount = async () => {
  const db = await getDb();
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from client_logs`);
  return Number(row.n);
};

/** Values that are not a valid profile update: wrong types, unknown keys, bad formats, odd strings. */
const badProfile = fc.oneof(
  fc.anything(),
  fc.record({ email: fc.oneof(fc.string(), fc.integer(), fc.constant("not-an-email"), fc.constant("a@b")) }),
  fc.record({
    phone: fc.oneof(
      fc.string({ maxLength: 40 }).filter((s) => !/^\+?[0-9][0-9 ()-]{5,19}$/.test(s.trim())),
      fc.integer(),
      fc.boolean(),
    ),
  }),
  fc.record({ locale: fc.oneof(fc.constant("de-DE"), fc.string({ maxLength: 20 }), fc.integer()) }),
  fc.record({ marketing: fc.oneof(fc.anything(), fc.record({ email: fc.string(), phone: fc.boolean() })) }),
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !["email", "phone", "locale", "marketing"].includes(k)),
    fc.anything(),
    { minKeys: 1 },
  ),
);

describe("bad input never breaks the API or changes anything", () => {
  it("PUT /api/me: rejected with 422 (or 400 for unreadable JSON), never a 5xx, nothing stored", async () => {
    let before = await customerRow();
    await fc.assert(
      fc.asyncProperty(badProfile, async (body) => {
        const res = await api.call("PUT", "/api/me", body === undefined ? "" : (JSON.stringify(body) ?? "null"));
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) {
          // A random value can happen to be a valid update ({} or a well-formed address): it is kept.
          before = await customerRow();
          return;
        }
        expect([400, 422]).toContain(res.status);
        expect(res.body.error).toMatchObject({ status: res.status });
        expect(await customerRow()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("PUT /api/me with field errors names the fields", async () => {
    const res = await api.put("/api/me", { email: "nope", locale: "de-DE" });
    expect(res.status).toBe(422);
    const paths = res.body.error.details.fields.map((f: { path: string }) => f.path);
    expect(paths).toContain("email");
  });

  it("PUT /api/me accepts a valid update and refuses a language the site does not offer", async () => {
    const ok = await api.put("/api/me", { email: "veikko@example.fi", phone: "+358 40 1234567", marketing: { email: true, phone: false } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: "veikko@example.fi", phone: "+358 40 1234567", marketing: { email: true, phone: false } });
    const before = await customerRow();
    const bad = await api.put("/api/me", { locale: "lv-LV" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details.fields[0]).toMatchObject({ path: "locale", message: "errors.locale-not-available" });
    expect(await customerRow()).toBe(before);
  });

  it("POST /api/logs: bad records are refused and nothing is stored", async () => {
    const before = await logCount();
    const badLog = fc.oneof(
      fc.anything(),
      fc.record({ message: fc.oneof(fc.constant(""), fc.integer(), fc.string({ minLength: 2001, maxLength: 2100 })), level: fc.constantFrom("info", "error") }),
      fc.record({ message: fc.string({ minLength: 1 }), level: fc.string().filter((l) => !["debug", "info", "warn", "error"].includes(l)) }),
      fc.record({ message: fc.constant("x"), level: fc.constant("info"), extra: fc.anything().filter((v) => v !== undefined) }),
    );
    await fc.assert(
      fc.asyncProperty(badLog, async (body) => {
        const res = await api.call("POST", "/api/logs", JSON.stringify(body) ?? "null");
        expect(res.status).toBeLessThan(500);
        expect(res.status).not.toBe(201);
        expect(await logCount()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("POST /api/logs stores a valid record with the client id from the user-id cookie", async () => {
    const client = new ApiClient("aurora.localhost");
    client.cookies.set("user-id", "client-abc-123");
    const res = await client.post("/api/logs", { message: "Render failed", level: "error", payload: { stack: "x" } });
    expect(res.status).toBe(201);
    const db = await getDb();
    const [row] = await queryRows<{ client_id: string; message: string }>(db, sql`select client_id, message from client_logs where id = ${res.body.id}`);
    expect(row).toMatchObject({ client_id: "client-abc-123", message: "Render failed" });
  });
});
