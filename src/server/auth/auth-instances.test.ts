import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "@/test/db";
import { ApiClient } from "@/test/api-client";
import { authInstanceCount } from "./auth";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await useTestDatabase());
});
afterAll(async () => cleanup());

describe("better-auth instances", () => {
  it("stay bounded however many ports a client puts in the Host header", async () => {
    for (let port = 1000; port < 1100; port++) {
      // A session cookie makes the API ask the site's better-auth instance for this origin.
      const client = new ApiClient(`aurora.localhost:${port}`);
      client.cookies.set("portal.session_token", "not-a-session");
      const res = await client.get("/api/session");
      expect(res.status).toBe(200);
    }
    expect(authInstanceCount()).toBeGreaterThan(0);
    expect(authInstanceCount()).toBeLessThanOrEqual(64);
  });
});
