import { getTranslations } from "next-intl/server";
import type { SiteView } from "@/lib/sites";
import { localePath } from "@/lib/locales";
import { navItems } from "@/ui/shell/navigation";
import { MobileBottomBar } from "./mobile-bottom-bar";

const MAX_AREAS = 4;

/** The bottom bar of the signed-in area: home and the site's first areas from the navigation registry. */
export async function PortalBottomBar({ site, locale }: { site: SiteView; locale: string }) {
  const t = await getTranslations("nav");
  const ts = await getTranslations("shared");
  const items = [
    { href: localePath(site, locale, "/"), label: t("home"), icon: "home" },
    ...navItems(site)
      .slice(0, MAX_AREAS)
      .map((a) => ({ href: localePath(site, locale, a.path), label: t(a.key as never), icon: a.feature })),
  ];
  return <MobileBottomBar items={items} label={ts("bottom-bar")} />;
}
