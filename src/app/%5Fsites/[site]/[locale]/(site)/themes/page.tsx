import { Anchor, Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPageSite } from "@/server/web/page-context";
import { allThemes, getTheme, isThemeId } from "@/themes/registry";
import type { PortalTheme } from "@/themes/types";
import { devToolsEnabled } from "@/lib/env";
import { LOCALE_NAMES, PSEUDO_LOCALE, localePrefix, type AnyLocale, localePath } from "@/lib/locales";
import { LanguageSwitcher } from "@/ui/shell/language-switcher";
import { TopBar } from "@/ui/shared/top-bar";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { ListView } from "@/ui/shared/list-view";
import { EmptyState } from "@/ui/shared/empty-state";
import { AppearanceControl } from "@/ui/shared/appearance-control";
import { HomeMockup, SignInMockup } from "@/ui/shared/theme-preview/mockups";
import { PreviewForm } from "@/ui/shared/theme-preview/preview-form";
import { ErrorDrill, NotificationsDemo } from "@/ui/shared/theme-preview/preview-actions";
import { PREVIEW_PATH, previewAllowed } from "../../_parts/preview-access";
import { hasFeature } from "@/lib/features";

type Params = Promise<{ site: string; locale: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  const t = await getTranslations("appearance.preview");
  return { title: t("title"), robots: { index: false } };
}

/**
 * All 13 themes side by side (sign-in and home drawings), and each theme's full rendering with
 * `?theme=<id>`: the root layout applies that theme on this page only.
 */
export default async function ThemePreviewPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { site: siteId, locale } = await params;
  setRequestLocale(locale);
  const site = await getPageSite(siteId);
  if (!(await previewAllowed(site))) notFound();
  const query = await searchParams;
  const themeId = typeof query.theme === "string" && isThemeId(query.theme) ? query.theme : null;
  const t = await getTranslations("appearance.preview");
  const base = localePath(site, locale, PREVIEW_PATH);
  const locales = devToolsEnabled() ? [...site.locales, PSEUDO_LOCALE] : site.locales;
  const switcher = (
    <LanguageSwitcher current={locale} defaultLocale={site.defaultLocaleId} locales={locales.map((id) => ({ id, prefix: localePrefix(id), name: LOCALE_NAMES[id as AnyLocale] ?? id }))} />
  );

  if (!themeId) {
    const themes = allThemes();
    return (
      <>
        <TopBar component="header" left={<Text fw={600}>{site.companyName}</Text>} right={switcher} />
        <Stack component="main" id="main" p="md" maw={1400} mx="auto" gap="lg">
          <Title order={1}>{t("title")}</Title>
          <Text>{t("intro", { count: themes.length })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {themes.map((theme) => (
              <Card key={theme.id} withBorder padding="md" data-testid="theme-card" data-theme={theme.id}>
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={2} size="h4">
                      <span translate="no">{theme.name}</span>
                    </Title>
                    {theme.id === site.themeId ? <Badge variant="outline">{t("in-use")}</Badge> : null}
                  </Group>
                  <SimpleGrid cols={2} spacing="xs">
                    <SignInMockup theme={theme} scheme="light" label={t("signin-mockup", { name: theme.name })} />
                    <HomeMockup theme={theme} scheme="light" label={t("home-mockup", { name: theme.name })} />
                    <SignInMockup theme={theme} scheme="dark" label={t("signin-mockup-dark", { name: theme.name })} />
                    <HomeMockup theme={theme} scheme="dark" label={t("home-mockup-dark", { name: theme.name })} />
                  </SimpleGrid>
                  {/* A full page load: the theme is chosen while the root layout renders. */}
                  <Anchor href={`${base}?theme=${theme.id}`}>{t("open", { name: theme.name })}</Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </>
    );
  }

  const theme = getTheme(themeId);
  const home = await getTranslations("home");
  return (
    <>
      <TopBar
        component="header"
        left={
          <Anchor href={base} size="sm">
            {t("back")}
          </Anchor>
        }
        right={switcher}
      />
      <Stack component="main" id="main" p="md" maw={1100} mx="auto" gap="xl" data-testid="theme-detail" data-theme={theme.id}>
        <Title order={1}>{t("current", { name: theme.name })}</Title>

        <Stack component="section" gap="sm" aria-labelledby="preview-signin">
          <Title order={2} id="preview-signin">
            {t("signin-section")}
          </Title>
          <SignInSample theme={theme} t={t} />
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="preview-home">
          <Title order={2} id="preview-home">
            {t("home-section")}
          </Title>
          <Paper withBorder style={{ overflow: "hidden" }}>
            <Box
              h={theme.headerHeight}
              px="md"
              style={{
                background: "var(--portal-header-bg)",
                color: "var(--portal-header-text)",
                display: "flex",
                alignItems: "center",
                borderBottom: "1px solid var(--mantine-color-default-border)",
              }}
            >
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={theme.logo.light} alt={theme.name} className={`portal-logo-light${theme.logo.dark ? " portal-logo-has-dark" : ""}`} style={{ height: 40, width: "auto" }} />
              {theme.logo.dark ? (
                // eslint-disable-next-line @next/next/no-img-element
                <img src={theme.logo.dark} alt={theme.name} className="portal-logo-dark" style={{ height: 40, width: "auto" }} />
              ) : null}
            </Box>
            <Stack p="md" gap="md" bg="var(--mantine-color-body)">
              <Title order={3}>{t("welcome")}</Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {(["charts", "contracts", "invoices"] as const).map((area) => (
                  <Card key={area} withBorder padding="lg">
                    <Title order={4} size="h5">
                      {home(`tiles.${area}.title`)}
                    </Title>
                    <Text size="sm" mt={4}>
                      {home(`tiles.${area}.description`)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
              <Title order={4}>{t("details")}</Title>
              <KeyValueTable
                rows={[
                  { key: "customer", label: t("customer-number"), value: <span translate="no">100 234 567</span> },
                  { key: "contract", label: t("contract"), value: t("contract-value") },
                  { key: "due", label: t("due"), value: <span translate="no">28.02.2025</span> },
                ]}
              />
              <Title order={4}>{t("list-title")}</Title>
              <ListView
                items={["2025000123", "2025000098"]}
                getKey={(n) => n}
                label={t("list-title")}
                loadingLabel={t("list-loading")}
                empty={{ title: t("empty-title") }}
                renderItem={(n) => (
                  <Group justify="space-between">
                    <Text>{t("invoice", { number: n })}</Text>
                    <Button size="xs" variant="light">
                      {t("open-invoice")}
                    </Button>
                  </Group>
                )}
              />
              <ListView items={null} getKey={(n: string) => n} renderItem={(n) => n} label={t("list-title")} loadingLabel={t("list-loading")} empty={{ title: t("empty-title") }} skeletonCount={2} />
              <EmptyState title={t("empty-title")} description={t("empty-description")} titleOrder={4} />
            </Stack>
          </Paper>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="preview-appearance">
          <Title order={2} id="preview-appearance">
            {t("appearance-section")}
          </Title>
          <AppearanceControl darkAllowed={hasFeature(site, "dark-theme")} />
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="preview-form">
          <Title order={2} id="preview-form">
            {t("form-title")}
          </Title>
          <Text size="sm">{t("form-intro")}</Text>
          <PreviewForm />
          <Anchor href={base} data-testid="leave-link" size="sm" component="a">
            {t("back")}
          </Anchor>
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="preview-notifications">
          <Title order={2} id="preview-notifications">
            {t("notify-section")}
          </Title>
          <NotificationsDemo />
        </Stack>

        <Stack component="section" gap="sm" aria-labelledby="preview-error">
          <Title order={2} id="preview-error">
            {t("error-title")}
          </Title>
          <Text size="sm">{t("error-intro")}</Text>
          <Group>
            <ErrorDrill />
          </Group>
        </Stack>
      </Stack>
    </>
  );
}

function SignInSample({ theme, t }: { theme: PortalTheme; t: Awaited<ReturnType<typeof getTranslations>> }) {
  return (
    <Box p="xl" style={{ backgroundImage: `url(${theme.signInBackground})`, backgroundSize: "cover", backgroundPosition: "center", borderRadius: 8 }} data-testid="signin-sample">
      <Paper shadow="md" p="xl" maw={460} mx="auto" withBorder>
        <Stack gap="lg">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={theme.logo.light}
            alt={theme.name}
            className={`portal-logo-light${theme.logo.dark ? " portal-logo-has-dark" : ""}`}
            style={{ height: 44, width: "auto", alignSelf: "flex-start" }}
          />
          {theme.logo.dark ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={theme.logo.dark} alt={theme.name} className="portal-logo-dark" style={{ height: 44, width: "auto", alignSelf: "flex-start" }} />
          ) : null}
          <Title order={3}>{t("signin-title")}</Title>
          <Text>{t("signin-intro")}</Text>
          <Button size="md" fullWidth>
            {t("signin-button")}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
