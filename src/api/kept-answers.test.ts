import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "@/test/db";
import { httpRequest } from "@/test/api-client";
import { keepsAnswerFor } from "./kept-answers";
import { getDb } from "@/server/db/client";
import { sites } from "@/server/db/schema";
import { invalidateSiteCache } from "@/server/sites/sites";
import { forgetReferenceData } from "@/server/reference/reference";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

const host = "aurora.localhost";
const get = (path: string, headers: Record<string, string> = {}) => httpRequest("GET", path, { host, ...headers });

/** The headers of an answer but those that differ by request (its id, the date). */
function sameForEveryone(res: Response) {
  return [...res.headers].filter(([name]) => name !== "x-request-id" && name !== "date").sort();
}

describe("kept answers of the reference endpoints", () => {
  it("answer a second anonymous GET as the app answered the first, with a request id of its own", async () => {
    const path = "/api/countries?kept=1";
    expect(keepsAnswerFor(host, path)).toBe(false);
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(keepsAnswerFor(host, path)).toBe(true);
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(sameForEveryone(second)).toEqual(sameForEveryone(first));
    expect(second.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // The caller's own well-formed id is echoed, a malformed one replaced, as the app does.
    expect((await get(path, { "x-request-id": "req-12345678" })).headers.get("x-request-id")).toBe("req-12345678");
    expect((await get(path, { "x-request-id": "<script>" })).headers.get("x-request-id")).not.toBe("<script>");
  });

  it("are kept per scheme: an answer over HTTPS carries HSTS, one over HTTP does not", async () => {
    const path = "/api/banks/operators";
    const http = await get(path);
    const https = await get(path, { "x-forwarded-proto": "https" });
    const again = await get(path, { "x-forwarded-proto": "https" });
    expect(http.headers.get("strict-transport-security")).toBeNull();
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=/);
    expect(again.headers.get("strict-transport-security")).toBe(https.headers.get("strict-transport-security"));
    expect(keepsAnswerFor(host, path, true)).toBe(true);
  });

  it("are neither kept nor given for a session cookie, a bearer token, an error or another route", async () => {
    await get("/api/banks?type=CARD", { cookie: "portal.session_token=not-a-session" });
    expect(keepsAnswerFor(host, "/api/banks?type=CARD")).toBe(false);
    await get("/api/banks?type=CARD", { authorization: "Bearer eppat_not-a-token" });
    expect(keepsAnswerFor(host, "/api/banks?type=CARD")).toBe(false);
    expect((await get("/api/countries/SE")).status).toBe(404);
    expect(keepsAnswerFor(host, "/api/countries/SE")).toBe(false);
    expect((await get("/api/info")).status).toBe(200);
    expect(keepsAnswerFor(host, "/api/info")).toBe(false);
    // Kept for an anonymous caller, the answer still goes through the app for a signed-in one.
    await get("/api/countries/FI");
    expect(keepsAnswerFor(host, "/api/countries/FI")).toBe(true);
    const signedIn = await get("/api/countries/FI", { cookie: "portal.session_token=not-a-session" });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).code).toBe("FI");
  });

  it("are forgotten when a site changes and when the reference data is loaded again", async () => {
    const banks = async () => ((await (await get("/api/banks")).json()) as { banks: { country: string }[] }).banks.map((b) => b.country);
    expect(new Set(await banks())).toEqual(new Set(["FI"]));
    expect(keepsAnswerFor(host, "/api/banks")).toBe(true);
    const db = await getDb();
    await db.update(sites).set({ country: "EE", updatedAt: new Date() }).where(eq(sites.id, "aurora"));
    try {
      await invalidateSiteCache();
      expect(keepsAnswerFor(host, "/api/banks")).toBe(false);
      expect(new Set(await banks())).toEqual(new Set(["EE"]));
    } finally {
      await db.update(sites).set({ country: "FI", updatedAt: new Date() }).where(eq(sites.id, "aurora"));
      await invalidateSiteCache();
    }
    expect(new Set(await banks())).toEqual(new Set(["FI"]));
    await forgetReferenceData();
    expect(keepsAnswerFor(host, "/api/banks")).toBe(false);
  });
});
