import type { Site } from "@/server/sites/sites";
import { listAnnouncements } from "@/server/announcements/announcements";
import { hasFeature } from "@/lib/features";
import { Announcements } from "@/ui/announcements/announcements";

/** The site's announcements for the locale (spec §7), for the home page and the dashboard. */
export async function SiteAnnouncements({ site, locale, limit = 5, headingOrder = 2 }: { site: Pick<Site, "id" | "features">; locale: string; limit?: number; headingOrder?: 2 | 3 }) {
  if (!hasFeature(site, "announcements")) return null;
  const items = (await listAnnouncements(site.id, locale)).slice(0, limit);
  return <Announcements items={items} locale={locale} headingOrder={headingOrder} />;
}
