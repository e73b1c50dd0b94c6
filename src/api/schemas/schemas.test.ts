import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The schemas are shared with the browser as types: they import nothing but zod, each other and
 * src/lib, and pages and components take only their types, so zod stays out of client bundles.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gm;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

function imports(file: string) {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => ({ typeOnly: !!m[2], from: m[3] }));
}

describe("API schemas", () => {
  it("import only zod, each other and src/lib", () => {
    const wrong = files(path.join(ROOT, "api/schemas")).flatMap((file) =>
      imports(file)
        .filter((i) => !(i.from === "@hono/zod-openapi" || i.from === "zod" || i.from.startsWith("./") || i.from.startsWith("@/lib/")))
        .map((i) => `${path.relative(ROOT, file)} imports ${i.from}`),
    );
    expect(wrong).toEqual([]);
  });

  it("reach pages and components as types only", () => {
    const wrong = [...files(path.join(ROOT, "ui")), ...files(path.join(ROOT, "app"))].flatMap((file) =>
      imports(file)
        .filter((i) => i.from.startsWith("@/api/") && !i.typeOnly)
        .map((i) => `${path.relative(ROOT, file)} imports values of ${i.from}`),
    );
    expect(wrong).toEqual([]);
  });
});
