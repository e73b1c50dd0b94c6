import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import boundaries of docs/ARCHITECTURE.md are enforced by the lint (eslint.config.mjs):
 * deliberately bad imports are refused, good ones pass.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const BOUNDARY_RULES = new Set(["import/no-restricted-paths", "import/no-cycle", "@typescript-eslint/no-restricted-imports", "no-restricted-syntax"]);

let eslint: ESLint;
let texts: ESLint;

beforeAll(() => {
  // `ignore: false`: the fixtures are left out of the normal lint run because they fail it on purpose.
  eslint = new ESLint({ cwd: ROOT, ignore: false });
  // Code checked as text has no file on disk, which import/no-cycle needs; cycles are checked on files.
  texts = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import/no-cycle": "off" } } });
});

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await texts.lintText(code, { filePath: path.join(ROOT, filePath) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("import boundaries", { timeout: 120_000 }, () => {
  it("refuses server code in a component", async () => {
    const errors = await boundaryErrors(`import { getDb } from "@/server/db/client";\nexport const db = getDb;\n`, "src/ui/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import\/no-restricted-paths: .*src\/ui may import only/);
  });

  it("refuses a server type in a component too, and a relative path the same as an alias", async () => {
    const errors = await boundaryErrors(`import type { Site } from "../server/sites/sites";\nexport type S = Site;\n`, "src/ui/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import\/no-restricted-paths/);
  });

  it("refuses routes in server code", async () => {
    const errors = await boundaryErrors(`import Page from "@/app/%5Fsites/[site]/[locale]/(portal)/page";\nexport const page = Page;\n`, "src/server/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import\/no-restricted-paths: .*src\/server must not import/);
  });

  it("keeps src/lib free of everything but src/lib", async () => {
    const errors = await boundaryErrors(`import { AppError } from "@/server/errors";\nexport const E = AppError;\n`, "src/lib/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import\/no-restricted-paths: .*src\/lib is shared/);
  });

  it("keeps components out of the API", async () => {
    const errors = await boundaryErrors(`import { Footer } from "@/ui/shell/footer";\nexport const F = Footer;\n`, "src/api/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^import\/no-restricted-paths: .*src\/api must not import/);
  });

  it("allows only types from the API schemas in a component", async () => {
    const value = await boundaryErrors(`import { z } from "@/api/schemas/boundary-check";\nexport const Z = z;\n`, "src/ui/boundary-check.ts");
    expect(value).toHaveLength(1);
    expect(value[0]).toMatch(/^@typescript-eslint\/no-restricted-imports/);
    const types = await boundaryErrors(`import type { Z } from "@/api/schemas/boundary-check";\nexport type T = Z;\n`, "src/ui/boundary-check.ts");
    expect(types).toEqual([]);
  });

  it("refuses an import cycle", async () => {
    const results = await eslint.lintFiles(["src/test/fixtures/boundaries/cycle-a.ts", "src/test/fixtures/boundaries/cycle-b.ts"]);
    for (const result of results) {
      const cycles = result.messages.filter((m) => m.ruleId === "import/no-cycle");
      expect(cycles, path.basename(result.filePath)).toHaveLength(1);
      expect(cycles[0].message).toMatch(/Dependency cycle/);
    }
  });

  it("refuses a cast to the database handle through unknown", async () => {
    const cast = `import "server-only";\nimport { getDb, type Db } from "@/server/db/client";\nexport const run = async () => (await getDb()).transaction(async (tx) => (tx as unknown as Db).execute("select 1"));\n`;
    const errors = await boundaryErrors(cast, "src/server/boundary-check.ts");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^no-restricted-syntax: Do not cast to Db through unknown/);
    const plain = `import "server-only";\nimport { getDb } from "@/server/db/client";\nexport const run = async () => (await getDb()).transaction(async (tx) => tx.execute("select 1"));\n`;
    expect(await boundaryErrors(plain, "src/server/boundary-check.ts")).toEqual([]);
  });

  it("lets each folder import what the table allows", async () => {
    const ui = `import { hasFeature } from "@/lib/features";\nimport { formatter } from "@/i18n/format";\nimport { getTheme } from "@/themes/registry";\nimport { Footer } from "@/ui/shell/footer";\nexport const all = [hasFeature, formatter, getTheme, Footer];\n`;
    expect(await boundaryErrors(ui, "src/ui/boundary-check.ts")).toEqual([]);
    const server = `import "server-only";\nimport { getDb } from "@/server/db/client";\nimport { hasFeature } from "@/lib/features";\nexport const all = [getDb, hasFeature];\n`;
    expect(await boundaryErrors(server, "src/server/boundary-check.ts")).toEqual([]);
    const app = `import { getPageSite } from "@/server/web/page-context";\nimport { Footer } from "@/ui/shell/footer";\nexport const all = [getPageSite, Footer];\n`;
    expect(await boundaryErrors(app, "src/app/boundary-check.ts")).toEqual([]);
    const lib = `import { addDays } from "@/lib/calendar";\nexport const all = [addDays];\n`;
    expect(await boundaryErrors(lib, "src/lib/boundary-check.ts")).toEqual([]);
  });
});
