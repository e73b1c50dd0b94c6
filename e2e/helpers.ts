import { inject } from "vitest";
import type { Page } from "playwright-core";

export const port = () => inject("port");
export const siteUrl = (host: string, path = "/") => `http://${host}:${port()}${path}`;

/** Signs in through the sandbox e-ID provider's pages, as a person would. */
export async function signInSandbox(page: Page, host: string, identityId: string, path = "/") {
  await page.goto(siteUrl(host, path));
  await page.waitForURL(/\/auth\/signin/);
  await page.locator('a[href*="/api/auth/sandbox-eid/authorize"]').click();
  await page.waitForURL(/\/auth\/sandbox-eid\?state=/);
  await page.locator(`button[data-identity="${identityId}"]`).click();
  await page.waitForURL(/\/auth\/sandbox-eid\/confirm/);
  await page.waitForURL((url) => !url.pathname.includes("/auth/"), { timeout: 15_000 });
}
