import { getLocale } from "next-intl/server";
import { headers } from "next/headers";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { NotFoundContent } from "@/ui/shell/not-found";

/**
 * Not found on sign-in's neighbours (a sandbox sign-in step with nothing to show): the card alone,
 * inside the sign-in background and language choice. Plain elements only: a boundary's code loads
 * with every page below it, sign-in among them (decision 0021). Site and locale come from the
 * proxy's request headers, as on ../(site)/not-found.tsx.
 */
export default async function AuthNotFound() {
  const siteId = (await headers()).get("x-portal-site") ?? "";
  const [site, locale] = await Promise.all([getPageSite(siteId), getLocale()]);
  return <NotFoundContent homeHref={localePath(site, locale, "/")} />;
}
