import { describe, expect, it } from "vitest";
import { AppError, notFound } from "./errors";

describe("AppError", () => {
  it("keeps a stack for a server error only", () => {
    const refused = notFound();
    expect(refused).toBeInstanceOf(Error);
    expect(refused.status).toBe(404);
    expect(refused.stack?.split("\n").filter((l) => l.trim().startsWith("at ")) ?? []).toHaveLength(0);
    const failed = new AppError("internal", "api.errors.internal");
    expect(failed.status).toBe(500);
    expect(failed.stack).toContain("errors.test.ts");
    // The limit is the process's again afterwards.
    expect(new Error("plain").stack).toContain("errors.test.ts");
  });
});
