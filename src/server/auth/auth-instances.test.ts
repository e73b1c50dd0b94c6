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
      const res = await new ApiClient(`aurora.localhost:${port}`).get("/api/auth/get-session");
      expect(res.status).toBe(200);
    }
    expect(authInstanceCount()).toBeGreaterThan(0);
    expect(authInstanceCount()).toBeLessThanOrEqual(64);
  });
});
