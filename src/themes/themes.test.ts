import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, it, expect } from "vitest";
import { AA_NON_TEXT, AA_NORMAL_TEXT, contrastRatio, parseHex, relativeLuminance } from "./contrast";
import { MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { chartColorVariable, createMantineTheme, themeCssText, themeCssVariablesInput } from "./mantine";
import { allThemes, getTheme, isThemeId } from "./registry";
import { BUTTON_RADII, CHART_SERIES, DEFAULT_THEME_ID, HEADER_HEIGHTS, THEME_IDS, UTILITIES, type PortalTheme } from "./types";

const PUBLIC_DIR = fileURLToPath(new URL("../../public", import.meta.url));
const SCHEMES = ["light", "dark"] as const;
const FILLED_TEXT = "#ffffff";
const MAX_SVG_BYTES = 6 * 1024;

const themes = allThemes();

/** Mantine's `darken(color, alpha)`: scales the RGB channels towards black. */
function darken(hex: string, alpha: number): string {
  return (
    "#" +
    parseHex(hex)
      .map((c) =>
        Math.round(c * (1 - alpha))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

interface Check {
  what: string;
  ratio: number;
  min: number;
}

/** Every contrast pair that a theme must satisfy in one colour scheme. */
function contrastChecks(theme: PortalTheme, scheme: "light" | "dark"): Check[] {
  const checks: Check[] = [];
  const add = (what: string, fg: string, bg: string, min: number) => checks.push({ what: `${what} (${fg} on ${bg})`, ratio: contrastRatio(fg, bg), min });
  const { primary } = theme;
  const filled = primary[theme.primaryShade[scheme]];
  const page = theme.background[scheme];
  const surface = theme.surface[scheme];

  add("filled button text", FILLED_TEXT, filled, AA_NORMAL_TEXT);
  if (scheme === "light") {
    // anchors, `c="primary"` text and outline buttons use the light primary shade
    add("link on page", filled, page, AA_NORMAL_TEXT);
    add("link on surface", filled, surface, AA_NORMAL_TEXT);
    // light variant: shade 9 text on shade 1
    add("light variant", primary[9], primary[1], AA_NORMAL_TEXT);
  } else {
    // anchors and primary text use shade 4 in dark mode
    add("link on page", primary[4], page, AA_NORMAL_TEXT);
    add("link on surface", primary[4], surface, AA_NORMAL_TEXT);
    // outline buttons use shade (primaryShade.dark - 4)
    const outline = primary[Math.max(theme.primaryShade.dark - 4, 0)];
    add("outline button on page", outline, page, AA_NORMAL_TEXT);
    add("outline button on surface", outline, surface, AA_NORMAL_TEXT);
    // light variant: shade 0 text on darkened shade 9
    add("light variant", primary[0], darken(primary[9], 0.5), AA_NORMAL_TEXT);
  }
  add("header text", theme.header[scheme].text, theme.header[scheme].background, AA_NORMAL_TEXT);
  add("body text on page", theme.text[scheme], page, AA_NORMAL_TEXT);
  add("body text on surface", theme.text[scheme], surface, AA_NORMAL_TEXT);
  for (const utility of UTILITIES) {
    for (const series of CHART_SERIES) {
      const colour = theme.chartColors[utility][scheme][series];
      add(`chart ${utility}.${series} on surface`, colour, surface, AA_NON_TEXT);
      add(`chart ${utility}.${series} on page`, colour, page, AA_NON_TEXT);
    }
    add(`utility colour ${utility} on surface`, theme.utilityColors[utility], surface, AA_NON_TEXT);
  }
  return checks;
}

function assetPaths(theme: PortalTheme): string[] {
  return [
    theme.logo.light,
    theme.logo.dark,
    theme.emailLogo,
    theme.favicon,
    theme.signInBackground,
    theme.pwa.logo,
    theme.pwa.splash,
    ...theme.pwa.screenshots,
    theme.notificationIcon,
    theme.notificationBadge,
  ].filter((p): p is string => p !== null);
}

/**
 * Minimal SVG well-formedness check: an optional XML declaration, a single balanced `<svg>` root,
 * properly nested elements, a `<title>` and `role="img"`. Returns a list of problems.
 */
function svgProblems(source: string): string[] {
  const problems: string[] = [];
  const text = source.replace(/^\uFEFF/, "").trim();
  if (!text.startsWith("<svg") && !text.startsWith("<?xml")) problems.push("does not start with <svg or <?xml");
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, "").replace(/<!--[\s\S]*?-->/g, "");
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(body))) {
    const between = body.slice(last, match.index);
    if (stack.length === 0 && between.trim() !== "") problems.push(`content outside the root: ${between.trim().slice(0, 20)}`);
    if (/[<>]/.test(between)) problems.push(`stray angle bracket near ${between.slice(0, 20)}`);
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? "nothing"}>`);
    } else {
      if (stack.length === 0) {
        roots++;
        if (name !== "svg") problems.push(`root element is <${name}>`);
      }
      if (!selfClosing) stack.push(name);
    }
  }
  if (body.slice(last).trim() !== "") problems.push("content after the root element");
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  if (!/<svg\b[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(body)) problems.push("missing svg namespace");
  if (!/<svg\b[^>]*\brole="img"/.test(body)) problems.push('missing role="img"');
  if (!/<title>[^<]+<\/title>/.test(body)) problems.push("missing <title>");
  if (!/<svg\b[^>]*\bviewBox="[\d.\s-]+"/.test(body)) problems.push("missing viewBox");
  return problems;
}

describe("contrast helpers", () => {
  it("computes WCAG luminance and ratios", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(relativeLuminance("#000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#123456", "#123456")).toBe(1);
    expect(() => parseHex("blue")).toThrow();
  });
});

describe("SVG check", () => {
  it("accepts a minimal SVG and rejects broken ones", () => {
    const ok = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" role="img"><title>x</title><g><path d="M0 0h1"/></g></svg>';
    expect(svgProblems(ok)).toEqual([]);
    expect(svgProblems('<?xml version="1.0"?>\n' + ok)).toEqual([]);
    expect(svgProblems(ok.replace("</g>", ""))).not.toEqual([]);
    expect(svgProblems(ok.replace("<title>x</title>", ""))).not.toEqual([]);
    expect(svgProblems(ok.replace(' role="img"', ""))).not.toEqual([]);
    expect(svgProblems(ok + "<svg></svg>")).not.toEqual([]);
    expect(svgProblems("<html>" + ok + "</html>")).not.toEqual([]);
  });
});

describe("theme registry", () => {
  it("registers all 13 themes, in order, with matching ids", () => {
    expect(THEME_IDS).toHaveLength(13);
    expect(themes.map((t) => t.id)).toEqual([...THEME_IDS]);
    for (const id of THEME_IDS) {
      expect(isThemeId(id)).toBe(true);
      expect(getTheme(id).id).toBe(id);
    }
  });

  it("falls back to the default theme for unknown ids", () => {
    expect(DEFAULT_THEME_ID).toBe("voima");
    expect(getTheme("no-such-theme").id).toBe("voima");
    expect(getTheme("").id).toBe("voima");
    expect(getTheme("toString").id).toBe("voima");
    expect(isThemeId("toString")).toBe(false);
    expect(isThemeId(undefined)).toBe(false);
  });

  it("has distinct brands", () => {
    const primaries = themes.map((t) => t.primary[6].toLowerCase());
    expect(new Set(primaries).size).toBe(themes.length);
    expect(new Set(themes.map((t) => t.name)).size).toBe(themes.length);
    expect(new Set(themes.map((t) => t.accent[6].toLowerCase())).size).toBe(themes.length);
  });

  it("uses only the allowed header heights and button radii, and all of them", () => {
    for (const t of themes) {
      expect(HEADER_HEIGHTS).toContain(t.headerHeight);
      expect(BUTTON_RADII).toContain(t.buttonRadius);
    }
    for (const h of HEADER_HEIGHTS) expect(themes.some((t) => t.headerHeight === h)).toBe(true);
    for (const r of BUTTON_RADII) expect(themes.some((t) => t.buttonRadius === r)).toBe(true);
  });
});

describe.each(themes.map((t) => [t.id, t] as const))("theme %s", (id, theme) => {
  it("has well-formed colour data", () => {
    const hex = /^#[0-9a-f]{6}$/i;
    for (const tuple of [theme.primary, theme.accent]) {
      expect(tuple).toHaveLength(10);
      for (const c of tuple) expect(c).toMatch(hex);
      // shades go from light to dark
      for (let i = 1; i < 10; i++) expect(relativeLuminance(tuple[i])).toBeLessThan(relativeLuminance(tuple[i - 1]));
    }
    for (const scheme of SCHEMES) {
      expect(theme.primaryShade[scheme]).toBeGreaterThanOrEqual(0);
      expect(theme.primaryShade[scheme]).toBeLessThanOrEqual(9);
      for (const c of [theme.background[scheme], theme.surface[scheme], theme.text[scheme]]) expect(c).toMatch(hex);
      expect(theme.header[scheme].background).toMatch(hex);
      expect(theme.header[scheme].text).toMatch(hex);
      for (const u of UTILITIES) for (const s of CHART_SERIES) expect(theme.chartColors[u][scheme][s]).toMatch(hex);
    }
    for (const u of UTILITIES) expect(theme.utilityColors[u]).toMatch(hex);
    expect(theme.pwa.themeColor).toMatch(hex);
    expect(theme.name.trim()).not.toBe("");
    expect(theme.fontFamily).toMatch(/(sans-serif|serif|monospace)$/);
    expect(theme.headingFontFamily).toMatch(/(sans-serif|serif|monospace)$/);
  });

  it("keeps body text close to the usual neutral text colours", () => {
    expect(contrastRatio(theme.text.light, "#212529")).toBeLessThan(1.3);
    expect(contrastRatio(theme.text.dark, "#c9c9c9")).toBeLessThan(1.3);
  });

  it.each(SCHEMES)("meets WCAG 2.2 AA contrast in the %s scheme", (scheme) => {
    const failures = contrastChecks(theme, scheme)
      .filter((c) => c.ratio < c.min)
      .map((c) => `${c.what}: ${c.ratio.toFixed(2)} < ${c.min}`);
    expect(failures).toEqual([]);
  });

  it("only references existing, well-formed SVG assets of its own", () => {
    const paths = assetPaths(theme);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) {
      expect(p.startsWith(`/themes/${id}/`), p).toBe(true);
      expect(p.endsWith(".svg"), p).toBe(true);
      const file = PUBLIC_DIR + p;
      expect(existsSync(file), `${file} exists`).toBe(true);
      expect(statSync(file).size, `${p} size`).toBeLessThan(MAX_SVG_BYTES);
      expect(svgProblems(readFileSync(file, "utf8")), p).toEqual([]);
    }
  });

  it("pairs the notification icon with a badge, and sizes its logo", () => {
    expect(theme.notificationIcon === null).toBe(theme.notificationBadge === null);
    expect(theme.logo.width).toBeGreaterThan(0);
    expect(theme.logo.height).toBeGreaterThan(0);
    expect(theme.logo.height).toBeLessThan(theme.headerHeight);
  });

  it("maps to a Mantine theme and CSS variables", () => {
    const mantine = createMantineTheme(theme);
    expect(mantine.primaryColor).toBe("primary");
    expect(mantine.colors?.primary).toEqual(theme.primary);
    expect(mantine.colors?.accent).toEqual(theme.accent);
    expect(mantine.primaryShade).toEqual(theme.primaryShade);
    expect(mantine.fontFamily).toBe(theme.fontFamily);
    expect(mantine.headings?.fontFamily).toBe(theme.headingFontFamily);
    expect(mantine.components?.Button?.defaultProps).toMatchObject({ radius: theme.buttonRadius });
    expect(mantine.defaultRadius).toBeDefined();

    const resolved = themeCssVariablesInput(theme);
    expect(resolved.variables["--portal-header-height"]).toBe(`${theme.headerHeight}px`);
    for (const scheme of SCHEMES) {
      const vars = resolved[scheme];
      expect(vars["--portal-header-bg"]).toBe(theme.header[scheme].background);
      expect(vars["--portal-header-text"]).toBe(theme.header[scheme].text);
      expect(vars["--portal-surface"]).toBe(theme.surface[scheme]);
      expect(vars["--mantine-color-body"]).toBe(theme.background[scheme]);
      for (const u of UTILITIES) for (const s of CHART_SERIES) expect(vars[chartColorVariable(u, s)]).toBe(theme.chartColors[u][scheme][s]);
    }
  });

  it("keeps the CSS variables Mantine's provider would write, once per theme", () => {
    // What MantineProvider renders itself with the portal's resolver: the page must get the same.
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme: createMantineTheme(theme), cssVariablesResolver: () => themeCssVariablesInput(theme) }));
    const mantine = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(mantine).toContain("--portal-header-bg");
    expect(themeCssText(theme)).toBe(mantine);
    // The layout hands the provider the theme with the site's name: the text is the theme's.
    expect(themeCssText({ ...theme, name: "Another supplier" })).toBe(mantine);
  });
});

describe("theme set", () => {
  it("gives roughly half of the themes a separate dark-header logo", () => {
    const withDark = themes.filter((t) => t.logo.dark !== null).length;
    expect(withDark).toBeGreaterThanOrEqual(4);
    expect(withDark).toBeLessThanOrEqual(9);
  });

  it("gives a handful of themes notification icons", () => {
    const withIcons = themes.filter((t) => t.notificationIcon !== null).length;
    expect(withIcons).toBeGreaterThanOrEqual(3);
    expect(withIcons).toBeLessThanOrEqual(8);
  });
});
