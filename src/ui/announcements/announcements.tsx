import { getTimeZone, getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import type { Announcement } from "@/api/schemas/announcements";
import { Heading } from "@/ui/shared/heading";
import { Stack, Text } from "@/ui/shared/plain";
import classes from "./announcements.module.css";

/**
 * What Mantine's `Typography` draws, written by the server: its stylesheet loads with every page
 * (src/ui/mantine-styles.ts), and the component itself would send its client code to the pages
 * that show announcements (the dashboard and the home page). announcements.test.ts keeps it equal.
 */
export const TYPOGRAPHY_CLASS = "m_d08caa0 mantine-Typography-root";

const ACCENT: Record<string, string> = {
  info: "var(--mantine-primary-color-filled)",
  warning: "var(--mantine-color-yellow-filled)",
  critical: "var(--mantine-color-red-filled)",
};

/**
 * Announcements (spec §7), for the home page and the dashboard. Content is HTML sanitized on the
 * server; links open in a new tab without opener or referrer.
 */
export async function Announcements({ items, locale, headingOrder = 2 }: { items: Announcement[]; locale: string; headingOrder?: 2 | 3 }) {
  if (!items.length) return null;
  const t = await getTranslations("announcements");
  const f = formatter(locale, await getTimeZone());
  const itemOrder = (headingOrder + 1) as 3 | 4;
  return (
    <Stack component="section" aria-labelledby="announcements-heading" gap="sm" data-testid="announcements">
      <Heading order={headingOrder} size="h4" id="announcements-heading">
        {t("title")}
      </Heading>
      {items.map((a) => (
        <article key={a.id} className={classes.item} style={{ borderLeft: `4px solid ${ACCENT[a.severity]}` }} data-testid="announcement">
          <Stack gap={6}>
            <Heading order={itemOrder} size="h5">
              {a.severity !== "info" ? <span className="portal-visually-hidden">{t(`severity.${a.severity}`)}: </span> : null}
              <span data-user-content>{a.title}</span>
            </Heading>
            <Text size="xs" component="p">
              <time dateTime={a.publishedAt}>{f.date(a.publishedAt)}</time>
            </Text>
            <div className={TYPOGRAPHY_CLASS}>
              <div className="portal-rich-text" data-user-content dangerouslySetInnerHTML={{ __html: a.content }} />
            </div>
          </Stack>
        </article>
      ))}
    </Stack>
  );
}
