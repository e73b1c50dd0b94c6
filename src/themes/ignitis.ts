import type { PortalTheme } from "./types";

/** Ignitis: warm magenta with a sunny yellow accent; condensed headings. */
export const ignitisTheme: PortalTheme = {
  id: "ignitis",
  name: "Ignitis",
  headerHeight: 80,
  buttonRadius: 25,
  fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headingFontFamily: '"Franklin Gothic Medium", "Arial Narrow", "Liberation Sans Narrow", Arial, sans-serif',
  primary: ["#fef2ff", "#f9e0fa", "#f1c2f3", "#e69fe9", "#d681dc", "#be62c4", "#a248a9", "#88348e", "#6f2574", "#551a5a"],
  accent: ["#fcf7e9", "#f4e9cc", "#e9d397", "#dab95a", "#caa106", "#ab8702", "#8c6f06", "#735a06", "#5b4805", "#463601"],
  primaryShade: { light: 6, dark: 7 },
  text: { light: "#282328", dark: "#cbc7cb" },
  background: { light: "#fbf6fb", dark: "#1a131a" },
  surface: { light: "#ffffff", dark: "#251d26" },
  header: {
    light: { background: "#6f2574", text: "#ffffff" },
    dark: { background: "#351b36", text: "#ffffff" },
  },
  logo: {
    light: "/themes/ignitis/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/ignitis/email-logo.svg",
  favicon: "/themes/ignitis/favicon.svg",
  signInBackground: "/themes/ignitis/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#95489b",
        netted: "#c75374",
        production: "#078050",
        price: "#83680c",
        temperature: "#037890",
      },
      dark: {
        consumption: "#e08ee5",
        netted: "#e97292",
        production: "#48cd8c",
        price: "#ccae59",
        temperature: "#0bc5ea",
      },
    },
    gas: {
      light: {
        consumption: "#a65002",
        netted: "#9a7d02",
        production: "#078050",
        price: "#0a769d",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fa934e",
        netted: "#be9a04",
        production: "#48cd8c",
        price: "#5fbeea",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b13d54",
        netted: "#c3610d",
        production: "#078050",
        price: "#83680c",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#fd8899",
        netted: "#e6803a",
        production: "#48cd8c",
        price: "#ccae59",
        temperature: "#72b6fc",
      },
    },
  },
  utilityColors: {
    electricity: "#b459ba",
    gas: "#bf6420",
    heating: "#ce5068",
  },
  pwa: {
    logo: "/themes/ignitis/pwa-logo.svg",
    splash: "/themes/ignitis/splash.svg",
    screenshots: ["/themes/ignitis/screenshot-1.svg", "/themes/ignitis/screenshot-2.svg", "/themes/ignitis/screenshot-3.svg"],
    themeColor: "#6f2574",
  },
  notificationIcon: "/themes/ignitis/notification-icon.svg",
  notificationBadge: "/themes/ignitis/badge.svg",
};

export default ignitisTheme;
