import { convertCssVariables, createTheme, DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from "@mantine/core";
import type { ConvertCSSVariablesInput, MantineRadius, MantineThemeOverride } from "@mantine/core";
import { CHART_SERIES, UTILITIES, type PortalTheme } from "./types";

type CssVars = ConvertCSSVariablesInput["variables"];

/**
 * Default corner radius for inputs, cards, papers etc., derived from the brand's button radius:
 * square brands stay square, pill brands get generously rounded surfaces.
 */
export function defaultRadiusFor(buttonRadius: PortalTheme["buttonRadius"]): MantineRadius {
  switch (buttonRadius) {
    case 0:
      return 0;
    case 25:
      return "sm";
    case 30:
      return "md";
    case 60:
      return "lg";
  }
}

/** Mantine theme override for a portal theme. */
export function createMantineTheme(theme: PortalTheme): MantineThemeOverride {
  return createTheme({
    colors: {
      primary: theme.primary,
      accent: theme.accent,
    },
    primaryColor: "primary",
    primaryShade: { light: theme.primaryShade.light, dark: theme.primaryShade.dark },
    // Filled buttons always use white text; the themes are checked for sufficient contrast.
    autoContrast: false,
    fontFamily: theme.fontFamily,
    headings: { fontFamily: theme.headingFontFamily },
    defaultRadius: defaultRadiusFor(theme.buttonRadius),
    components: {
      Button: { defaultProps: { radius: theme.buttonRadius } },
      // Titles in the body text colour (global.css): every alert colour keeps AA contrast.
      Alert: { classNames: { title: "portal-alert-title" } },
      // A modal's header is not the page's banner landmark (axe: landmark-no-duplicate-banner).
      ModalHeader: { defaultProps: { component: "div" } as never },
      DrawerHeader: { defaultProps: { component: "div" } as never },
    },
    other: {
      portalThemeId: theme.id,
      headerHeight: theme.headerHeight,
      buttonRadius: theme.buttonRadius,
    },
  });
}

/** CSS variable name of a chart colour, e.g. `--portal-chart-electricity-consumption`. */
export function chartColorVariable(utility: string, series: string): `--${string}` {
  return `--portal-chart-${utility}-${series}`;
}

function schemeVariables(theme: PortalTheme, scheme: "light" | "dark"): CssVars {
  const vars: CssVars = {
    "--mantine-color-body": theme.background[scheme],
    "--mantine-color-text": theme.text[scheme],
    "--portal-background": theme.background[scheme],
    "--portal-surface": theme.surface[scheme],
    "--portal-text": theme.text[scheme],
    "--portal-header-bg": theme.header[scheme].background,
    "--portal-header-text": theme.header[scheme].text,
    // Mantine's own dimmed grey is about 3.3:1 on white; these keep secondary text at WCAG AA.
    "--mantine-color-dimmed": scheme === "light" ? "#565d64" : "#b1b6bc",
    "--mantine-color-placeholder": scheme === "light" ? "#5f666d" : "#a9aeb4",
  };
  for (const utility of UTILITIES) {
    for (const series of CHART_SERIES) {
      vars[chartColorVariable(utility, series)] = theme.chartColors[utility][scheme][series];
    }
  }
  return vars;
}

/**
 * Plain (serialisable) CSS variables of a portal theme, per colour scheme. Useful where a function
 * cannot be passed along, e.g. from a server component to a client provider.
 */
export function themeCssVariablesInput(theme: PortalTheme): ConvertCSSVariablesInput {
  const variables: CssVars = {
    "--portal-header-height": `${theme.headerHeight}px`,
    "--portal-button-radius": `${theme.buttonRadius}px`,
  };
  for (const utility of UTILITIES) variables[`--portal-utility-${utility}`] = theme.utilityColors[utility];
  return {
    variables,
    light: schemeVariables(theme, "light"),
    dark: schemeVariables(theme, "dark"),
  };
}

const themeCss = new Map<string, string>();
let mantineDefaults: ConvertCSSVariablesInput | undefined;

/**
 * The `<style>` text of a portal theme's CSS variables: what `MantineProvider` writes with
 * `withCssVariables` (Mantine's variables for the merged theme, those equal to Mantine's defaults
 * left out, then the portal's own), worked out once per theme instead of on every render. Mantine
 * builds some 600 variables per render, about 4 % of a page's server time. Themes are the
 * registry's constants (src/themes/registry.ts), so the id is the key, as in the provider.
 */
export function themeCssText(theme: PortalTheme): string {
  const cached = themeCss.get(theme.id);
  if (cached !== undefined) return cached;
  mantineDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
  const merged = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, createMantineTheme(theme)));
  const own = themeCssVariablesInput(theme);
  const input: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const section of ["variables", "light", "dark"] as const) {
    const all = { ...merged[section], ...own[section] };
    for (const [name, value] of Object.entries(all) as [keyof CssVars, string][]) if (mantineDefaults[section][name] !== value) input[section][name] = value;
  }
  const css = convertCssVariables(input);
  themeCss.set(theme.id, css);
  return css;
}
