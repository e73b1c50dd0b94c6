import type { PortalTheme } from "./types";

/** Viru EV: violet with a mint accent; Trebuchet throughout. */
export const viruevTheme: PortalTheme = {
  id: "viruev",
  name: "Viru EV",
  headerHeight: 90,
  buttonRadius: 25,
  fontFamily: '"Trebuchet MS", "Lucida Grande", "Lucida Sans Unicode", "DejaVu Sans", sans-serif',
  headingFontFamily: '"Trebuchet MS", "Lucida Grande", "Lucida Sans Unicode", "DejaVu Sans", sans-serif',
  primary: ["#f8f5ff", "#eee4fe", "#ddc9fe", "#c9abf9", "#b690ee", "#9e73d7", "#8459bb", "#6d459f", "#583583", "#432665"],
  accent: ["#eefaf4", "#d8f0e5", "#b0e1ca", "#83cfae", "#59bc95", "#2ea37a", "#0c8762", "#0b6f50", "#08583f", "#02432f"],
  primaryShade: { light: 6, dark: 8 },
  text: { light: "#26242a", dark: "#cac8cd" },
  background: { light: "#f9f6fd", dark: "#17141c" },
  surface: { light: "#ffffff", dark: "#221e28" },
  header: {
    light: { background: "#ffffff", text: "#26242a" },
    dark: { background: "#201b28", text: "#efedf2" },
  },
  logo: {
    light: "/themes/viruev/logo.svg",
    dark: "/themes/viruev/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/viruev/email-logo.svg",
  favicon: "/themes/viruev/favicon.svg",
  signInBackground: "/themes/viruev/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#7d52b3",
        netted: "#ba5799",
        production: "#078050",
        price: "#0d798a",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#c29afc",
        netted: "#dc75b8",
        production: "#48cd8c",
        price: "#4ac3da",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#a65002",
        netted: "#9a7d02",
        production: "#078050",
        price: "#0d798a",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#fa934e",
        netted: "#be9a04",
        production: "#48cd8c",
        price: "#4ac3da",
        temperature: "#72b6fc",
      },
    },
    heating: {
      light: {
        consumption: "#b13d54",
        netted: "#c3610d",
        production: "#078050",
        price: "#0d798a",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#fd8899",
        netted: "#e6803a",
        production: "#48cd8c",
        price: "#4ac3da",
        temperature: "#72b6fc",
      },
    },
  },
  utilityColors: {
    electricity: "#9267ca",
    gas: "#bf6420",
    heating: "#ce5068",
  },
  pwa: {
    logo: "/themes/viruev/pwa-logo.svg",
    splash: "/themes/viruev/splash.svg",
    screenshots: ["/themes/viruev/screenshot-1.svg", "/themes/viruev/screenshot-2.svg", "/themes/viruev/screenshot-3.svg"],
    themeColor: "#8459bb",
  },
  notificationIcon: "/themes/viruev/notification-icon.svg",
  notificationBadge: "/themes/viruev/badge.svg",
};

export default viruevTheme;
