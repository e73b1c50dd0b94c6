import type { Site } from "@/server/sites/sites";
import { getConsentRevision } from "@/server/consent/consent";
import { analyticsScriptUrl } from "@/server/consent/analytics";
import { hasFeature } from "@/lib/features";
import { CookieConsentManager } from "@/ui/on-demand";

/** Cookie consent exists only on sites with the cookie-consent feature (spec §6). */
export async function CookieConsentMount({ site, locale }: { site: Site; locale: string }) {
  if (!hasFeature(site, "cookie-consent")) return null;
  const revision = await getConsentRevision(site.id);
  const scriptUrl = analyticsScriptUrl(site);
  const privacy = site.linkItems.find((l) => l.type === "PRIVACY_POLICY" && (l.locale === locale || !l.locale)) ?? site.linkItems.find((l) => l.type === "PRIVACY_POLICY");
  return (
    <CookieConsentManager
      revision={revision}
      locale={locale}
      analytics={scriptUrl && site.gaMeasurementId ? { scriptUrl, measurementId: site.gaMeasurementId } : null}
      privacyPolicyUrl={privacy?.link ?? null}
    />
  );
}
