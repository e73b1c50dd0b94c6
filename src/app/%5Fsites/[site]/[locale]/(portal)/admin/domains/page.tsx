import { getTranslations } from "next-intl/server";
import { listDomains } from "@/server/admin/site-admin";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { DomainsManager } from "@/ui/admin/domains-manager";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("domains.title") };
}

/** The site's host names. */
export default async function AdminDomainsPage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  return (
    <AdminFrame ctx={ctx} active="domains">
      <DomainsManager siteId={ctx.site.id} domains={await listDomains(ctx.site.id)} />
    </AdminFrame>
  );
}
