import { describe, expect, it } from "vitest";
import { luhnValid } from "./card";

describe("the sandbox card form", () => {
  it("accepts the test card and refuses a mistyped one", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("42")).toBe(false);
  });
});
