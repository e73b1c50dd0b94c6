import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { LETTER_STATUSES, listLetters } from "@/server/notifications/letters";
import type { OutboxStatus } from "@/server/db/schema";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";
import { deskPageContext, firstParam, type RouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("notifications-pages.letters");
  return { title: t("title") };
}

/** A failed letter stands out; the others read by their words (neutral badges keep their contrast in both schemes). */
const FAILED_BADGE = { variant: "filled", color: "red.9" } as const;

/** The letters (Post channel) queued for the supplier's print service, for the site's customer service. */
export default async function DeskLettersPage({ params, searchParams }: { params: RouteParams; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await deskPageContext(params);
  const t = await getTranslations("notifications-pages.letters");
  const q = await searchParams;
  const rawStatus = firstParam(q.status) ?? "";
  const status = (LETTER_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as OutboxStatus) : null;
  const rawPage = Number(firstParam(q.page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;
  const { letters, total, pageSize } = await listLetters(ctx.site, { locale: ctx.locale, status: status ? [status] : undefined, page });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const f = formatter(ctx.locale, ctx.site.timezone);
  const hrefFor = (s: OutboxStatus | null, n = 1) => {
    const next = new URLSearchParams();
    if (s) next.set("status", s);
    if (n > 1) next.set("page", String(n));
    const qs = next.toString();
    return ctx.href(`/desk/letters${qs ? `?${qs}` : ""}`);
  };
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} href={ctx.href("/desk")} size="sm">
          {t("back")}
        </Anchor>
        <Title order={1}>{t("title")}</Title>
        <Text maw={720}>{t("intro")}</Text>
      </Stack>
      <Group component="nav" aria-label={t("filter")} gap="xs" wrap="wrap" data-testid="letters-filter">
        {[null, ...LETTER_STATUSES].map((s) => (
          <Anchor key={s ?? "all"} component={Link} href={hrefFor(s)} aria-current={s === status ? "page" : undefined} fw={s === status ? 700 : 400} size="sm">
            {s ? t(`status.${s}`) : t("all")}
          </Anchor>
        ))}
      </Group>
      <Text size="sm" aria-live="polite">
        {t("count", { count: total })}
      </Text>
      {letters.length === 0 ? (
        <EmptyState icon={<FileIcon size={28} />} title={t("empty-title")} description={t("empty")} titleOrder={2} data-testid="letters-empty" />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t("title")}>
          {letters.map((l) => (
            <Paper key={l.id} component="li" withBorder p="md" data-testid="letter" data-status={l.status}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{l.title}</Text>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    <span translate="no">{l.customerName}</span> · <span translate="no">{l.clientCode}</span>
                  </Text>
                  <Text size="sm" translate="no" style={{ overflowWrap: "anywhere" }} data-testid="letter-address">
                    {l.address}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("queued", { at: f.dateTime(l.createdAt) })}
                    {l.sentAt ? ` · ${t("handed-over", { at: f.dateTime(l.sentAt) })}` : ""}
                  </Text>
                  {l.status === "failed" && l.lastError ? (
                    <Text size="xs" c="red.8" translate="no" style={{ overflowWrap: "anywhere" }}>
                      {l.lastError}
                    </Text>
                  ) : null}
                </Stack>
                <Badge {...(l.status === "failed" ? FAILED_BADGE : { variant: "default" })} data-testid="letter-status">
                  {t(`status.${l.status}`)}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Group component="nav" aria-label={t("pages")} justify="space-between">
          {page > 1 ? (
            <Anchor component={Link} href={hrefFor(status, page - 1)} rel="prev">
              {t("previous")}
            </Anchor>
          ) : (
            <span />
          )}
          <Text size="sm">{t("page", { page, pages })}</Text>
          {page < pages ? (
            <Anchor component={Link} href={hrefFor(status, page + 1)} rel="next">
              {t("next")}
            </Anchor>
          ) : (
            <span />
          )}
        </Group>
      ) : null}
    </Stack>
  );
}
