import type { PortalTheme } from "./types";

/** Imatra Energia: lake blue with birch green; friendly Trebuchet headings. */
export const imatraTheme: PortalTheme = {
  id: "imatra",
  name: "Imatra Energia",
  headerHeight: 90,
  buttonRadius: 30,
  fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headingFontFamily: '"Trebuchet MS", "Lucida Grande", "Lucida Sans Unicode", "DejaVu Sans", sans-serif',
  primary: ["#eff8ff", "#d5eeff", "#a6d8fa", "#75c3f4", "#40a9e5", "#108ecb", "#0c74a5", "#085d86", "#04496a", "#04364f"],
  accent: ["#f3f9ee", "#e2efd6", "#c5deae", "#a6ca81", "#8bb65b", "#6f9c37", "#578216", "#456b06", "#365504", "#284101"],
  primaryShade: { light: 6, dark: 8 },
  text: { light: "#20262a", dark: "#c5cacd" },
  background: { light: "#f3f9fd", dark: "#0f171c" },
  surface: { light: "#ffffff", dark: "#182228" },
  header: {
    light: { background: "#ffffff", text: "#20262a" },
    dark: { background: "#142028", text: "#ebeff2" },
  },
  logo: {
    light: "/themes/imatra/logo.svg",
    dark: "/themes/imatra/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/imatra/email-logo.svg",
  favicon: "/themes/imatra/favicon.svg",
  signInBackground: "/themes/imatra/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#0574a6",
        netted: "#6d74d8",
        production: "#00823d",
        price: "#865695",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#4ebcfd",
        netted: "#8a93fa",
        production: "#5ecc7e",
        price: "#ce9bdf",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#9e5709",
        netted: "#938009",
        production: "#00823d",
        price: "#017796",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#f69742",
        netted: "#b59f0e",
        production: "#5ecc7e",
        price: "#56c0e5",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b23e48",
        netted: "#ba6914",
        production: "#00823d",
        price: "#017796",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fe898d",
        netted: "#e1842a",
        production: "#5ecc7e",
        price: "#56c0e5",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#0e85bd",
    gas: "#bc6807",
    heating: "#d0515a",
  },
  pwa: {
    logo: "/themes/imatra/pwa-logo.svg",
    splash: "/themes/imatra/splash.svg",
    screenshots: ["/themes/imatra/screenshot-1.svg", "/themes/imatra/screenshot-2.svg", "/themes/imatra/screenshot-3.svg"],
    themeColor: "#0c74a5",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default imatraTheme;
