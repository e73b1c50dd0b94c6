import { getTranslations } from "next-intl/server";
import { getSiteLocales } from "@/server/admin/site-admin";
import { LOCALE_NAMES, LOCALES } from "@/lib/locales";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { LocalesForm } from "@/ui/admin/locales-form";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("locales.title") };
}

/** The locales the site offers and its default. */
export default async function AdminLocalesPage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  const current = await getSiteLocales(ctx.site.id);
  return (
    <AdminFrame ctx={ctx} active="locales">
      <LocalesForm siteId={ctx.site.id} all={LOCALES.map((id) => ({ id, name: LOCALE_NAMES[id] }))} current={current} />
    </AdminFrame>
  );
}
