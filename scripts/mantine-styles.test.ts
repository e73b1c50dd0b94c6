import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGES, STYLES_MODULE, WITHOUT_COMPONENTS, requiredStyles, stylesModule } from "./mantine-styles";

describe("the Mantine styles the portal loads", () => {
  it("are those of every component it uses (npm run mantine-styles writes them)", () => {
    expect(fs.readFileSync(STYLES_MODULE, "utf8")).toBe(stylesModule(requiredStyles()));
  });

  it("are looked for in every Mantine package the portal depends on", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "package.json"), "utf8")) as { dependencies: Record<string, string> };
    const mantine = Object.keys(manifest.dependencies)
      .filter((name) => name.startsWith("@mantine/"))
      .map((name) => name.slice("@mantine/".length));
    expect(mantine.filter((pkg) => !WITHOUT_COMPONENTS.includes(pkg)).sort()).toEqual([...PACKAGES].sort());
  });

  it("follow a component to the components it is built from, in styles.css order", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mantine-styles-"));
    try {
      fs.writeFileSync(path.join(dir, "page.tsx"), 'import { Tabs } from "@mantine/core";\nimport type { SelectProps } from "@mantine/core";\n');
      const styles = requiredStyles(dir);
      expect(styles).toContain("Tabs");
      // Tabs is drawn with UnstyledButton; a type import draws nothing.
      expect(styles).toContain("UnstyledButton");
      expect(styles.indexOf("UnstyledButton")).toBeLessThan(styles.indexOf("Tabs"));
      const without = requiredStyles(fs.mkdtempSync(path.join(dir, "empty-")));
      expect(without).not.toContain("Tabs");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
