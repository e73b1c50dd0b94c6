import type { Site } from "@/server/sites/sites";
import type { PortalSession } from "@/server/auth/session";
import { getActiveFeedbackForm } from "@/server/feedback/feedback";
import { hasFeature } from "@/lib/features";
import { FeedbackDialog } from "@/ui/on-demand";

/**
 * Mount point of the feedback dialog in the signed-in area (spec §6): only for a verified person,
 * only when the site has the feedback feature and an active form.
 */
export async function FeedbackPrompt({ site, session }: { site: Site; session: PortalSession }) {
  if (!hasFeature(site, "feedback") || !session.verified) return null;
  const form = await getActiveFeedbackForm(site.id);
  if (!form) return null;
  return <FeedbackDialog form={{ id: form.id, refreshedAt: form.refreshedAt }} />;
}
