import type { PortalTheme } from "./types";

/** Imatra Sähkö: night navy with electric yellow; compact Tahoma, square corners. */
export const imatraelTheme: PortalTheme = {
  id: "imatrael",
  name: "Imatra Sähkö",
  headerHeight: 75,
  buttonRadius: 0,
  fontFamily: 'Tahoma, Geneva, Verdana, "DejaVu Sans", sans-serif',
  headingFontFamily: 'Tahoma, Geneva, Verdana, "DejaVu Sans", sans-serif',
  primary: ["#f2f7ff", "#deeafe", "#b6cef4", "#93b6ee", "#6b94d7", "#4f7ac1", "#3760a5", "#254b8a", "#18386f", "#0c2753"],
  accent: ["#faf7e8", "#f0ebcb", "#e1d695", "#cfbe54", "#bca70d", "#9f8d07", "#837409", "#6b5e08", "#554b06", "#403801"],
  primaryShade: { light: 7, dark: 8 },
  text: { light: "#22252a", dark: "#c7c9cd" },
  background: { light: "#f5f8fc", dark: "#12161c" },
  surface: { light: "#ffffff", dark: "#1c2128" },
  header: {
    light: { background: "#18386f", text: "#ffffff" },
    dark: { background: "#162641", text: "#ffffff" },
  },
  logo: {
    light: "/themes/imatrael/logo.svg",
    dark: null,
    width: 48,
    height: 48,
  },
  emailLogo: "/themes/imatrael/email-logo.svg",
  favicon: "/themes/imatrael/favicon.svg",
  signInBackground: "/themes/imatrael/signin-bg.svg",
  chartColors: {
    electricity: {
      light: {
        consumption: "#3368c1",
        netted: "#8f68cb",
        production: "#24812a",
        price: "#7b6c01",
        temperature: "#b24133",
      },
      dark: {
        consumption: "#83b2fe",
        netted: "#ad87ed",
        production: "#71c971",
        price: "#c1b35b",
        temperature: "#fe8c7a",
      },
    },
    gas: {
      light: {
        consumption: "#985c06",
        netted: "#8a8414",
        production: "#24812a",
        price: "#057c7b",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#f09b35",
        netted: "#aba31c",
        production: "#71c971",
        price: "#47c7c5",
        temperature: "#72b6fc",
      },
    },
    heating: {
      light: {
        consumption: "#b2403b",
        netted: "#b36e11",
        production: "#24812a",
        price: "#057c7b",
        temperature: "#006ebe",
      },
      dark: {
        consumption: "#ff8b81",
        netted: "#dc8818",
        production: "#71c971",
        price: "#47c7c5",
        temperature: "#72b6fc",
      },
    },
  },
  utilityColors: {
    electricity: "#527dc4",
    gas: "#b16d14",
    heating: "#d0534c",
  },
  pwa: {
    logo: "/themes/imatrael/pwa-logo.svg",
    splash: "/themes/imatrael/splash.svg",
    screenshots: ["/themes/imatrael/screenshot-1.svg", "/themes/imatrael/screenshot-2.svg", "/themes/imatrael/screenshot-3.svg"],
    themeColor: "#18386f",
  },
  notificationIcon: null,
  notificationBadge: null,
};

export default imatraelTheme;
