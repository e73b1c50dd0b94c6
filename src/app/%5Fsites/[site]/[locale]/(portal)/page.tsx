import { Card, Paper, SimpleGrid, Stack, Text, Title, Badge, Group } from "@mantine/core";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite, requireSession } from "@/server/web/page-context";
import { localePath } from "@/lib/locales";
import { navItems } from "@/ui/shell/navigation";
import { SiteAnnouncements } from "../_parts/site-announcements";
import { CustomerServiceSearch, RepresentativeCodeForm } from "@/ui/on-demand";

const TILE_AREAS = ["charts", "contracts", "invoices"] as const;

export async function generateMetadata() {
  const t = await getTranslations("home");
  return { title: t("title") };
}

export default async function HomePage({ params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const [site, session, t] = await Promise.all([getPageSite(siteId), requireSession(siteId, locale), getTranslations("home")]);
  const tiles = navItems(site).filter((a) => (TILE_AREAS as readonly string[]).includes(a.feature));
  const active = session.activeCustomer;
  return (
    <Stack gap="lg">
      <Title order={1}>{t("welcome", { name: session.person.name })}</Title>
      {active ? (
        <Paper withBorder p="md" data-testid="account-summary">
          <Group gap="sm">
            <Text>{t("you-are-in", { name: active.name, code: active.clientCode })}</Text>
            <Badge variant="light">{t(`role.${active.role}`)}</Badge>
          </Group>
        </Paper>
      ) : (
        <Paper withBorder p="md" maw={560}>
          <Stack>
            <Title order={2} size="h4">
              {t("no-customer-title")}
            </Title>
            <Text>{t("no-customer")}</Text>
            <RepresentativeCodeForm />
          </Stack>
        </Paper>
      )}
      {session.roles.includes("customer_service") ? <CustomerServiceSearch /> : null}
      {active && tiles.length ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="nav" aria-label={t("quick-actions")}>
          {tiles.map((tile) => (
            <Card key={tile.path} component={Link} href={localePath(site, locale, tile.path)} withBorder padding="lg" style={{ textDecoration: "none" }}>
              <Title order={2} size="h4">
                {t(`tiles.${tile.feature}.title`)}
              </Title>
              <Text size="sm" mt={4}>
                {t(`tiles.${tile.feature}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
      {/* White-label shell: the site's announcements (spec §7) */}
      <SiteAnnouncements site={site} locale={locale} />
    </Stack>
  );
}
