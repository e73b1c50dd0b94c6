import { getLocale } from "next-intl/server";
import { headers } from "next/headers";
import { getPageSession, getPageSite } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { NotFoundContent } from "@/ui/shell/not-found";
import { SiteFrame } from "../_parts/site-frame";

/**
 * Not found outside the signed-in area's layout: an unknown address ([...rest]), a language the
 * site does not offer, or a page that found nothing before its layout drew the shell. It draws the
 * site's frame itself, with the person's menu when signed in. A not-found page gets no params:
 * site and locale come from the proxy's request headers.
 */
export default async function SiteNotFound() {
  const siteId = (await headers()).get("x-portal-site") ?? "";
  const [site, session, locale] = await Promise.all([getPageSite(siteId), getPageSession(siteId), getLocale()]);
  return (
    <SiteFrame site={site} locale={locale} session={session}>
      <NotFoundContent homeHref={localePath(site, locale, "/")} />
    </SiteFrame>
  );
}
