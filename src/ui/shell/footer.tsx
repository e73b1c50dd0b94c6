import { getTranslations } from "next-intl/server";
import type { SiteView } from "@/lib/sites";
import { localePath } from "@/lib/locales";
import { Anchor } from "@/ui/shared/plain-anchor";
import { Group, rem, Text } from "@/ui/shared/plain";

/** Contact links and the site's link items for this locale, opened in a new tab without referrer. */
export async function Footer({ site, locale }: { site: SiteView; locale: string }) {
  const t = await getTranslations("shell");
  const items = site.linkItems.filter((l) => !l.locale || l.locale === locale);
  return (
    <footer
      className="portal-footer"
      style={{
        paddingTop: "var(--mantine-spacing-lg)",
        paddingInline: "var(--mantine-spacing-md)",
        marginTop: "var(--mantine-spacing-xl)",
        borderTop: "1px solid var(--mantine-color-default-border)",
      }}
    >
      <Group justify="space-between" gap="md" style={{ maxWidth: rem(1280), marginInline: "auto" }}>
        <Text size="sm">© {site.companyName}</Text>
        <Group gap="md" component="nav" aria-label={t("footer-links")}>
          {site.contactLinks.map((l) => (
            <Anchor key={l.link} href={l.link} plain size="sm" target="_blank" rel="noopener noreferrer">
              {l.label}
            </Anchor>
          ))}
          {items.map((l) => (
            <Anchor key={l.link} href={l.link} plain size="sm" target="_blank" rel="noopener noreferrer">
              {l.label}
            </Anchor>
          ))}
          <Anchor href={localePath(site, locale, "/accessibility")} plain size="sm" data-testid="footer-accessibility">
            {t("accessibility")}
          </Anchor>
        </Group>
      </Group>
    </footer>
  );
}
