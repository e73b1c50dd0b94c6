import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listAdminAnnouncements } from "@/server/admin/announcements-admin";
import { hasFeature } from "@/lib/features";
import { LOCALE_NAMES, type AnyLocale } from "@/lib/locales";
import { formatter } from "@/i18n/format";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { AnnouncementsManager } from "@/ui/admin/announcements-manager";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("announcements.title") };
}

/** The site's announcements (feature announcements). */
export default async function AdminAnnouncementsPage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  if (!hasFeature(ctx.site, "announcements")) notFound();
  const f = formatter(ctx.locale, ctx.site.timezone);
  const rows = (await listAdminAnnouncements(ctx.site.id)).map((a) => ({ ...a, publishedLabel: f.dateTime(a.publishedAt), expiresLabel: a.expiresAt ? f.dateTime(a.expiresAt) : null }));
  return (
    <AdminFrame ctx={ctx} active="announcements">
      <AnnouncementsManager siteId={ctx.site.id} timeZone={ctx.site.timezone} locales={ctx.site.locales.map((id) => ({ id, name: LOCALE_NAMES[id as AnyLocale] ?? id }))} announcements={rows} />
    </AdminFrame>
  );
}
