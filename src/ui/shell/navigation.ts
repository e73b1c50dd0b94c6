import type { AreaFeature } from "@/lib/features";

/** Customer areas whose pages exist, in navigation order; each is shown only when the site has its feature. */
export const NAV_AREAS: { feature: AreaFeature; path: string; key: string }[] = [];

export function registerNavArea(area: { feature: AreaFeature; path: string; key: string }) {
  if (!NAV_AREAS.some((a) => a.path === area.path)) NAV_AREAS.push(area);
}

export function navItems(features: readonly string[]) {
  return NAV_AREAS.filter((a) => features.includes(a.feature));
}
