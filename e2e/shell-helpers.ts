import http from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { port } from "./helpers";
import { decryptDraft, deriveDraftKey, draftStorageKey, parseSavedDraft } from "../src/ui/shared/form-draft-crypto";

/**
 * Marks the cookie-consent choice (necessary only, at the site's current revision) and the feedback
 * question as already handled for a site, so tests of other areas see the page without the banner
 * or dialog. The revision is asked of the server: a test of the shell raises one site's revision,
 * and a choice made for an older one brings the banner back.
 */
export async function settleShellPrompts(context: BrowserContext, host: string, which: { consent?: boolean; feedback?: boolean } = {}) {
  const now = new Date().toISOString();
  // A site without cookie consent answers 404 here, and shows no banner either way.
  const asked = which.consent !== false ? await serverHtml(host, "/api/consent/revision") : null;
  const revision = asked?.status === 200 ? (JSON.parse(asked.body) as { revision: number }).revision : 0;
  const consent = {
    categories: ["necessary"],
    revision,
    data: null,
    consentTimestamp: now,
    consentId: "00000000-0000-4000-8000-000000000000",
    services: { necessary: [] },
    languageCode: "en-GB",
    lastConsentTimestamp: now,
    expirationTime: Date.now() + 182 * 86_400_000,
  };
  await context.addCookies([
    ...(which.consent !== false ? [{ name: "cc_cookie", value: encodeURIComponent(JSON.stringify(consent)), domain: host, path: "/", sameSite: "Lax" as const }] : []),
    ...(which.feedback !== false ? [{ name: "feedback-handled", value: String(Date.now()), domain: host, path: "/", sameSite: "Lax" as const }] : []),
  ]);
}

/** The HTML the server sends for a page (no browser, no scripts): what the first paint is made of. */
export function serverHtml(host: string, path: string, cookie = ""): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: port(), path, headers: { host, ...(cookie ? { cookie } : {}) } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
  });
}

/** Calls the API from inside the page (same origin, the page's cookies), as the portal's own code does. */
export async function pageFetch<T = any>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(path, {
        method: init.method ?? "GET",
        headers: init.body !== undefined ? { "content-type": "application/json" } : {},
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: body as never };
    },
    { path, init },
  );
}

/**
 * The values of the form draft the page keeps in session storage for `formKey`, decrypted with
 * the session's draft token as the page does it; null without a draft or a session.
 */
export async function readDraft<T = unknown>(page: Page, formKey: string): Promise<T | null> {
  const saved = parseSavedDraft(await page.evaluate((key) => sessionStorage.getItem(key), draftStorageKey(formKey)));
  const payload = saved ? Object.values(saved.values)[0] : undefined;
  if (!payload) return null;
  const { body } = await pageFetch<{ token: string | null }>(page, "/api/session");
  if (!body.token) return null;
  return decryptDraft<T>(await deriveDraftKey(body.token, formKey), payload);
}
