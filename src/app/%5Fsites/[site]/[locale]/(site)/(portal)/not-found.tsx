import { getLocale } from "next-intl/server";
import { headers } from "next/headers";
import { getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { NotFoundContent } from "@/ui/shell/not-found";

/** Not found in the signed-in area (an area switched off, an id that is not the customer's): the portal's layout keeps its shell. */
export default async function PortalNotFound() {
  const [site, locale] = await Promise.all([getPageSite((await headers()).get("x-portal-site") ?? ""), getLocale()]);
  return <NotFoundContent homeHref={localePath(site, locale, "/")} />;
}
