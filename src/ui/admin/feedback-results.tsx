import { Anchor, Box, Group, Paper, Stack, Table, TableTbody, TableTd, TableTh, TableTr, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { FeedbackResults as Results } from "@/api/schemas/admin";
import { formatter } from "@/i18n/format";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { FeedbackDelete } from "./feedback-delete";

/** A form's results: the ratings as a bar chart and as a table, the comments, a CSV download and deleting the answers. */
export async function FeedbackResults({ siteId, results, locale, timeZone, backHref }: { siteId: string; results: Results; locale: string; timeZone: string; backHref: string }) {
  const t = await getTranslations("admin.feedback");
  const f = formatter(locale, timeZone);
  const total = results.form.answers;
  const max = Math.max(1, ...results.distribution.map((d) => d.count));
  const percent = (n: number) => f.number(total ? n / total : 0, "percent");
  const csvHref = `/api/admin/site/${encodeURIComponent(siteId)}/feedback/${encodeURIComponent(results.form.id)}?format=csv&locale=${encodeURIComponent(locale)}`;
  return (
    <Stack gap="lg" data-testid="admin-feedback-result" data-answers={total}>
      <Anchor component={Link} href={backHref}>
        {t("back")}
      </Anchor>
      <Title order={3} translate="no">
        {results.form.name}
      </Title>
      <Text>
        {t("answers", { count: total })}
        {results.form.average !== null ? ` · ${t("average", { average: f.number(results.form.average, "axis") })}` : ""}
      </Text>
      <Group gap="sm">
        <Anchor href={csvHref} download data-testid="admin-feedback-csv">
          {t("export")}
        </Anchor>
        <FeedbackDelete siteId={siteId} formId={results.form.id} name={results.form.name} disabled={total === 0} />
      </Group>
      <Paper withBorder p="md" component="section" aria-labelledby="feedback-distribution">
        <Title order={4} id="feedback-distribution" mb="sm">
          {t("distribution")}
        </Title>
        <Stack gap={6} aria-hidden>
          {results.distribution.map((d) => (
            <Group key={d.rating} gap="xs" wrap="nowrap">
              <Text size="sm" w={56}>
                {d.rating} ★
              </Text>
              <Box style={{ flex: 1 }}>
                <Box h={18} w={`${(d.count / max) * 100}%`} miw={d.count ? 4 : 0} style={{ background: "var(--mantine-primary-color-filled)", borderRadius: 3 }} />
              </Box>
            </Group>
          ))}
        </Stack>
        <Table mt="sm" data-testid="admin-feedback-distribution">
          <TableTbody>
            {results.distribution.map((d) => (
              <TableTr key={d.rating} data-rating={d.rating}>
                <TableTh scope="row">{t("rating-row", { rating: d.rating })}</TableTh>
                <TableTd>{t("share", { count: d.count, percent: percent(d.count) })}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </Paper>
      <Stack gap="sm" component="section" aria-labelledby="feedback-texts">
        <Title order={4} id="feedback-texts">
          {t("open-texts")}
        </Title>
        {results.openTexts.length === 0 ? <Text c="dimmed">{t("no-texts")}</Text> : null}
        {results.openTexts.map((o) => (
          <Paper key={o.id} withBorder p="sm" data-testid="admin-feedback-text">
            <Text size="xs" c="dimmed">
              {f.dateTime(o.createdAt)} · {t("rating-row", { rating: o.rating })}
            </Text>
            <Text style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} lang={o.locale ?? undefined} data-user-content>
              {o.openText}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
