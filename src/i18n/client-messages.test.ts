import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREA_MESSAGES, SHELL_MESSAGES, pickMessages } from "./client-messages";
import { loadLocaleMessages } from "./messages";

const ROOT = path.resolve(__dirname, "..");
function clientFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return clientFiles(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts") && fs.readFileSync(full, "utf8").startsWith('"use client"') ? [full] : [];
  });
}

describe("messages handed to the browser", () => {
  it("picks namespaces and sub-trees, and leaves the rest out", () => {
    const all = loadLocaleMessages("en-GB");
    const picked = pickMessages(all, ["shell", "invoices.errors"]) as Record<string, Record<string, unknown>>;
    expect(Object.keys(picked).sort()).toEqual(["invoices", "shell"]);
    expect(Object.keys(picked.invoices)).toEqual(["errors"]);
    expect(picked.shell).toEqual((all as Record<string, unknown>).shell);
  });

  it("covers every namespace a client component reads", () => {
    const handed = [...SHELL_MESSAGES, ...Object.values(AREA_MESSAGES).flat()];
    const missing: string[] = [];
    for (const file of [...clientFiles(path.join(ROOT, "ui")), ...clientFiles(path.join(ROOT, "app"))]) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/useTranslations\("([^"]+)"\)/g)) {
        const ns = m[1];
        if (!handed.some((h) => ns === h || ns.startsWith(`${h}.`))) missing.push(`${path.relative(ROOT, file)}: ${ns}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
