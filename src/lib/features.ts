/**
 * Site features (spec §6). Area features switch whole parts of the portal on and off, in the
 * navigation and on the server; option features refine an area.
 */
export const AREA_FEATURES = ["dashboard", "charts", "invoices", "contracts", "outages", "support", "inbox", "power-control", "membership", "feedback", "announcements"] as const;

export const OPTION_FEATURES = [
  "invoices.receivable-outsourced",
  "invoices.csv-download",
  "invoices.advanced-postpone",
  "contracts.signing.additional-product",
  "contracts.signing.e-invoice",
  "contracts.signing.email-invoice",
  "contracts.signing.postal-invoice-disabled",
  "contracts.signing.co-owner-disabled",
  "contracts.signing.own-grid-products",
  "contracts.signing.term-changes",
  "contracts.management-disabled",
  "contracts.billing-prefer-e-invoice",
  "business-customer-info",
  "renewal-offers.additional-product",
  "dashboard.district-heat-disabled",
  "settings.phone-number-disabled",
  "settings.outage-contacts",
  "settings.spot-price",
  "settings.marketing-channels-disabled",
  "support.advanced",
  "cookie-consent",
  "sign-in.telecom",
  "sign-in.email-only",
  "charts.temperature-and-price",
  "charts.netted",
  "charts.five-minute-consumption",
  "charts.temperature",
  "charts.spot-price-disabled",
  "pwa",
  "push-notifications",
  "dark-theme",
  "relay-control",
  "real-time-cost-estimation",
  "product-group-filtering",
  "power-control.on-off",
  "addresses.active-contracts-only",
  "admin-localization",
  "membership-number",
  "api-tokens",
] as const;

export type AreaFeature = (typeof AREA_FEATURES)[number];
export type OptionFeature = (typeof OPTION_FEATURES)[number];
export type Feature = AreaFeature | OptionFeature;
export const ALL_FEATURES: readonly Feature[] = [...AREA_FEATURES, ...OPTION_FEATURES];

export function isFeature(value: string): value is Feature {
  return (ALL_FEATURES as readonly string[]).includes(value);
}

/** Whether a site (or anything carrying its features) has a feature switched on. */
export function hasFeature(site: { readonly features: readonly Feature[] }, feature: Feature): boolean {
  return site.features.includes(feature);
}
