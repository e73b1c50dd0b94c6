import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv } from "./context";

/** The language of a document (a PDF, a CSV): asked for, else the customer's own, else the page's, else the site's default. */
export function documentLocale(c: Context<AppEnv>, requested: string | undefined, customerLocale: string | null): string {
  const site = c.get("site");
  if (requested && site.locales.includes(requested)) return requested;
  if (customerLocale && site.locales.includes(customerLocale)) return customerLocale;
  const cookie = getCookie(c, "NEXT_LOCALE");
  if (cookie && site.locales.includes(cookie)) return cookie;
  return site.defaultLocaleId;
}
