import { Anchor, Box, Group, Text } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { SiteView } from "@/lib/sites";
import { localePath } from "@/lib/locales";

/** Contact links and the site's link items for this locale, opened in a new tab without referrer. */
export async function Footer({ site, locale }: { site: SiteView; locale: string }) {
  const t = await getTranslations("shell");
  const items = site.linkItems.filter((l) => !l.locale || l.locale === locale);
  return (
    <Box component="footer" pt="lg" px="md" mt="xl" className="portal-footer" style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}>
      <Group justify="space-between" maw={1280} mx="auto" gap="md">
        <Text size="sm">© {site.companyName}</Text>
        <Group gap="md" component="nav" aria-label={t("footer-links")}>
          {site.contactLinks.map((l) => (
            <Anchor key={l.link} href={l.link} size="sm" target="_blank" rel="noopener noreferrer">
              {l.label}
            </Anchor>
          ))}
          {items.map((l) => (
            <Anchor key={l.link} href={l.link} size="sm" target="_blank" rel="noopener noreferrer">
              {l.label}
            </Anchor>
          ))}
          <Anchor href={localePath(site, locale, "/accessibility")} size="sm" data-testid="footer-accessibility">
            {t("accessibility")}
          </Anchor>
        </Group>
      </Group>
    </Box>
  );
}
