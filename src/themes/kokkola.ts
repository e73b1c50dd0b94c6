import type { PortalTheme } from "./types";

/** Kokkolan Energia: sea green with harbour navy; rounded type and pill buttons. */
export const kokkolaTheme: PortalTheme = {
  id: "kokkola",
  name: "Kokkolan Energia",
  headerHeight: 80,
  buttonRadius: 60,
  fontFamily: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", Calibri, "Segoe UI", sans-serif',
  headingFontFamily: 'ui-rounded, "SF Pro Rounded", "Arial Rounded MT Bold", Calibri, "Segoe UI", sans-serif',
  primary: ["#eefaf6", "#d6f0e7", "#aadfcd", "#7acdb3", "#48b698", "#019d7e", "#048066", "#036852", "#025240", "#033d2f"],
  accent: ["#f2f7ff", "#dcebff", "#b9d7fd", "#91bffa", "#71a9f0", "#528ed9", "#3874bd", "#265ea1", "#194a84", "#103867"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#212725", dark: "#c5cac8" },
  background: { light: "#f4f9f7", dark: "#101815" },
  surface: { light: "#ffffff", dark: "#192320" },
  header: {
    light: { background: "#eefaf6", text: "#033d2f" },
    dark: { background: "#172721", text: "#d6f0e7" },
  },
  logo: {
    light: "/themes/kokkola/logo.svg",
    dark: "/themes/kokkola/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/kokkola/email-logo.svg",
  favicon: "/themes/kokkola/favicon.svg",
  signInBackground: "/themes/kokkola/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#0e7e65",
        netted: "#198fa3",
        production: "#7057ba",
        price: "#9a4f76",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#1fcea7",
        netted: "#21b1c8",
        production: "#b3a1fc",
        price: "#e594bc",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#9e5709",
        netted: "#938009",
        production: "#00823d",
        price: "#3d6daa",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#f69742",
        netted: "#b59f0e",
        production: "#5ecc7e",
        price: "#81b4f6",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b23e48",
        netted: "#ba6914",
        production: "#00823d",
        price: "#3d6daa",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fe898d",
        netted: "#e1842a",
        production: "#5ecc7e",
        price: "#81b4f6",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#108d71",
    gas: "#bc6807",
    heating: "#d2535c",
  },
  pwa: {
    logo: "/themes/kokkola/pwa-logo.svg",
    splash: "/themes/kokkola/splash.svg",
    screenshots: ["/themes/kokkola/screenshot-1.svg", "/themes/kokkola/screenshot-2.svg", "/themes/kokkola/screenshot-3.svg"],
    themeColor: "#036852",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default kokkolaTheme;
