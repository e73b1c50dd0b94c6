import type { Site } from "@/server/sites/sites";
import { getConsentRevision } from "@/server/consent/consent";
import { analyticsScriptUrl } from "@/server/consent/analytics";
import { cookies } from "next/headers";
import { hasFeature } from "@/lib/features";
import { CONSENT_COOKIE, storedConsent } from "@/lib/consent";
import { CookieConsentManager } from "@/ui/on-demand";
import { ConsentBanner } from "@/ui/consent/consent-banner";

/** Cookie consent exists only on sites with the cookie-consent feature (spec §6). */
export async function CookieConsentMount({ site, locale }: { site: Site; locale: string }) {
  if (!hasFeature(site, "cookie-consent")) return null;
  const [revision, jar] = await Promise.all([getConsentRevision(site.id), cookies()]);
  // Undecided for this revision: the banner is in the first paint, not drawn by the script later.
  const stored = storedConsent(jar.get(CONSENT_COOKIE)?.value, revision);
  const scriptUrl = analyticsScriptUrl(site);
  const privacy = site.linkItems.find((l) => l.type === "PRIVACY_POLICY" && (l.locale === locale || !l.locale)) ?? site.linkItems.find((l) => l.type === "PRIVACY_POLICY");
  return (
    <>
      {stored === "current" ? null : <ConsentBanner revisionChanged={stored === "outdated"} privacyPolicyUrl={privacy?.link ?? null} />}
      <CookieConsentManager
        revision={revision}
        locale={locale}
        analytics={scriptUrl && site.gaMeasurementId ? { scriptUrl, measurementId: site.gaMeasurementId } : null}
        privacyPolicyUrl={privacy?.link ?? null}
      />
    </>
  );
}
