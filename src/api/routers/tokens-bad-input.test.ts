import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { ApiClient, httpRequest } from "@/test/api-client";
import { SEEDERS } from "@/server/demo/seed";
import { getDb, queryRows } from "@/server/db/client";

/**
 * Bad input for personal API tokens, as property tests: whatever the creation body or the
 * Authorization header, never a 5xx; a refused body is a 4xx in the error shape and stores no
 * token; a header that is not a live token of this site never reads anything.
 */
let cleanup: () => Promise<void>;
const api = new ApiClient("aurora.localhost", { ip: "10.32.0.1" });
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase({ seeders: SEEDERS.filter((s) => s.name === "sites, people and customers") }));
  await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
});
afterAll(async () => cleanup());

async function tokenCount(): Promise<number> {
  const db = await getDb();
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from api_tokens`);
  return Number(n);
}

const SCOPES = ["read-consumption", "read-prices", "read-invoices"];
const anyJson = fc.jsonValue();
const body = fc.oneof(
  anyJson,
  fc.record(
    {
      name: fc.oneof(fc.string({ maxLength: 120 }), fc.constant(""), fc.constant("   "), fc.constant("a\u0000b"), fc.integer(), fc.constant(null)),
      scopes: fc.oneof(fc.array(fc.constantFrom(...SCOPES, "write-invoices", "", "READ-PRICES"), { maxLength: 6 }), fc.string(), fc.constant(null)),
      expiresInDays: fc.oneof(fc.constantFrom(30, 90, 365, 0, -1, 31, 366, 1e12), fc.string(), fc.double()),
      extra: fc.option(fc.string(), { nil: undefined }),
    },
    { requiredKeys: [] },
  ),
);

describe("token creation with any body", () => {
  it("never answers 5xx; a refusal stores no token; an acceptance stores exactly one", async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const before = await tokenCount();
        const res = await api.call("POST", "/api/me/api-tokens", JSON.stringify(b) ?? "null");
        expect(res.status, JSON.stringify(b)).toBeLessThan(500);
        if (res.status === 201) {
          expect(await tokenCount()).toBe(before + 1);
          expect(res.body.token).toMatch(/^eppat_/);
          // Stay under the live-token limit.
          expect((await api.call("DELETE", `/api/me/api-tokens/${res.body.apiToken.id}`)).status).toBe(200);
        } else {
          expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
          expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String), status: res.status });
          for (const f of res.body.error.details?.fields ?? []) expect(f.message).toMatch(/^[a-z][a-z0-9_.-]*$/i);
          expect(await tokenCount()).toBe(before);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe("any Authorization header", () => {
  it("never answers 5xx and never reads without a live token", async () => {
    const header = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ maxLength: 200 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 200 }).map((s) => `Bearer eppat_${s}`),
      fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/).map((s) => `bearer eppat_${s}`),
      fc.constantFrom("Bearer", "Bearer ", "Bearer eppat_", `Bearer eppat_${"x".repeat(5000)}`, "Basic eppat_abc", "Bearer pit_abc", "Bearer  eppat_abc  "),
    );
    const path = fc.constantFrom("/api/invoices", "/api/dashboard/statistics/spot", "/api/usage-points/me", "/api/me", "/api/reference/countries");
    await fc.assert(
      fc.asyncProperty(header, path, async (h, p) => {
        // Node refuses header values with control characters before sending: such a request cannot reach the server.
        if (/[^\t\x20-\x7e\x80-\xff]/.test(h)) return;
        const res = await httpRequest("GET", p, { host: "aurora.localhost", authorization: h });
        expect(res.status, h).toBeLessThan(500);
        if (p !== "/api/reference/countries") expect([401, 403, 404, 429], h).toContain(res.status);
      }),
      { numRuns: 150 },
    );
  });
});
