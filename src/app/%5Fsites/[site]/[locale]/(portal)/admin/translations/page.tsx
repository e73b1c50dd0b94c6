import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listTranslations } from "@/server/admin/translations";
import { hasFeature } from "@/lib/features";
import { LOCALE_NAMES, type AnyLocale } from "@/lib/locales";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { TranslationsEditor } from "@/ui/admin/translations-editor";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("translations.title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The site's own texts per locale (feature admin-localization); `?locale=` picks the locale, the page's own by default. */
export default async function AdminTranslationsPage({ params, searchParams }: { params: RouteParams; searchParams: Search }) {
  const ctx = await adminPageContext(params);
  if (!hasFeature(ctx.site, "admin-localization")) notFound();
  const q = await searchParams;
  const asked = Array.isArray(q.locale) ? q.locale[0] : q.locale;
  const locale = asked && ctx.site.locales.includes(asked) ? asked : ctx.site.locales.includes(ctx.locale) ? ctx.locale : ctx.site.defaultLocaleId;
  const entries = await listTranslations(ctx.site.id, locale);
  const locales = ctx.site.locales.map((id) => ({ id, name: LOCALE_NAMES[id as AnyLocale] ?? id, href: ctx.href(`/admin/translations?locale=${encodeURIComponent(id)}`) }));
  return (
    <AdminFrame ctx={ctx} active="translations">
      <TranslationsEditor key={locale} siteId={ctx.site.id} locale={locale} locales={locales} entries={entries} />
    </AdminFrame>
  );
}
