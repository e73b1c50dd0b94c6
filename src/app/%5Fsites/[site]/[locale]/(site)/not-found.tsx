import { getPageSession, notFoundContext } from "@/server/web/page-context";
import { NotFoundContent } from "@/ui/shell/not-found";
import { SiteFrame } from "../_parts/site-frame";

/**
 * Not found outside the signed-in area's layout: an unknown address ([...rest]), a language the
 * site does not offer, or a page that found nothing before its layout drew the shell. It draws the
 * site's frame itself, with the person's menu when signed in.
 */
export default async function SiteNotFound() {
  const { site, locale, homeHref } = await notFoundContext();
  const session = await getPageSession(site.id);
  return (
    <SiteFrame site={site} locale={locale} session={session}>
      <NotFoundContent homeHref={homeHref} />
    </SiteFrame>
  );
}
