import type { PortalTheme } from "./types";

/** Valkeakosken Energia: cool slate with a warm orange accent; elegant Optima and Palatino. */
export const valkeakoskiTheme: PortalTheme = {
  id: "valkeakoski",
  name: "Valkeakosken Energia",
  headerHeight: 100,
  buttonRadius: 30,
  fontFamily: 'Optima, Candara, "Noto Sans", "Segoe UI", sans-serif',
  headingFontFamily: '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", Georgia, serif',
  primary: ["#f3f7fa", "#e2ebf1", "#c4d6e1", "#a4bfd0", "#88a8bc", "#6c8fa3", "#537589", "#405f72", "#304c5b", "#223845"],
  accent: ["#fff5ee", "#fee4d2", "#fcc8a6", "#f4a874", "#e78c49", "#cf6f19", "#ad5906", "#8e4806", "#723904", "#582a01"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#232627", dark: "#c7c9ca" },
  background: { light: "#f6f8f9", dark: "#141618" },
  surface: { light: "#ffffff", dark: "#1e2123" },
  header: {
    light: { background: "#ffffff", text: "#232627" },
    dark: { background: "#1b1f21", text: "#edefef" },
  },
  logo: {
    light: "/themes/valkeakoski/logo.svg",
    dark: "/themes/valkeakoski/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/valkeakoski/email-logo.svg",
  favicon: "/themes/valkeakoski/favicon.svg",
  signInBackground: "/themes/valkeakoski/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#0875a2",
        netted: "#6875d8",
        production: "#24812a",
        price: "#9b5824",
        temperature: "#ac3e6a",
      },
      dark: {
        consumption: "#3cbefe",
        netted: "#8494fa",
        production: "#71c971",
        price: "#e79e6b",
        temperature: "#fc85af",
      },
    },
    gas: {
      light: {
        consumption: "#985c06",
        netted: "#8a8414",
        production: "#24812a",
        price: "#047b7d",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#f09b35",
        netted: "#aba31c",
        production: "#71c971",
        price: "#47c7c8",
        temperature: "#72b6fc",
      },
    },
    heating: {
      light: {
        consumption: "#b2403b",
        netted: "#b36e11",
        production: "#24812a",
        price: "#047b7d",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#ff8b81",
        netted: "#dc8818",
        production: "#71c971",
        price: "#47c7c8",
        temperature: "#72b6fc",
      },
    },
  },
  utilityColors: {
    electricity: "#0e84b7",
    gas: "#b16d14",
    heating: "#d0534c",
  },
  pwa: {
    logo: "/themes/valkeakoski/pwa-logo.svg",
    splash: "/themes/valkeakoski/splash.svg",
    screenshots: ["/themes/valkeakoski/screenshot-1.svg", "/themes/valkeakoski/screenshot-2.svg", "/themes/valkeakoski/screenshot-3.svg"],
    themeColor: "#405f72",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default valkeakoskiTheme;
