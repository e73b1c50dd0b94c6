import type { PortalTheme } from "./types";

/** Keravan Energia: brick crimson with slate blue; humanist body and classic serif headings. */
export const keravaTheme: PortalTheme = {
  id: "kerava",
  name: "Keravan Energia",
  headerHeight: 100,
  buttonRadius: 25,
  fontFamily: '"Gill Sans", "Gill Sans MT", Calibri, "Trebuchet MS", sans-serif',
  headingFontFamily: '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", Georgia, serif',
  primary: ["#fff4f3", "#fee2e1", "#fec1c0", "#fc9c9c", "#f97277", "#e1505a", "#c33242", "#a51b30", "#870b22", "#680317"],
  accent: ["#f2f7fd", "#e0ebf7", "#c1d7ee", "#9fc0e2", "#83aad3", "#6690bb", "#4e76a0", "#3b6187", "#2c4d6e", "#1f3a55"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#2b2323", dark: "#cec7c7" },
  background: { light: "#fdf6f5", dark: "#1d1313" },
  surface: { light: "#ffffff", dark: "#291d1d" },
  header: {
    light: { background: "#870b22", text: "#ffffff" },
    dark: { background: "#3f191a", text: "#ffffff" },
  },
  logo: {
    light: "/themes/kerava/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/kerava/email-logo.svg",
  favicon: "/themes/kerava/favicon.svg",
  signInBackground: "/themes/kerava/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#b23e46",
        netted: "#b96911",
        production: "#078050",
        price: "#346fa9",
        temperature: "#884da9",
      },
      dark: {
        consumption: "#ff898b",
        netted: "#e18528",
        production: "#48cd8c",
        price: "#79b6f4",
        temperature: "#d193f6",
      },
    },
    gas: {
      light: {
        consumption: "#a65002",
        netted: "#9a7d02",
        production: "#078050",
        price: "#346fa9",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fa934e",
        netted: "#be9a04",
        production: "#48cd8c",
        price: "#79b6f4",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b13d54",
        netted: "#c3610d",
        production: "#078050",
        price: "#346fa9",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fd8899",
        netted: "#e6803a",
        production: "#48cd8c",
        price: "#79b6f4",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#da4954",
    gas: "#bf6420",
    heating: "#d05269",
  },
  pwa: {
    logo: "/themes/kerava/pwa-logo.svg",
    splash: "/themes/kerava/splash.svg",
    screenshots: ["/themes/kerava/screenshot-1.svg", "/themes/kerava/screenshot-2.svg", "/themes/kerava/screenshot-3.svg"],
    themeColor: "#870b22",
  },
  notificationIcon: "/themes/kerava/notification-icon.svg",
  notificationBadge: "/themes/kerava/badge.svg",
};

export default keravaTheme;
