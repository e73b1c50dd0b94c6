import { getRequestConfig } from "next-intl/server";
import { headers } from "next/headers";
import { DEFAULT_LOCALE } from "@/lib/locales";
import { getSiteMessages } from "./site-messages";

/** Locale and site come from the proxy's rewrite (request headers it sets and strips from clients). */
export default getRequestConfig(async ({ requestLocale }) => {
  const h = await headers();
  const locale = (await requestLocale) ?? h.get("x-portal-locale") ?? DEFAULT_LOCALE;
  const siteId = h.get("x-portal-site");
  const site = siteId ? await (await import("@/server/sites/sites")).getSiteById(siteId) : null;
  return {
    locale,
    messages: await getSiteMessages(site?.id ?? null, locale),
    timeZone: site?.timezone ?? "Europe/Helsinki",
    onError(error) {
      if (error.code !== "MISSING_MESSAGE") console.warn(`[i18n] ${error.message}`);
      else console.warn(`[i18n] missing translation: ${error.message}`);
    },
    getMessageFallback: ({ namespace, key }) => (namespace ? `${namespace}.${key}` : key),
  };
});
