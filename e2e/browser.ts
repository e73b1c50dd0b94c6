import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with site host names resolved to this machine. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      "--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1, MAP *.test 127.0.0.1",
    ],
  });
}

export async function newContext(browser: Browser, opts: { colorScheme?: "light" | "dark"; mobile?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext({
    colorScheme: opts.colorScheme ?? "light",
    viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: !!opts.mobile,
    hasTouch: !!opts.mobile,
    locale: "en-GB",
  });
}
