import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { PER_ACCOUNT, perAddress } from "./sign-in-limits";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  // The shipped limits: nothing in this file lowers them.
  delete process.env.SIGNIN_RATE_LIMIT_MAX;
  delete process.env.SIGNIN_RATE_LIMIT_WINDOW_SECONDS;
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;

describe("sign-in limits", () => {
  it("let a household behind one router sign in: a dozen people by e-mail within a minute", async () => {
    const router = new ApiClient("aurora.localhost", { ip: "198.51.100.20" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await router.post("/api/sign-in/email", { email: `member${i}-${unique()}@example.com` })).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it("limit one account however many addresses try it, with Retry-After", async () => {
    const email = `target-${unique()}@example.com`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<ApiClient["post"]>> & { body: any } = null!;
    for (let i = 0; i <= PER_ACCOUNT.max; i++) {
      last = await new ApiClient("aurora.localhost", { ip: `192.0.2.${10 + i}` }).post("/api/sign-in/email", { email: email.toUpperCase().replace("EXAMPLE", i % 2 ? "example" : "EXAMPLE") });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(PER_ACCOUNT.max).fill(200), 429]);
    expect(last.body.error.message).toBe("api.errors.rate-limited");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(PER_ACCOUNT.windowSeconds - 60);
    // Another account from the same addresses is not held back.
    expect((await new ApiClient("aurora.localhost", { ip: "192.0.2.10" }).post("/api/sign-in/email", { email: `other-${unique()}@example.com` })).status).toBe(200);
  });

  it("count every sign-in route on one counter per address, which a client-sent id does not reset", async () => {
    const ip = "198.51.100.30";
    const { max } = perAddress();
    let used = 0;
    // Sandbox e-ID starts, e-mail links and OIDC-style starts all count.
    for (; used < max; used++) {
      const api = new ApiClient("aurora.localhost", { ip });
      const res =
        used % 2 === 0
          ? await api.raw("GET", `/api/auth/sandbox-eid/authorize?callbackURL=%2F`, { headers: { "x-client-id": `client-${used}` } })
          : await api.raw("POST", "/api/sign-in/email", { body: { email: `mixed${used}-${unique()}@example.com` }, headers: { "x-client-id": `client-${used}` } });
      expect([200, 302]).toContain(res.status);
      expect(res.headers.get("location") ?? "").not.toContain("TooManyAttempts");
    }
    // The limit reached: the API answers 429 in its error shape, a browser's navigation lands on the translated error page.
    const api = new ApiClient("aurora.localhost", { ip });
    const json = await api.post("/api/sign-in/email", { email: `late-${unique()}@example.com` });
    expect(json.status).toBe(429);
    expect(Number(json.headers.get("retry-after"))).toBeGreaterThan(0);
    for (const path of ["/api/auth/sandbox-eid/authorize?callbackURL=%2F", "/api/auth/magic-link/verify?token=whatever", "/api/auth/sandbox-eid/callback?state=x&code=y"]) {
      const nav = await api.raw("GET", path, { headers: { "x-client-id": "a-fresh-client" } });
      expect(nav.status, path).toBe(302);
      expect(nav.headers.get("location"), path).toBe("/auth/error?error=TooManyAttempts");
      expect(Number(nav.headers.get("retry-after")), path).toBeGreaterThan(0);
    }
    // Another address is not held back.
    expect((await new ApiClient("aurora.localhost", { ip: "198.51.100.31" }).raw("GET", "/api/auth/sandbox-eid/authorize?callbackURL=%2F")).status).toBe(302);
  });
});
