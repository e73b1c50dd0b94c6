import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Badge, Group, Stack, Text, rem, themeColor } from "./plain";

const css = fs.readFileSync(path.join(__dirname, "plain.module.css"), "utf8");
const SIZES = ["xs", "sm", "lg", "xl"] as const;

describe("the plain Stack, Group and Text", () => {
  it("has a stylesheet rule for every theme size the components write as a data attribute", () => {
    for (const size of SIZES) {
      expect(css, `gap ${size}`).toContain(`.stack[data-gap="${size}"]`);
      expect(css, `gap ${size}`).toContain(`.group[data-gap="${size}"]`);
      expect(css, `size ${size}`).toContain(`.text[data-size="${size}"]`);
      expect(css, `fz ${size}`).toContain(`.text[data-fz="${size}"]`);
    }
    expect(css).toContain(".text[data-dimmed]");
  });

  it("writes theme sizes as attributes and only the inline styles given", () => {
    const html = renderToStaticMarkup(createElement(Text, { fz: "sm", c: "dimmed" }, "a"));
    expect(html).toContain('data-fz="sm"');
    expect(html).toContain("data-dimmed");
    expect(html).not.toContain("style=");
    const stack = renderToStaticMarkup(createElement(Stack, { gap: 4, align: "center" }, "b"));
    expect(stack).toContain("gap:calc(0.25rem * var(--mantine-scale))");
    expect(stack).toContain("align-items:center");
    expect(stack).not.toContain("--stack");
    expect(stack).not.toContain("data-gap");
    const nav = renderToStaticMarkup(createElement(Group, { component: "nav", gap: "lg", "aria-label": "x" }, "c"));
    expect(nav).toMatch(/^<nav [^>]*data-gap="lg"/);
    expect(nav).not.toContain("style=");
    expect(renderToStaticMarkup(createElement(Text, { c: "red", fw: 600 }, "d"))).toContain('style="color:red;font-weight:600"');
  });

  it("writes pixels as Mantine's rem() does, scaled with the theme", () => {
    expect(rem(4)).toBe("calc(0.25rem * var(--mantine-scale))");
    expect(rem(720)).toBe("calc(45rem * var(--mantine-scale))");
    expect(rem(1280)).toBe("calc(80rem * var(--mantine-scale))");
  });

  it("draws a list as a Stack of its own element", () => {
    const list = renderToStaticMarkup(createElement(Stack, { component: "ul", gap: "sm" }, createElement("li", null, "x")));
    expect(list).toMatch(/^<ul class="[^"]*stack[^"]*" data-gap="sm"><li>x<\/li><\/ul>$/);
  });

  it("draws Mantine's filled Badge: a theme shade as its variable, a section only when given", () => {
    expect(themeColor("blue.9")).toBe("var(--mantine-color-blue-9)");
    expect(themeColor("#1e6b34")).toBe("#1e6b34");
    const badge = renderToStaticMarkup(createElement(Badge, { color: "red.9", size: "sm", leftSection: createElement("svg"), ...({ "data-state": "overdue" } as object) }, "Overdue"));
    expect(badge).toMatch(/^<div class="[^"]*badge[^"]*" data-size="sm" data-with-left-section="true" style="--badge-bg:var\(--mantine-color-red-9\)" data-state="overdue">/);
    expect(badge).toMatch(/<span class="[^"]*badgeSection[^"]*"><svg><\/svg><\/span><span class="[^"]*badgeLabel[^"]*">Overdue<\/span><\/div>$/);
    const plainBadge = renderToStaticMarkup(createElement(Badge, { color: "#123456" }, "Paid"));
    expect(plainBadge).toContain('data-size="md"');
    expect(plainBadge).not.toContain("data-with-left-section");
    expect(plainBadge).not.toContain("badgeSection");
    for (const rule of ['.badge[data-size="sm"]', '.badge[data-size="lg"]', ".badge[data-with-left-section]", ".badge[data-uppercase]", ".badge[data-circle]", '.badge[data-size="xs"]'])
      expect(css).toContain(rule);
  });

  it("draws Mantine's light and default Badge variants with its colours, and its capitals when asked", () => {
    const light = renderToStaticMarkup(createElement(Badge, { variant: "light", color: "gray", uppercase: true }, "Electricity"));
    expect(light).toContain('data-uppercase="true"');
    expect(light).toContain('style="--badge-bg:var(--mantine-color-gray-light);--badge-color:var(--mantine-color-gray-light-color)"');
    const primary = renderToStaticMarkup(createElement(Badge, { variant: "light" }, "New"));
    expect(primary).toContain('style="--badge-bg:var(--mantine-primary-color-light);--badge-color:var(--mantine-primary-color-light-color)"');
    expect(primary).not.toContain("data-uppercase");
    const outlined = renderToStaticMarkup(createElement(Badge, { variant: "default" }, "Home"));
    expect(outlined).toContain(
      "--badge-bg:var(--mantine-color-default);--badge-color:var(--mantine-color-default-color);--badge-bd:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border)",
    );
    // Filled without a colour takes the primary colour from the stylesheet.
    expect(renderToStaticMarkup(createElement(Badge, null, "Paid"))).not.toContain("style=");
    for (const rule of ["color: var(--badge-color)", "border: var(--badge-bd)", "text-transform: uppercase"]) expect(css).toContain(rule);
  });

  it("imports no module but React's types and its stylesheet, so using it adds no client code to a page", () => {
    // The sign-in pages use Text through BrandMark and load no next/link (decision 0021); an
    // import of a client component here would put it in their first scripts.
    const source = fs.readFileSync(path.join(__dirname, "plain.tsx"), "utf8");
    const imports = [...source.matchAll(/^import\s[^;]*?from\s+"([^"]+)"/gms)].map((m) => m[1]);
    expect(imports.sort()).toEqual(["./plain.module.css", "react"]);
    expect(source).toMatch(/^import type \{[^}]*\} from "react";$/m);
  });
});
