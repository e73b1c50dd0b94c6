import { describe, expect, it } from "vitest";
import { resolveColorScheme } from "./color-scheme";

describe("colour-scheme rules (spec §4)", () => {
  it("is light without the dark-theme feature, whatever is stored", () => {
    for (const stored of ["dark", "auto", "light", undefined, "x"]) for (const override of ["true", undefined]) expect(resolveColorScheme({ darkAllowed: false, stored, override })).toBe("light");
  });
  it("follows the system unless the override is true", () => {
    expect(resolveColorScheme({ darkAllowed: true, stored: "dark", override: undefined })).toBe("auto");
    expect(resolveColorScheme({ darkAllowed: true, stored: "dark", override: "false" })).toBe("auto");
    expect(resolveColorScheme({ darkAllowed: true, stored: undefined, override: undefined })).toBe("auto");
  });
  it("uses the stored choice with the override, light by default", () => {
    expect(resolveColorScheme({ darkAllowed: true, stored: "dark", override: "true" })).toBe("dark");
    expect(resolveColorScheme({ darkAllowed: true, stored: "light", override: "true" })).toBe("light");
    expect(resolveColorScheme({ darkAllowed: true, stored: "auto", override: "true" })).toBe("auto");
    expect(resolveColorScheme({ darkAllowed: true, stored: "purple", override: "true" })).toBe("light");
    expect(resolveColorScheme({ darkAllowed: true, stored: undefined, override: "true" })).toBe("light");
  });
});
