import type { PortalTheme } from "./types";

/** Aalto Energia: coastal teal with coral accents; airy sans-serif body and serif headings. */
export const aaltoTheme: PortalTheme = {
  id: "aalto",
  name: "Aalto Energia",
  headerHeight: 75,
  buttonRadius: 60,
  fontFamily: '"Avenir Next", Avenir, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
  headingFontFamily: 'Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif',
  primary: ["#ebfafb", "#d1f1f2", "#a0e0e4", "#65ced3", "#11b9c0", "#099ca2", "#0a8085", "#08686c", "#055256", "#003e41"],
  accent: ["#fff4f1", "#fee2db", "#fec5b6", "#fca18a", "#f48164", "#db6143", "#be4629", "#a13215", "#842308", "#661803"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#202727", dark: "#c4caca" },
  background: { light: "#f2f9fa", dark: "#0e1819" },
  surface: { light: "#ffffff", dark: "#172324" },
  header: {
    light: { background: "#ffffff", text: "#202727" },
    dark: { background: "#122122", text: "#ebeff0" },
  },
  logo: {
    light: "/themes/aalto/logo.svg",
    dark: "/themes/aalto/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/aalto/email-logo.svg",
  favicon: "/themes/aalto/favicon.svg",
  signInBackground: "/themes/aalto/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#017b80",
        netted: "#0989c8",
        production: "#00823d",
        price: "#a1523e",
        temperature: "#8f6202",
      },
      dark: {
        consumption: "#06c9d1",
        netted: "#26a9f1",
        production: "#5ecc7e",
        price: "#ee9781",
        temperature: "#e6a324",
      },
    },
    gas: {
      light: {
        consumption: "#9e5709",
        netted: "#938009",
        production: "#00823d",
        price: "#127793",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#f69742",
        netted: "#b59f0e",
        production: "#5ecc7e",
        price: "#55c0e4",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b23e48",
        netted: "#ba6914",
        production: "#00823d",
        price: "#127793",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fe898d",
        netted: "#e1842a",
        production: "#5ecc7e",
        price: "#55c0e4",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#118b91",
    gas: "#bc6807",
    heating: "#d0515a",
  },
  pwa: {
    logo: "/themes/aalto/pwa-logo.svg",
    splash: "/themes/aalto/splash.svg",
    screenshots: ["/themes/aalto/screenshot-1.svg", "/themes/aalto/screenshot-2.svg", "/themes/aalto/screenshot-3.svg"],
    themeColor: "#08686c",
  },
  notificationIcon: "/themes/aalto/notification-icon.svg",
  notificationBadge: "/themes/aalto/badge.svg",
};

export default aaltoTheme;
