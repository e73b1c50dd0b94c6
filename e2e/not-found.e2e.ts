import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { networkSettled, signInSandbox, siteUrl, transitionsDone } from "./helpers";
import { axe } from "./page-checks";
import { settleShellPrompts } from "./shell-helpers";
import { DEMO_SITES } from "../src/server/demo/sites";
import nav from "../src/i18n/messages/en-GB/nav.json";
import navFi from "../src/i18n/messages/fi-FI/nav.json";
import navEt from "../src/i18n/messages/et-EE/nav.json";

/**
 * What a customer meets first: the site's own not-found page (an unknown address, an invoice that
 * is not theirs, a language the site does not offer) in the site's shell and language, status 404,
 * and the site's own name everywhere: never the name of the theme it is drawn in.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const site = (id: string) => DEMO_SITES.find((s) => s.id === id)!;
const hostOf = (id: string) => `${id}.localhost`;
const THEME_NAMES = ["Voima", "Viru EV", "Ignitis"];

type Scheme = "light" | "dark";

async function contextFor(host: string, opts: { scheme?: Scheme; mobile?: boolean } = {}): Promise<BrowserContext> {
  const scheme = opts.scheme ?? "light";
  const context = await newContext(browser, { colorScheme: scheme, mobile: opts.mobile });
  await settleShellPrompts(context, host);
  if (scheme === "dark") {
    await context.addCookies([
      { name: "color-scheme", value: "dark", domain: host, path: "/" },
      { name: "color-scheme-override", value: "true", domain: host, path: "/" },
    ]);
  }
  return context;
}

/** The not-found page: status 404, the heading in the site's language, the site's name in the header and a way home. */
async function expectNotFound(page: Page, host: string, path: string, want: { title: string; companyName: string; home: string }) {
  const res = await page.goto(siteUrl(host, path));
  expect(res?.status(), path).toBe(404);
  const box = page.getByTestId("not-found");
  await box.waitFor();
  await expect(box.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(want.title);
  await expect(page.locator("header").getByTestId("brand-name").textContent()).resolves.toBe(want.companyName);
  const home = box.getByTestId("not-found-home");
  await expect(home.getAttribute("href")).resolves.toBe(want.home);
  await expect(page.locator("footer").count()).resolves.toBe(1);
}

async function expectAxeClean(page: Page, label: string) {
  await networkSettled(page);
  await transitionsDone(page);
  const { violations } = await axe(page).analyze();
  const summary = violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
  expect(summary).toEqual([]);
}

describe("not found", { timeout: 180_000 }, () => {
  it("marks every text of the not-found page as translated in the pseudo-locale", async () => {
    const context = await contextFor(hostOf("aurora"));
    const page = await context.newPage();
    const res = await page.goto(siteUrl(hostOf("aurora"), "/xa/no-such-page"));
    expect(res?.status()).toBe(404);
    await page.getByTestId("not-found").waitFor();
    const texts = await page.evaluate(() => {
      const skip = (el: Element | null) => !!el?.closest('[translate="no"], script, style, [data-testid="brand"]');
      const out: string[] = [];
      const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) out.push(n.textContent ?? "");
      for (const el of document.querySelectorAll("main [aria-label], header [aria-label]")) if (!skip(el)) out.push(el.getAttribute("aria-label") ?? "");
      const strip = (s: string) => {
        for (let prev = ""; s !== prev;) {
          prev = s;
          s = s.replace(/⟦[^⟦⟧]*⟧/g, "");
        }
        return s;
      };
      return out.map(strip).filter((t) => /\p{L}/u.test(t));
    });
    expect(texts).toEqual([]);
    await context.close();
  });

  it("answers an unknown address with the site's page in its language (aurora)", async () => {
    const context = await contextFor(hostOf("aurora"));
    const page = await context.newPage();
    const companyName = site("aurora").companyName;
    await expectNotFound(page, hostOf("aurora"), "/en/no-such-page", { title: nav["not-found"].title, companyName, home: "/en" });
    await expectNotFound(page, hostOf("aurora"), "/no-such-page", { title: navFi["not-found"].title, companyName, home: "/" });
    // Deeper under a real page, too.
    await expectNotFound(page, hostOf("aurora"), "/en/invoices/1/no-such-page/at-all", { title: nav["not-found"].title, companyName, home: "/en" });
    await context.close();
  });

  it("answers an unknown address with the site's page in its language (laane)", async () => {
    const context = await contextFor(hostOf("laane"));
    const page = await context.newPage();
    const companyName = site("laane").companyName;
    await expectNotFound(page, hostOf("laane"), "/no-such-page", { title: navEt["not-found"].title, companyName, home: "/" });
    await expectNotFound(page, hostOf("laane"), "/en/no-such-page", { title: nav["not-found"].title, companyName, home: "/en" });
    await context.close();
  });

  it("answers a language prefix the site does not offer in the site's own language", async () => {
    // Aurora offers fi, sv and en; Lääne et, ru and en. The prefix is then only the first part of an unknown path.
    const aurora = await contextFor(hostOf("aurora"));
    const auroraPage = await aurora.newPage();
    await expectNotFound(auroraPage, hostOf("aurora"), "/lv/invoices", { title: navFi["not-found"].title, companyName: site("aurora").companyName, home: "/" });
    await expectNotFound(auroraPage, hostOf("aurora"), "/et", { title: navFi["not-found"].title, companyName: site("aurora").companyName, home: "/" });
    await aurora.close();
    const laane = await contextFor(hostOf("laane"));
    const laanePage = await laane.newPage();
    await expectNotFound(laanePage, hostOf("laane"), "/fi/invoices", { title: navEt["not-found"].title, companyName: site("laane").companyName, home: "/" });
    await laane.close();
  });

  it("answers an invoice or a ticket that is not the customer's with 404 and the area's not-found page inside the portal's shell", async () => {
    for (const id of ["aurora", "laane"]) {
      const host = hostOf(id);
      const context = await contextFor(host);
      const page = await context.newPage();
      await signInSandbox(page, host, `${id}-solar-household`, "/en/invoices");
      // The lookup runs above the pages' loading skeletons, so the status is known before anything streams.
      const ticket = await page.goto(siteUrl(host, "/en/support/00000000-0000-4000-8000-000000000000"));
      expect(ticket?.status(), id).toBe(404);
      await page.getByTestId("ticket-not-found").waitFor();
      const res = await page.goto(siteUrl(host, "/en/invoices/999999999"));
      expect(res?.status(), id).toBe(404);
      await page.getByTestId("invoice-not-found").waitFor();
      await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
      await expect(page.locator("header").getByTestId("brand-name").textContent()).resolves.toBe(site(id).companyName);
      // The way home: the header's brand links to the home page.
      await expect(
        page
          .locator("header a")
          .filter({ has: page.getByTestId("brand") })
          .getAttribute("href"),
      ).resolves.toBe("/en");
      await context.close();
    }
  });

  it("passes axe in light and dark, on a phone and a desktop", async () => {
    const problems: string[] = [];
    for (const id of ["aurora", "laane"]) {
      const host = hostOf(id);
      for (const scheme of ["light", "dark"] as const) {
        for (const mobile of [false, true]) {
          const context = await contextFor(host, { scheme, mobile });
          const page = await context.newPage();
          await page.goto(siteUrl(host, "/en/no-such-page"));
          await page.getByTestId("not-found").waitFor();
          await expect(page.locator("html").getAttribute("data-mantine-color-scheme")).resolves.toBe(scheme);
          await expectAxeClean(page, `${id} ${scheme} ${mobile ? "phone" : "desktop"}`).catch((e: Error) => problems.push(e.message));
          await context.close();
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe("the supplier's own name", { timeout: 180_000 }, () => {
  it.each(["aurora", "laane", "daugava"])("is what %s shows, never its theme's name", async (id) => {
    const host = hostOf(id);
    const { companyName } = site(id);
    const context = await contextFor(host);
    const page = await context.newPage();
    const expectNoThemeName = async (label: string) => {
      const title = await page.title();
      const text = await page.locator("body").innerText();
      const alts = await page.locator("img[alt]").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt") ?? "").join(" "));
      for (const name of THEME_NAMES) {
        expect(title, `${label} title`).not.toContain(name);
        expect(text, `${label} text`).not.toContain(name);
        expect(alts, `${label} alt texts`).not.toContain(name);
      }
    };

    // The sign-in page: the brand once (its mark and the site's name), and the site's name in the title.
    await page.goto(siteUrl(host, "/en/auth/signin"));
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect(page.getByTestId("brand").count()).resolves.toBe(1);
    await expect(page.getByTestId("brand-name").textContent()).resolves.toBe(companyName);
    const visibleMarks = await page
      .getByTestId("brand")
      .locator("img")
      .evaluateAll((imgs) => imgs.filter((i) => getComputedStyle(i).display !== "none").length);
    expect(visibleMarks).toBe(1);
    await expectNoThemeName("sign-in");

    // The not-found page.
    await page.goto(siteUrl(host, "/en/no-such-page"));
    await page.getByTestId("not-found").waitFor();
    await expectNoThemeName("not found");

    // Signed in: the home page's header and title.
    await signInSandbox(page, host, `${id}-solar-household`, "/en");
    await page.locator("header").getByTestId("brand-name").waitFor();
    await expect(page.locator("header").getByTestId("brand-name").textContent()).resolves.toBe(companyName);
    await expectNoThemeName("home");
    await context.close();
  });
});
