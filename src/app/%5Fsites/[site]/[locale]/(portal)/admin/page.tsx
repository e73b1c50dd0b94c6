import { getTranslations } from "next-intl/server";
import { getAdminSite, timezoneList } from "@/server/admin/site-admin";
import { allThemes } from "@/themes/registry";
import { LOCALE_NAMES, type AnyLocale } from "@/lib/locales";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { SiteSettingsForm } from "@/ui/admin/site-settings-form";
import { adminPageContext, type RouteParams } from "./_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("site.title") };
}

/** Site settings: company name, timezone, theme, meta fields, footer links, analytics id. */
export default async function AdminSitePage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  const site = await getAdminSite(ctx.site.id);
  const themes = allThemes().map((th) => ({ id: th.id, name: th.name }));
  return (
    <AdminFrame ctx={ctx} active="site">
      <SiteSettingsForm site={site} timezones={timezoneList()} themes={themes} locales={site.locales.map((id) => ({ id, name: LOCALE_NAMES[id as AnyLocale] ?? id }))} />
    </AdminFrame>
  );
}
