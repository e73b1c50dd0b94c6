import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { feedbackResults } from "@/server/admin/feedback-admin";
import { AppError } from "@/server/errors";
import { hasFeature } from "@/lib/features";
import { AdminFrame } from "@/ui/admin/admin-frame";
import { FeedbackResults } from "@/ui/admin/feedback-results";
import { adminPageContext } from "../../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("admin-pages");
  return { title: t("feedback.title") };
}

/** One feedback form's results; a form of another site (or none) is not found. */
export default async function AdminFeedbackResultsPage({ params }: { params: Promise<{ site: string; locale: string; formId: string }> }) {
  const ctx = await adminPageContext(params);
  if (!hasFeature(ctx.site, "feedback")) notFound();
  const { formId } = await params;
  let results;
  try {
    results = await feedbackResults(ctx.site.id, formId);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  }
  return (
    <AdminFrame ctx={ctx} active="feedback">
      <FeedbackResults siteId={ctx.site.id} results={results} locale={ctx.locale} timeZone={ctx.site.timezone} backHref={ctx.href("/admin/feedback")} />
    </AdminFrame>
  );
}
