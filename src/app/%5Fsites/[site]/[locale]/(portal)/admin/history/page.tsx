import { getTranslations } from "next-intl/server";
import { listAdminAudit } from "@/server/admin/site-admin";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { AdminHistory } from "@/ui/admin/admin-history";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("history.title") };
}

/** What the site's administrators changed, newest first. */
export default async function AdminHistoryPage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  return (
    <AdminFrame ctx={ctx} active="history">
      <AdminHistory entries={await listAdminAudit(ctx.site.id)} locale={ctx.locale} timeZone={ctx.site.timezone} />
    </AdminFrame>
  );
}
