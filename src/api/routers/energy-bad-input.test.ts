import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";

/** Whether a message key has an English text (every locale has the same keys: messages.test.ts). */
function translated(key: string): boolean {
  const [namespace, ...rest] = key.split(".");
  const file = path.join(process.cwd(), "src/i18n/messages/en-GB", `${namespace}.json`);
  if (!fs.existsSync(file)) return false;
  let node: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const part of rest) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string";
}

let cleanup: () => Promise<void>;
const api = new ApiClient("aurora.localhost", { ip: "10.7.0.1" });
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
  await api.signInSandbox("aurora", { identityId: "aurora-solar-household" });
});
afterAll(async () => cleanup());

/** Query values a client could send: dates in and out of shape, numbers, codes, junk, injection text. */
const value = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.constantFrom("2026-02-30", "2026-13-01", "2026-11-01", "2026-11-01T00:00:00Z", "2026-11-01T00:00:00", "9999-12-31", "0000-01-01", "-1", "1e309", "NaN"),
  fc.constantFrom("15", "5", "60", "day", "month", "week", "year", "custom", "minute", "kWh", "money", "EUR"),
  fc.constantFrom("consumption", "production", "netted", "price", "temperature", "1", "-3", "' or 1=1 --", "%00", "643318111101089964", "000000000000000000"),
);
const query = fc.array(fc.tuple(fc.constantFrom("from", "to", "resolution", "series[]", "series", "gsrn", "gsrn[]", "unit", "year", "objects", "range"), value), { maxLength: 6 });
const ENDPOINTS = [
  "/api/charts/readings",
  "/api/dashboard/statistics/consumption",
  "/api/dashboard/statistics/production",
  "/api/dashboard/statistics/expenses",
  "/api/dashboard/yearly-consumption",
  "/api/locations/cost-estimation",
];

describe("energy endpoints and bad query strings", () => {
  it("answer 200, 404 (another or no such point) or 422 with field errors: never a server error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), query, async (endpoint, pairs) => {
        const q = new URLSearchParams(pairs).toString();
        const res = await api.get(`${endpoint}${q ? `?${q}` : ""}`);
        expect([200, 404, 422], `${endpoint}?${q}: ${res.status}`).toContain(res.status);
        if (res.status === 422) {
          const body = res.body as { error: { details?: { fields?: { path: string; message: string }[] } } };
          expect(body.error.details?.fields?.length, `${endpoint}?${q}`).toBeGreaterThan(0);
          for (const f of body.error.details!.fields!) expect(translated(f.message), `${endpoint}?${q}: ${f.message}`).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
