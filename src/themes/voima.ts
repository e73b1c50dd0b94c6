import type { PortalTheme } from "./types";

/** Voima: product default: deep indigo with an amber spark; neutral system typography. */
export const voimaTheme: PortalTheme = {
  id: "voima",
  name: "Voima",
  headerHeight: 80,
  buttonRadius: 30,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headingFontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  primary: ["#f4f6ff", "#e4e8fe", "#c9d1fe", "#acb7fc", "#909cfe", "#737afc", "#5c5fdf", "#494ac0", "#39389f", "#2a297c"],
  accent: ["#fff5e9", "#fae6cd", "#f4cd99", "#e9b15e", "#db971a", "#ba7f13", "#996811", "#7e5401", "#654201", "#4c3204"],
  primaryShade: { light: 6, dark: 8 },
  text: { light: "#24252b", dark: "#c7c8ce" },
  background: { light: "#f6f7fe", dark: "#14151e" },
  surface: { light: "#ffffff", dark: "#1e202a" },
  header: {
    light: { background: "#ffffff", text: "#24252b" },
    dark: { background: "#1b1d29", text: "#edeef3" },
  },
  logo: {
    light: "/themes/voima/logo.svg",
    dark: "/themes/voima/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/voima/email-logo.svg",
  favicon: "/themes/voima/favicon.svg",
  signInBackground: "/themes/voima/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#585fc0",
        netted: "#a360bb",
        production: "#078050",
        price: "#906106",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#9ea9fe",
        netted: "#c37edb",
        production: "#48cd8c",
        price: "#daa75d",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#a65002",
        netted: "#9a7d02",
        production: "#078050",
        price: "#13788d",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fa934e",
        netted: "#be9a04",
        production: "#48cd8c",
        price: "#4ec2de",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b13d54",
        netted: "#c3610d",
        production: "#078050",
        price: "#13788d",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fd8899",
        netted: "#e6803a",
        production: "#48cd8c",
        price: "#4ec2de",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#686eee",
    gas: "#bf6420",
    heating: "#d05269",
  },
  pwa: {
    logo: "/themes/voima/pwa-logo.svg",
    splash: "/themes/voima/splash.svg",
    screenshots: ["/themes/voima/screenshot-1.svg", "/themes/voima/screenshot-2.svg", "/themes/voima/screenshot-3.svg"],
    themeColor: "#5c5fdf",
  },
  notificationIcon: "/themes/voima/notification-icon.svg",
  notificationBadge: "/themes/voima/badge.svg",
};

export default voimaTheme;
