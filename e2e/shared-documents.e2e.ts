import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newContext } from "./browser";
import { rawRequest, signInSandbox, siteUrl } from "./helpers";
import { settleShellPrompts } from "./shell-helpers";
import { recordCspViolations } from "./page-checks";

/**
 * The dashboard is a shared document (decision 0033): one HTML answer for every signed-in visitor
 * of a site in a language and look, served from memory after the session check, with the
 * customer's figures drawn in the browser from the API. The sign-in page without a query is one
 * for every visitor. These tests ask the running server as a
 * browser and as a plain client would.
 */
const HOST = "aurora.localhost";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A plain request to the server, as a client that is not a browser sends it (no compression). */
async function ask(path: string, headers: Record<string, string> = {}) {
  const answer = await rawRequest(HOST, path, { accept: "text/html", ...headers });
  return { ...answer, body: answer.body.toString("utf8") };
}

async function signedIn(identityId: string): Promise<{ context: BrowserContext; page: Page; cookie: string }> {
  const context = await newContext(browser);
  await settleShellPrompts(context, HOST);
  const page = await context.newPage();
  await signInSandbox(page, HOST, identityId, "/dashboard");
  const jar = await context.cookies(siteUrl(HOST));
  return { context, page, cookie: jar.map((c) => `${c.name}=${c.value}`).join("; ") };
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("base64");
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1])).map((m) => m[2]);

describe("the dashboard as a shared document", () => {
  it("answers two customers with the same HTML, which holds neither's data, and draws each one's own figures in the browser", async () => {
    const solar = await signedIn("aurora-solar-household");
    const flat = await signedIn("aurora-apartment");
    try {
      const [a, b] = await Promise.all([ask("/en/dashboard", { cookie: solar.cookie }), ask("/en/dashboard", { cookie: flat.cookie })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body).toBe(b.body);
      expect(a.body).toContain("<h1");

      // Who each one is, from the API: the document names neither.
      const names: string[] = [];
      for (const s of [solar, flat]) {
        const session = JSON.parse((await ask("/api/session", { cookie: s.cookie, accept: "application/json" })).body) as {
          user: { name: string };
          activeCustomer: { name: string; clientCode: string };
        };
        names.push(session.user.name, session.activeCustomer.clientCode);
        await s.page.goto(siteUrl(HOST, "/en/dashboard"));
        await s.page.getByTestId("card-locations").waitFor();
        expect(await s.page.locator("main").textContent()).toContain(session.activeCustomer.name);
        expect(await s.page.getByTestId("account-menu").textContent()).toContain(session.user.name);
      }
      for (const name of names) expect(a.body).not.toContain(name);
      // The two customers' cards differ: the solar household produces, the apartment does not.
      expect(await solar.page.getByTestId("production-electricity").count()).toBe(1);
      expect(await flat.page.getByTestId("production-electricity").count()).toBe(0);
    } finally {
      await solar.context.close();
      await flat.context.close();
    }
  });

  it("allows its inline scripts by their hashes, carries no shared nonce, and runs in the browser without a policy violation", async () => {
    const { context, page, cookie } = await signedIn("aurora-solar-household");
    try {
      const answer = await ask("/en/dashboard", { cookie });
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).not.toContain("nonce-");
      expect(csp).not.toContain("strict-dynamic");
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toContain("unsafe-inline");
      const scripts = inlineScripts(answer.body);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(csp).toContain(`'sha256-${sha256(script)}'`);
      expect(answer.body).not.toMatch(/<script[^>]*\snonce=/);
      expect(String(answer.headers.link ?? "")).not.toContain("nonce");

      const violations = await recordCspViolations(page);
      await page.goto(siteUrl(HOST, "/en/dashboard"));
      await page.getByTestId("card-spot").waitFor();
      await page.getByTestId("account-menu").waitFor();
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("sends a visitor without a session to sign in, whatever header they forge", async () => {
    for (const headers of [{} as Record<string, string>, { "x-portal-shared-render": "1" }, { "x-portal-shared-render": crypto.randomBytes(32).toString("base64url") }]) {
      const answer = await ask("/en/dashboard", headers);
      expect(answer.status).toBe(307);
      expect(answer.headers.location).toMatch(/\/en\/auth\/signin\?callbackUrl=%2Fen%2Fdashboard&error=SessionRequired$/);
      expect(answer.body).not.toContain("card-");
    }
  });

  it("answers the sign-in page from memory to anyone, and renders it when its query makes it someone's", async () => {
    const [a, b] = await Promise.all([ask("/en/auth/signin"), ask("/en/auth/signin", { cookie: "user-id=00000000-0000-4000-8000-000000000001" })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toBe(b.body);
    expect(String(a.headers["content-security-policy"])).toMatch(/script-src 'self' 'sha256-/);
    for (const script of inlineScripts(a.body)) expect(String(a.headers["content-security-policy"])).toContain(`'sha256-${sha256(script)}'`);
    const back = await ask("/en/auth/signin?callbackUrl=%2Fen%2Finvoices&error=SessionRequired");
    expect(back.status).toBe(200);
    expect(String(back.headers["content-security-policy"])).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    expect(back.body).toContain(encodeURIComponent("/en/invoices"));
  });

  it("keeps a session alive and sets the visitor's cookies, as a rendered page does", async () => {
    const { context, cookie } = await signedIn("aurora-apartment");
    try {
      // Without the client and device ids (a browser that lost them): the answer sets new ones.
      const bare = cookie
        .split("; ")
        .filter((c) => !c.startsWith("user-id=") && !c.startsWith("device-id="))
        .join("; ");
      const answer = await ask("/en/dashboard", { cookie: bare });
      expect(answer.status).toBe(200);
      const set = ([] as string[]).concat(answer.headers["set-cookie"] ?? []);
      expect(set.some((c) => c.startsWith("user-id=") && /HttpOnly/i.test(c))).toBe(true);
      expect(set.some((c) => c.startsWith("device-id="))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("draws the other customer's figures after the person switches whom they act for", async () => {
    const { context, page } = await signedIn("aurora-representative");
    try {
      await page.goto(siteUrl(HOST, "/en/dashboard"));
      await page.getByTestId("card-locations").waitFor();
      const before = await page.getByTestId("active-customer").textContent();
      const locationsBefore = await page.getByTestId("card-locations").textContent();
      await page.getByTestId("account-menu").click();
      await page.locator('[role="menuitem"]:not([aria-current="true"])').first().click();
      await expect.poll(() => page.getByTestId("active-customer").textContent(), { timeout: 15_000 }).not.toBe(before);
      await expect.poll(() => page.getByTestId("card-locations").textContent(), { timeout: 15_000 }).not.toBe(locationsBefore);
      const after = (await page.getByTestId("active-customer").textContent())!.split(" · ")[0];
      expect(await page.locator("main").textContent()).toContain(after);
    } finally {
      await context.close();
    }
  });
});
