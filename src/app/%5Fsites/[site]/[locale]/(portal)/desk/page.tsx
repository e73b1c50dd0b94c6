import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { listDeskStaff, listDeskTickets, type DeskFilters } from "@/server/support/desk";
import { listTopics } from "@/server/support/reference";
import { AGE_HOURS, STATUS_FILTERS, type QueueFilterValues, type StatusFilter } from "@/ui/desk/filter-values";
import { QueueFilters } from "@/ui/desk/queue-filters";
import { QueueList } from "@/ui/desk/queue-list";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { SupportEmptyState } from "@/ui/support/empty";
import { deskPageContext, firstParam, type RouteParams } from "./_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("desk");
  return { title: t("title") };
}

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The site's ticket queue for customer service, filtered by what the URL says. */
export default async function DeskPage({ params, searchParams }: { params: RouteParams; searchParams: Search }) {
  const ctx = await deskPageContext(params);
  const t = await getTranslations("desk");
  const tl = await getTranslations("notifications-pages.letters");
  const q = await searchParams;
  const [topics, staff] = await Promise.all([listTopics(ctx.site, ctx.locale), listDeskStaff(ctx.site.id, ctx.session.person.id)]);

  // Only values the filters offer are used; anything else in the URL is ignored.
  const rawStatus = firstParam(q.status);
  const status: StatusFilter = (STATUS_FILTERS as readonly string[]).includes(rawStatus ?? "") ? (rawStatus as StatusFilter) : "active";
  const rawTopic = firstParam(q.topic) ?? "";
  const topic = topics.some((o) => o.code === rawTopic) ? rawTopic : "";
  const rawAge = Number(firstParam(q.age));
  const age = (AGE_HOURS as readonly number[]).includes(rawAge) ? rawAge : undefined;
  const rawAssignee = firstParam(q.assignee) ?? "";
  const assignee = rawAssignee === "me" || rawAssignee === "unassigned" || staff.some((s) => s.id === rawAssignee) ? rawAssignee : "";
  const rawPage = Number(firstParam(q.page));
  const page = Number.isInteger(rawPage) && rawPage >= 1 && rawPage <= 100_000 ? rawPage : 1;

  const filters: DeskFilters = {
    status: status === "active" ? ["OPEN", "ASSIGNED"] : status === "all" ? undefined : [status],
    topicCode: topic || undefined,
    assignee: assignee || undefined,
    olderThanHours: age,
    page,
  };
  const queue = await listDeskTickets(ctx.site, ctx.session.person.id, ctx.locale, filters);
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  const values: QueueFilterValues = { status, topic, age: age ? String(age) : "", assignee };
  const filtered = status !== "active" || !!topic || !!age || !!assignee;

  const pageHref = (n: number) => {
    const next = new URLSearchParams();
    if (status !== "active") next.set("status", status);
    if (topic) next.set("topic", topic);
    if (age) next.set("age", String(age));
    if (assignee) next.set("assignee", assignee);
    if (n > 1) next.set("page", String(n));
    const qs = next.toString();
    return ctx.href(`/desk${qs ? `?${qs}` : ""}`);
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t("title")}</Title>
        <Text maw={720}>{t("intro")}</Text>
        <Anchor component={Link} href={ctx.href("/desk/letters")} size="sm" data-testid="desk-letters-link">
          {tl("nav")}
        </Anchor>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="queue-heading">
        <Title order={2} size="h3" id="queue-heading">
          {t("queue.heading")}
        </Title>
        <QueueFilters values={values} topics={topics} staff={staff} clearHref={filtered ? ctx.href("/desk") : null}>
          {queue.tickets.length ? (
            <QueueList tickets={queue.tickets} total={queue.total} locale={ctx.locale} timeZone={ctx.site.timezone} href={(id) => ctx.href(`/desk/${id}`)} />
          ) : (
            <SupportEmptyState testId="desk-empty" title={t("queue.empty-title")} description={filtered || page > 1 ? t("queue.empty") : t("queue.empty-all")} />
          )}
        </QueueFilters>
        {pages > 1 ? (
          <Group component="nav" aria-label={t("queue.pages")} justify="space-between" data-testid="desk-pages">
            {page > 1 ? (
              <Anchor component={Link} href={pageHref(page - 1)} rel="prev">
                {t("queue.previous")}
              </Anchor>
            ) : (
              <span />
            )}
            <Text size="sm">{t("queue.page", { page, pages })}</Text>
            {page < pages ? (
              <Anchor component={Link} href={pageHref(page + 1)} rel="next">
                {t("queue.next")}
              </Anchor>
            ) : (
              <span />
            )}
          </Group>
        ) : null}
      </Stack>
    </Stack>
  );
}
