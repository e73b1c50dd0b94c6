import type { PortalTheme } from "./types";

/** Herrfors: forest green with a golden accent; sturdy Verdana, square corners. */
export const herrforsTheme: PortalTheme = {
  id: "herrfors",
  name: "Herrfors",
  headerHeight: 90,
  buttonRadius: 0,
  fontFamily: 'Verdana, Geneva, "DejaVu Sans", sans-serif',
  headingFontFamily: 'Verdana, Geneva, "DejaVu Sans", sans-serif',
  primary: ["#effaf1", "#daf1dd", "#b3e1bb", "#89ce97", "#62b977", "#3ca059", "#1a8641", "#086d31", "#055726", "#00421a"],
  accent: ["#fcf6e9", "#f5e8ce", "#ebd19c", "#ddb662", "#ce9e26", "#b0850c", "#906d0c", "#76590a", "#5e4607", "#483502"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#222722", dark: "#c6cac7" },
  background: { light: "#f4f9f5", dark: "#111812" },
  surface: { light: "#ffffff", dark: "#1a231c" },
  header: {
    light: { background: "#055726", text: "#ffffff" },
    dark: { background: "#0c2e16", text: "#ffffff" },
  },
  logo: {
    light: "/themes/herrfors/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/herrfors/email-logo.svg",
  favicon: "/themes/herrfors/favicon.svg",
  signInBackground: "/themes/herrfors/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#0b813b",
        netted: "#16938d",
        production: "#0574a6",
        price: "#87660d",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#61cb7c",
        netted: "#1eb5ae",
        production: "#4ebcfd",
        price: "#d1ac5a",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#985c06",
        netted: "#8a8414",
        production: "#24812a",
        price: "#097797",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#f09b35",
        netted: "#aba31c",
        production: "#71c971",
        price: "#58bfe6",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b2403b",
        netted: "#b36e11",
        production: "#24812a",
        price: "#097797",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#ff8b81",
        netted: "#dc8818",
        production: "#71c971",
        price: "#58bfe6",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#288f49",
    gas: "#b16d14",
    heating: "#d0534c",
  },
  pwa: {
    logo: "/themes/herrfors/pwa-logo.svg",
    splash: "/themes/herrfors/splash.svg",
    screenshots: ["/themes/herrfors/screenshot-1.svg", "/themes/herrfors/screenshot-2.svg", "/themes/herrfors/screenshot-3.svg"],
    themeColor: "#055726",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default herrforsTheme;
