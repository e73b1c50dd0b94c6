import type { MantineColorShade, MantineColorsTuple } from "@mantine/core";

/** The 13 theme ids of the product. `voima` is the product's own default theme. */
export const THEME_IDS = ["aalto", "herrfors", "ignitis", "imatra", "imatrael", "kerava", "kokkola", "ksat", "ksoy", "voima", "synerall", "valkeakoski", "viruev"] as const;
export type ThemeId = (typeof THEME_IDS)[number];
export const DEFAULT_THEME_ID: ThemeId = "voima";

export type Utility = "electricity" | "gas" | "heating";
export type ChartSeries = "consumption" | "netted" | "production" | "price" | "temperature";

export const UTILITIES: readonly Utility[] = ["electricity", "gas", "heating"];
export const CHART_SERIES: readonly ChartSeries[] = ["consumption", "netted", "production", "price", "temperature"];
/** Allowed values of `PortalTheme.headerHeight` and `PortalTheme.buttonRadius`. */
export const HEADER_HEIGHTS = [75, 80, 90, 100] as const;
export const BUTTON_RADII = [0, 25, 30, 60] as const;

/** Colours are CSS hex strings (#rrggbb). */
export interface SchemeColors<T> {
  light: T;
  dark: T;
}

export interface PortalTheme {
  id: ThemeId;
  /**
   * Name of the theme, for the theme preview page only. A site's visitors read the site's own
   * company name (header, sign-in, mails, PDFs, titles): the theme's logo files hold a mark and no
   * brand word, so one theme serves any supplier.
   */
  name: string;
  headerHeight: (typeof HEADER_HEIGHTS)[number];
  /** Button corner radius in px. */
  buttonRadius: (typeof BUTTON_RADII)[number];
  /** CSS font stacks. Only locally available fonts: nothing may be downloaded at run time. */
  fontFamily: string;
  headingFontFamily: string;
  /** Mantine colour tuples (10 shades each). */
  primary: MantineColorsTuple;
  accent: MantineColorsTuple;
  /** Shade index used for filled components and links (light) / filled components (dark). */
  primaryShade: { light: MantineColorShade; dark: MantineColorShade };
  /** Default body text colour per scheme. */
  text: SchemeColors<string>;
  /** Page background and surface colours per scheme. */
  background: SchemeColors<string>;
  surface: SchemeColors<string>;
  /** Header background and text colours per scheme. */
  header: SchemeColors<{ background: string; text: string }>;
  /** Asset paths under /themes/<id>/ (public/themes/<id>/...). The logo is the mark alone: the site's name goes next to it as text. */
  logo: { light: string; dark: string | null; width: number; height: number };
  emailLogo: string;
  favicon: string;
  signInBackground: string;
  /** Chart colour series per utility and scheme. */
  chartColors: Record<Utility, SchemeColors<Record<ChartSeries, string>>>;
  utilityColors: Record<Utility, string>;
  pwa: { logo: string; splash: string; screenshots: [string, string, string]; themeColor: string };
  notificationIcon: string | null;
  notificationBadge: string | null;
}
