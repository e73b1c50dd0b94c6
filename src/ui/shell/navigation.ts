import { hasFeature, type AreaFeature, type Feature } from "@/lib/features";

/** Customer areas whose pages exist, in navigation order; each is shown only when the site has its feature. */
export const NAV_AREAS: { feature: AreaFeature; path: string; key: string }[] = [];

export function registerNavArea(area: { feature: AreaFeature; path: string; key: string }) {
  if (!NAV_AREAS.some((a) => a.path === area.path)) NAV_AREAS.push(area);
}

export function navItems(site: { readonly features: readonly Feature[] }) {
  return NAV_AREAS.filter((a) => hasFeature(site, a.feature));
}
