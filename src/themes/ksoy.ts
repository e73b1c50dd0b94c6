import type { PortalTheme } from "./types";

/** KSOY Energia: berry plum with leaf green; soft humanist body and serif headings. */
export const ksoyTheme: PortalTheme = {
  id: "ksoy",
  name: "KSOY Energia",
  headerHeight: 90,
  buttonRadius: 60,
  fontFamily: 'Candara, Calibri, "Segoe UI", Optima, Arial, sans-serif',
  headingFontFamily: 'Georgia, Cambria, "Times New Roman", "DejaVu Serif", serif',
  primary: ["#fff3f8", "#ffe0ec", "#fbbfd8", "#f39cc2", "#e37cac", "#cb5e93", "#ae4479", "#933063", "#77224f", "#5c163b"],
  accent: ["#f1faf0", "#ddf0dd", "#bae0ba", "#94cd95", "#74ba76", "#54a058", "#39863f", "#266f2d", "#185920", "#0f4415"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#2a2326", dark: "#cdc7c9" },
  background: { light: "#fdf6f8", dark: "#1c1317" },
  surface: { light: "#ffffff", dark: "#281d21" },
  header: {
    light: { background: "#ffffff", text: "#2a2326" },
    dark: { background: "#27191f", text: "#f2edef" },
  },
  logo: {
    light: "/themes/ksoy/logo.svg",
    dark: "/themes/ksoy/logo-dark.svg",
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/ksoy/email-logo.svg",
  favicon: "/themes/ksoy/favicon.svg",
  signInBackground: "/themes/ksoy/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#a93f75",
        netted: "#ca5843",
        production: "#078050",
        price: "#1a73a4",
        temperature: "#8f6202",
      },
      dark: {
        consumption: "#f886bb",
        netted: "#ed7761",
        production: "#48cd8c",
        price: "#6abbef",
        temperature: "#e6a324",
      },
    },
    gas: {
      light: {
        consumption: "#a65002",
        netted: "#9a7d02",
        production: "#078050",
        price: "#1a73a4",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fa934e",
        netted: "#be9a04",
        production: "#48cd8c",
        price: "#6abbef",
        temperature: "#ba9efc",
      },
    },
    heating: {
      light: {
        consumption: "#b13d54",
        netted: "#c3610d",
        production: "#078050",
        price: "#1a73a4",
        temperature: "#7654b7",
      },
      dark: {
        consumption: "#fd8899",
        netted: "#e6803a",
        production: "#48cd8c",
        price: "#6abbef",
        temperature: "#ba9efc",
      },
    },
  },
  utilityColors: {
    electricity: "#c2568b",
    gas: "#bf6420",
    heating: "#d05269",
  },
  pwa: {
    logo: "/themes/ksoy/pwa-logo.svg",
    splash: "/themes/ksoy/splash.svg",
    screenshots: ["/themes/ksoy/screenshot-1.svg", "/themes/ksoy/screenshot-2.svg", "/themes/ksoy/screenshot-3.svg"],
    themeColor: "#933063",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default ksoyTheme;
