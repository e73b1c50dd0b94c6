import type { Feature } from "./features";

export type ExternalService = { type: string; name: string; url: string; settings?: Record<string, unknown> };
export type MetaField = { name: string; content: string; locale_id: string | null };
export type FooterLink = { label: string; link: string; type?: string; locale?: string | null };

/**
 * A site as pages and components read it. The server's site (src/server/sites) has more: the
 * sign-in configuration and external services, whose settings hold secrets, and timestamps.
 */
export interface SiteView {
  id: string;
  companyName: string;
  country: string;
  timezone: string;
  defaultLocaleId: string;
  locales: string[];
  themeId: string;
  features: Feature[];
  metaFields: MetaField[];
  gaMeasurementId: string | null;
  contactLinks: FooterLink[];
  linkItems: FooterLink[];
  domains: string[];
  primaryDomain: string;
}
