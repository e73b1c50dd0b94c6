import "server-only";
import type { Site } from "@/server/sites/sites";
import { MEASUREMENT_ID } from "@/lib/consent";
import { hasFeature } from "@/lib/features";

export { MEASUREMENT_ID };
/** Cookies the analytics tag sets; all are cleared when consent is refused or withdrawn. */
export const ANALYTICS_COOKIE_PREFIX = "_ga";

/**
 * Where the browser loads the analytics tag from once the visitor accepted the analytics
 * category. The portal serves a first-party stand-in (below) so that nothing contacts another
 * host in development, demo mode and tests; a production deployment that reports to Google
 * Analytics points this at the tag service, https://www.googletagmanager.com/gtag/js?id=<id>
 * (and allows that host in its Content-Security-Policy).
 */
export function analyticsScriptUrl(site: Pick<Site, "gaMeasurementId" | "features">): string | null {
  if (!site.gaMeasurementId || !MEASUREMENT_ID.test(site.gaMeasurementId) || !hasFeature(site, "cookie-consent")) return null;
  return `/api/consent/analytics.js?id=${encodeURIComponent(site.gaMeasurementId)}`;
}

/**
 * The first-party stand-in for the tag: it keeps the gtag contract (window.dataLayer and
 * window.gtag) and sets the first-party _ga cookies the real tag would, but sends nothing anywhere.
 */
export function analyticsScript(measurementId: string): string {
  const id = JSON.stringify(measurementId);
  const suffix = JSON.stringify(measurementId.replace(/^G-/, ""));
  return `(function () {
  var id = ${id};
  if (window["ga-disable-" + id]) return;
  window.dataLayer = window.dataLayer || [];
  window.gtag = window.gtag || function () { window.dataLayer.push(arguments); };
  window.gtag("js", new Date());
  window.gtag("config", id, { anonymize_ip: true });
  var now = Math.floor(Date.now() / 1000);
  var secure = location.protocol === "https:" ? "; Secure" : "";
  var age = "; Path=/; Max-Age=63072000; SameSite=Lax" + secure;
  if (!/(?:^|; )_ga=/.test(document.cookie)) {
    document.cookie = "_ga=GA1.1." + Math.floor(Math.random() * 2147483647) + "." + now + age;
  }
  document.cookie = "_ga_" + ${suffix} + "=GS1.1." + now + ".1.0." + now + ".0.0.0" + age;
  window.__portalAnalytics = { id: id, loadedAt: now };
})();
`;
}
