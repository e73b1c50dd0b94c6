import type { PortalTheme } from "./types";

/** KSAT Energia: copper rust with a teal accent; condensed grotesque, square corners. */
export const ksatTheme: PortalTheme = {
  id: "ksat",
  name: "KSAT Energia",
  headerHeight: 100,
  buttonRadius: 0,
  fontFamily: '"Franklin Gothic Medium", "Arial Narrow", "Liberation Sans Narrow", Arial, sans-serif',
  headingFontFamily: '"Franklin Gothic Medium", "Arial Narrow", "Liberation Sans Narrow", Arial, sans-serif',
  primary: ["#fff4f0", "#ffe3d8", "#fdc2ab", "#f7a180", "#e68057", "#ce6234", "#b14815", "#933605", "#752903", "#581e03"],
  accent: ["#eef9f9", "#d7efef", "#afdfde", "#80cccb", "#56b8b8", "#289f9f", "#158383", "#026c6c", "#025656", "#054141"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#2b2321", dark: "#cdc7c5" },
  background: { light: "#fdf6f3", dark: "#1d1410" },
  surface: { light: "#ffffff", dark: "#291e19" },
  header: {
    light: { background: "#ffffff", text: "#2b2321" },
    dark: { background: "#281a15", text: "#f2edeb" },
  },
  logo: {
    light: "/themes/ksat/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/ksat/email-logo.svg",
  favicon: "/themes/ksat/favicon.svg",
  signInBackground: "/themes/ksat/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#b04613",
        netted: "#a47806",
        production: "#24812a",
        price: "#047c7c",
        temperature: "#4066c2",
      },
      dark: {
        consumption: "#fc9065",
        netted: "#ca940a",
        production: "#71c971",
        price: "#47c7c7",
        temperature: "#8daffb",
      },
    },
    gas: {
      light: {
        consumption: "#985c06",
        netted: "#8a8414",
        production: "#24812a",
        price: "#047c7c",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#f09b35",
        netted: "#aba31c",
        production: "#71c971",
        price: "#47c7c7",
        temperature: "#72b6fc",
      },
    },
    heating: {
      light: {
        consumption: "#b2403b",
        netted: "#b36e11",
        production: "#24812a",
        price: "#047c7c",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#ff8b81",
        netted: "#dc8818",
        production: "#71c971",
        price: "#47c7c7",
        temperature: "#72b6fc",
      },
    },
  },
  utilityColors: {
    electricity: "#c85c2e",
    gas: "#b16d14",
    heating: "#d0534c",
  },
  pwa: {
    logo: "/themes/ksat/pwa-logo.svg",
    splash: "/themes/ksat/splash.svg",
    screenshots: ["/themes/ksat/screenshot-1.svg", "/themes/ksat/screenshot-2.svg", "/themes/ksat/screenshot-3.svg"],
    themeColor: "#933605",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default ksatTheme;
