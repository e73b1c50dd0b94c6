import { Anchor, List, ListItem, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { FooterLink } from "@/lib/sites";
import { formatter } from "@/i18n/format";

/** When the statement was made and last reviewed (ISO dates of the site's calendar). */
export const ACCESSIBILITY_PREPARED = "2026-11-25";
export const ACCESSIBILITY_REVIEWED = "2026-11-25";

/** The supervisory authorities of the countries the portal serves, with their accessibility pages. */
const AUTHORITY_LINKS: Record<string, string> = {
  FI: "https://www.saavutettavuusvaatimukset.fi/",
  EE: "https://www.ttja.ee/",
  LV: "https://www.ptac.gov.lv/",
};

/**
 * The site's accessibility statement: conformance (WCAG 2.2 AA), known shortcomings, feedback
 * and the supervisory authority of the site's country. Texts come from the translations; the
 * company, country and contact links from the site's settings.
 */
export async function AccessibilityStatement({
  companyName,
  country,
  contactLinks,
  locale,
  timeZone,
}: {
  companyName: string;
  country: string;
  contactLinks: FooterLink[];
  locale: string;
  timeZone: string;
}) {
  const t = await getTranslations("accessibility");
  const f = formatter(locale, timeZone);
  const authority = AUTHORITY_LINKS[country] ? country : null;
  return (
    <Stack gap="lg" maw={820} data-testid="accessibility-statement" data-country={country}>
      <Title order={1}>{t("title")}</Title>
      <Text>{t("intro", { company: companyName })}</Text>
      <section aria-labelledby="a11y-conformance">
        <Title order={2} id="a11y-conformance" mb="xs">
          {t("conformance-title")}
        </Title>
        <Text>{t("conformance")}</Text>
      </section>
      <section aria-labelledby="a11y-known">
        <Title order={2} id="a11y-known" mb="xs">
          {t("known-title")}
        </Title>
        <List spacing="xs">
          <ListItem>{t("known.charts")}</ListItem>
          <ListItem>{t("known.pdf")}</ListItem>
          <ListItem>{t("known.external")}</ListItem>
        </List>
      </section>
      <section aria-labelledby="a11y-tested">
        <Title order={2} id="a11y-tested" mb="xs">
          {t("tested-title")}
        </Title>
        <Text>{t("tested")}</Text>
      </section>
      <section aria-labelledby="a11y-feedback">
        <Title order={2} id="a11y-feedback" mb="xs">
          {t("feedback-title")}
        </Title>
        <Text>{t("feedback")}</Text>
        {contactLinks.length ? (
          <List spacing={4} mt="xs" aria-label={t("feedback-contact")} data-testid="accessibility-contacts">
            {contactLinks.map((l) => (
              <ListItem key={l.link}>
                <Anchor href={l.link} target="_blank" rel="noopener noreferrer">
                  {l.label}
                </Anchor>
              </ListItem>
            ))}
          </List>
        ) : null}
      </section>
      {authority ? (
        <section aria-labelledby="a11y-authority">
          <Title order={2} id="a11y-authority" mb="xs">
            {t("authority-title")}
          </Title>
          <Text>{t("authority-intro")}</Text>
          <Text mt="xs" data-testid="accessibility-authority">
            <Anchor href={AUTHORITY_LINKS[authority]} target="_blank" rel="noopener noreferrer">
              {t(`authority.${authority}` as "authority.FI")}
            </Anchor>
          </Text>
        </section>
      ) : null}
      <section aria-labelledby="a11y-review">
        <Title order={2} id="a11y-review" mb="xs">
          {t("review-title")}
        </Title>
        <Text data-testid="accessibility-review">{t("review", { prepared: f.date(ACCESSIBILITY_PREPARED), reviewed: f.date(ACCESSIBILITY_REVIEWED) })}</Text>
        <Text size="sm" c="dimmed" mt="xs">
          {t("language-note")}
        </Text>
      </section>
    </Stack>
  );
}
