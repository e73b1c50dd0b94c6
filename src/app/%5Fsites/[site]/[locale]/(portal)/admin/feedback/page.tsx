import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { listFeedbackForms } from "@/server/admin/feedback-admin";
import { hasFeature } from "@/lib/features";
import { formatter } from "@/i18n/format";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { FeedbackForms } from "@/ui/admin/feedback-forms";
import { adminPageContext, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("feedback.title") };
}

/** The site's feedback forms (feature feedback). */
export default async function AdminFeedbackPage({ params }: { params: RouteParams }) {
  const ctx = await adminPageContext(params);
  if (!hasFeature(ctx.site, "feedback")) notFound();
  const f = formatter(ctx.locale, ctx.site.timezone);
  const forms = (await listFeedbackForms(ctx.site.id)).map((form) => ({
    ...form,
    href: ctx.href(`/admin/feedback/${form.id}`),
    refreshedLabel: f.dateTime(form.refreshedAt),
    averageLabel: form.average === null ? null : f.number(form.average, "axis"),
  }));
  return (
    <AdminFrame ctx={ctx} active="feedback">
      <FeedbackForms siteId={ctx.site.id} forms={forms} />
    </AdminFrame>
  );
}
