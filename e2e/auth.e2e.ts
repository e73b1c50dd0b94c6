import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { databaseUrl, signInSandbox, siteUrl } from "./helpers";
import { axeProblems } from "./page-checks";
import { settleShellPrompts } from "./shell-helpers";
import { demoPlans } from "../src/server/demo/plan-access";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const aurora = demoPlans().find((p) => p.site.id === "aurora")!;

describe("sign-in and acting for customers", () => {
  it("redirects a visitor without a session to sign-in with callbackUrl and SessionRequired", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(siteUrl("aurora.localhost", "/en?tab=x"));
    const url = new URL(page.url());
    expect(url.pathname).toBe("/en/auth/signin");
    expect(url.searchParams.get("error")).toBe("SessionRequired");
    expect(url.searchParams.get("callbackUrl")).toBe("/en?tab=x");
    await expect(page.getByRole("status").first().textContent()).resolves.toContain("Please sign in to continue");
  });

  it("signs in with the sandbox e-ID, switches to a represented customer, adds one by code, and signs out", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-representative", "/en");
    expect(new URL(page.url()).pathname).toBe("/en");
    const person = aurora.people.find((p) => p.persona === "representative")!;
    const own = aurora.customers.find((c) => c.owner?.id === person.id)!;
    const relative = aurora.customers.find((c) => c.id === aurora.representations[0].customerId)!;
    await expect(page.getByTestId("account-summary").textContent()).resolves.toContain(own.clientCode);

    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: new RegExp(relative.name) }).click();
    await page.waitForFunction((code) => document.querySelector('[data-testid="account-summary"]')?.textContent?.includes(code), relative.clientCode);
    await expect(page.getByTestId("active-customer").textContent()).resolves.toContain(relative.clientCode);

    const company = aurora.customers.find((c) => c.kind === "legal" && c.owner?.persona === null)!;
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Act for another customer" }).click();
    await page.getByLabel("Representative code").fill("WRONG-CODE");
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByText("That representative code is not valid").waitFor();
    await page.getByLabel("Representative code").fill(company.representativeCode);
    await page.getByRole("button", { name: "Add" }).click();
    await page.waitForFunction((code) => document.querySelector('[data-testid="account-summary"]')?.textContent?.includes(code), company.clientCode);

    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(/\/auth\/signin\?signedOut=1/);
    await page.goto(siteUrl("aurora.localhost", "/en"));
    expect(new URL(page.url()).pathname).toBe("/en/auth/signin");
    await context.close();
  });

  it("signs in by e-mail through the development mailbox", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const customer = aurora.customers.find((c) => c.kind === "private" && c.owner?.persona === null)!;
    await page.goto(siteUrl("aurora.localhost", "/en/auth/signin"));
    // A submit before the form is hydrated would not reach the API.
    await page.locator('[data-testid="email-sign-in"][data-interactive]').waitFor();
    await page.getByLabel("E-mail address").fill(customer.email);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.waitForURL(/\/auth\/confirm-request/);
    await page.goto(siteUrl("aurora.localhost", "/en/dev/mailbox"));
    const mail = page.getByTestId("mail").filter({ hasText: customer.email }).first();
    await mail.getByTestId("mail-link").click();
    await page.waitForURL((url) => !url.pathname.includes("/auth/") && !url.pathname.includes("/dev/"));
    await expect(page.getByTestId("account-summary").textContent()).resolves.toContain(customer.clientCode);
    await context.close();
  });

  it("signs in through a real OIDC provider with the national identity code claim", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(siteUrl("oidc.localhost", "/auth/signin"));
    await page.getByRole("link", { name: "Sign in with Test e-ID broker" }).click();
    await page.waitForURL(/127\.0\.0\.1/);
    await page.locator('input[name="login"]').fill("131052-308T");
    await page.locator('input[name="password"]').fill("any");
    await page.locator('button[type="submit"]').click();
    const consent = page.locator('button[type="submit"]');
    if (await consent.isVisible().catch(() => false)) await consent.click();
    await page.waitForURL(/oidc\.localhost/, { timeout: 20_000 });
    await page.waitForURL((url) => !url.pathname.includes("/auth/"));
    const session = await page.evaluate(() => fetch("/api/session").then((r) => r.json()));
    expect(session.status).toBe("authenticated");
    expect(session.user.ssn).toBe("131052-308T");
    expect(session.user.identityKind).toBe("SsnVerified");
    await context.close();
  });

  it("answers an unknown host with a plain 404", async () => {
    const page = await (await newContext(browser)).newPage();
    const res = await page.goto(siteUrl("nobody.localhost", "/"));
    expect(res?.status()).toBe(404);
    expect(await page.textContent("body")).toBe("Not Found");
  });
});

describe("a session left idle (spec §4)", () => {
  it.skipIf(!databaseUrl())("warns before it ends, goes on when asked, and sends the person to sign in once it has ended", { timeout: 120_000 }, async () => {
    const context = await newContext(browser);
    await settleShellPrompts(context, "aurora.localhost");
    const page = await context.newPage();
    await signInSandbox(page, "aurora.localhost", "aurora-apartment", "/en/invoices");
    await page.locator("h1").first().waitFor();
    const cookie = (await context.cookies()).find((c) => c.name.endsWith("portal.session_token"))!;
    const token = decodeURIComponent(cookie.value).split(".")[0];
    const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    // The session's end moved as a server would after a long idle spell; the page looks again on focus.
    const endIn = (seconds: number) => sql`update auth_session set expires_at = now() + make_interval(secs => ${seconds}) where token = ${token}`;
    const lookAgain = () => page.evaluate(() => window.dispatchEvent(new Event("focus")));
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    try {
      await endIn(90);
      await expect
        .poll(
          async () => {
            await lookAgain();
            return dialog.isVisible();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      expect(await axeProblems(page, "session ending", { ready: '[role="dialog"]' })).toEqual([]);
      await dialog.getByRole("button", { name: "Continue", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      const [row] = await sql<{ expires_at: Date }[]>`select expires_at from auth_session where token = ${token}`;
      expect(new Date(row.expires_at).getTime() - Date.now()).toBeGreaterThan(5 * 60_000);

      await endIn(-1);
      await expect
        .poll(
          async () => {
            await lookAgain().catch(() => undefined);
            return new URL(page.url()).pathname;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe("/en/auth/signin");
      const url = new URL(page.url());
      expect(url.searchParams.get("error")).toBe("SessionRequired");
      expect(url.searchParams.get("callbackUrl")).toBe("/en/invoices");
    } finally {
      await sql.end();
      await context.close();
    }
  });
});

/** Opens the account menu once its trigger is hydrated (a click before then is not the menu's). */
async function openAccountMenu(page: Page) {
  await page.locator('[data-testid="account-menu"][data-interactive]').waitFor();
  await page.getByTestId("account-menu").click();
}
