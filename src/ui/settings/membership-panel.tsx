import { getTranslations } from "next-intl/server";
import type { Membership } from "@/api/schemas/settings";
import { formatter } from "@/i18n/format";
import { EmptyState } from "@/ui/shared/empty-state";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { Group, Stack, Text } from "@/ui/shared/plain";
import classes from "./settings.module.css";
import { Heading } from "@/ui/shared/heading";
import panels from "@/ui/shared/panels.module.css";

/**
 * A cooperative member's membership (area feature membership): the member number, since when,
 * the shares and their value, and the member benefits of this year and the last.
 */
export async function MembershipPanel({ membership, locale, timeZone }: { membership: Membership; locale: string; timeZone: string }) {
  const t = await getTranslations("settings-pages.membership");
  const f = formatter(locale, timeZone);
  const money = (cents: number) => f.money(cents, membership.currency);
  const years = [...new Set(membership.benefits.map((b) => b.year))].sort((a, b) => b - a);
  return (
    <Stack gap="lg" data-testid="membership">
      <section className={`${panels.panel} ${panels.roomy}`} aria-labelledby="membership-details">
        <Stack gap="sm">
          <Heading order={3} id="membership-details">
            {t("details")}
          </Heading>
          <KeyValueTable
            rows={[
              {
                key: "number",
                label: t("member-number"),
                value: (
                  <span data-testid="member-number" translate="no">
                    {membership.memberNumber}
                  </span>
                ),
              },
              { key: "since", label: t("member-since"), value: f.date(membership.memberSince) },
              { key: "shares", label: t("shares"), value: <span className={classes.numeric}>{t("shares-count", { count: membership.shares })}</span> },
              { key: "share-value", label: t("share-value"), value: <span className={classes.numeric}>{money(membership.shareValue)}</span> },
              { key: "total", label: t("total-value"), value: <span className={classes.numeric}>{money(membership.totalValue)}</span> },
            ]}
          />
        </Stack>
      </section>
      <Stack gap="sm" component="section" aria-labelledby="membership-benefits">
        <Heading order={3} id="membership-benefits">
          {t("benefits")}
        </Heading>
        {years.length ? (
          years.map((year) => (
            <div className={panels.panel} key={year}>
              <Stack gap="xs">
                <Heading order={4}>{t("benefits-of", { year: String(year) })}</Heading>
                <Stack component="ul" gap={6} style={{ listStyle: "none", padding: 0, margin: 0 }}>
                  {membership.benefits
                    .filter((b) => b.year === year)
                    .map((b, i) => (
                      <li key={`${b.kind}-${i}`} data-testid="membership-benefit">
                        <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
                          <Text className={classes.wrapAnywhere}>{b.title}</Text>
                          {b.amount !== null ? (
                            <Text fw={600} className={classes.numeric}>
                              {money(b.amount)}
                            </Text>
                          ) : null}
                        </Group>
                      </li>
                    ))}
                </Stack>
              </Stack>
            </div>
          ))
        ) : (
          <EmptyState titleOrder={4} title={t("no-benefits")} />
        )}
      </Stack>
    </Stack>
  );
}
