import type { PortalTheme } from "./types";

/** Synerall: bronze amber with an indigo accent; technical monospace headings. */
export const synerallTheme: PortalTheme = {
  id: "synerall",
  name: "Synerall",
  headerHeight: 75,
  buttonRadius: 25,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headingFontFamily: 'ui-monospace, "Cascadia Code", "Segoe UI Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  primary: ["#fff5ec", "#f9e6d3", "#efc8a4", "#e4ab74", "#cf8c45", "#b77016", "#985a01", "#7b4701", "#5f3806", "#482801"],
  accent: ["#f3f7ff", "#e1e9fe", "#c2d4ff", "#a1bafd", "#83a2f7", "#6887e1", "#506dc4", "#3e57a8", "#2f448a", "#22336b"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#292420", dark: "#ccc8c5" },
  background: { light: "#fbf7f3", dark: "#1b150f" },
  surface: { light: "#ffffff", dark: "#261f18" },
  header: {
    light: { background: "#ffffff", text: "#292420" },
    dark: { background: "#251c14", text: "#f1eeeb" },
  },
  logo: {
    light: "/themes/synerall/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/synerall/email-logo.svg",
  favicon: "/themes/synerall/favicon.svg",
  signInBackground: "/themes/synerall/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#995b08",
        netted: "#8c8313",
        production: "#00823d",
        price: "#5068ab",
        temperature: "#037890",
      },
      dark: {
        consumption: "#f19b37",
        netted: "#aca21a",
        production: "#5ecc7e",
        price: "#93aef8",
        temperature: "#0bc5ea",
      },
    },
    gas: {
      light: {
        consumption: "#9e5709",
        netted: "#938009",
        production: "#00823d",
        price: "#5068ab",
        temperature: "#a44181",
      },
      dark: {
        consumption: "#f69742",
        netted: "#b59f0e",
        production: "#5ecc7e",
        price: "#93aef8",
        temperature: "#f288c8",
      },
    },
    heating: {
      light: {
        consumption: "#b23e48",
        netted: "#ba6914",
        production: "#00823d",
        price: "#5068ab",
        temperature: "#067891",
      },
      dark: {
        consumption: "#fe898d",
        netted: "#e1842a",
        production: "#5ecc7e",
        price: "#93aef8",
        temperature: "#12c4eb",
      },
    },
  },
  utilityColors: {
    electricity: "#b36c0d",
    gas: "#ba6603",
    heating: "#d0515a",
  },
  pwa: {
    logo: "/themes/synerall/pwa-logo.svg",
    splash: "/themes/synerall/splash.svg",
    screenshots: ["/themes/synerall/screenshot-1.svg", "/themes/synerall/screenshot-2.svg", "/themes/synerall/screenshot-3.svg"],
    themeColor: "#7b4701",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default synerallTheme;
