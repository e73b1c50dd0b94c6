import { hasFeature, type Feature } from "@/lib/features";

/** The pages of the administration area, in the order of its navigation, with the feature each needs. */
export const ADMIN_SECTIONS = [
  { id: "site", path: "/admin" },
  { id: "locales", path: "/admin/locales" },
  { id: "domains", path: "/admin/domains" },
  { id: "translations", path: "/admin/translations", feature: "admin-localization" },
  { id: "feedback", path: "/admin/feedback", feature: "feedback" },
  { id: "announcements", path: "/admin/announcements", feature: "announcements" },
  { id: "history", path: "/admin/history" },
] as const satisfies readonly { id: string; path: string; feature?: Feature }[];

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];

export function visibleAdminSections(site: { features: readonly Feature[] }) {
  return ADMIN_SECTIONS.filter((s) => !("feature" in s) || hasFeature(site, (s as { feature: Feature }).feature));
}
