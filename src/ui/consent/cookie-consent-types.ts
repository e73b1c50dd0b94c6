export { CONSENT_COOKIE } from "@/lib/consent";
export const ANALYTICS_COOKIES = /^_ga/;

export interface CookieConsentProps {
  /** The site's consent policy revision: a different stored revision asks again. */
  revision: number;
  locale: string;
  /** Where the analytics tag loads from once accepted; null when the site has no analytics. */
  analytics: { scriptUrl: string; measurementId: string } | null;
  privacyPolicyUrl: string | null;
}
