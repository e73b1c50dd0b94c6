import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { listChannels } from "@/server/support/reference";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { CancelTicket } from "@/ui/support/cancel-ticket";
import { CommentForm } from "@/ui/support/comment-form";
import { Conversation } from "@/ui/support/conversation";
import { ArrowLeftIcon } from "@/ui/shared/line-icons";
import { TicketStatusBadge } from "@/ui/support/status-badge";
import classes from "@/ui/support/support.module.css";
import { loadTicket, supportPageContext, type TicketRouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("support-pages");
  return { title: t("detail.meta-title") };
}

/** One ticket: its details, the conversation with customer service, a reply form and, while open, cancelling it. */
export default async function TicketPage({ params }: { params: TicketRouteParams }) {
  const ctx = await supportPageContext(params);
  const ticket = await loadTicket(ctx, (await params).ticketId);
  const t = await getTranslations("support-pages");
  const f = formatter(ctx.locale, ctx.site.timezone);
  const channels = ticket.channelCode ? await listChannels(ctx.site, ctx.locale) : [];
  const channel = ticket.channelCode ? (channels.find((c) => c.code === ticket.channelCode)?.name ?? ticket.channelCode) : t("detail.channel-portal");
  const facts: { key: string; label: string; value: string; testId?: string }[] = [
    { key: "number", label: t("detail.number"), value: ticket.number, testId: "ticket-number" },
    { key: "created", label: t("detail.created"), value: f.dateTime(ticket.createdAt) },
    { key: "topic", label: t("detail.topic"), value: ticket.topicName ?? ticket.topicCode },
    { key: "subtype", label: t("detail.subtype"), value: ticket.subtypeName ?? ticket.subtypeCode },
    { key: "channel", label: t("detail.channel"), value: channel },
    ...(ticket.subject
      ? [{ key: "subject", label: t("detail.subject"), value: ticket.subject.kind === "invoice" ? t("new.subject-invoice", { number: ticket.subject.label }) : ticket.subject.label }]
      : []),
  ];

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Anchor component={Link} href={ctx.href("/support")} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap" component="span">
            <ArrowLeftIcon size={14} />
            {t("detail.back")}
          </Group>
        </Anchor>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} className={classes.wrapAnywhere} data-testid="ticket-title">
            {ticket.name}
          </Title>
          <TicketStatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          {t(`status-help.${ticket.status}`)}
        </Text>
      </Stack>

      <Paper withBorder p="lg" component="section" aria-label={t("detail.summary")} data-testid="ticket-summary">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="dl" m={0}>
          {facts.map((fact) => (
            <Stack key={fact.key} gap={2}>
              <Text component="dt" size="sm" c="dimmed">
                {fact.label}
              </Text>
              <Text component="dd" m={0} fw={600} className={classes.wrapAnywhere} data-testid={fact.testId}>
                {fact.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {ticket.canCancel ? (
          <Group mt="lg">
            <CancelTicket ticketId={ticket.id} />
          </Group>
        ) : null}
      </Paper>

      <Conversation ticket={ticket} locale={ctx.locale} timeZone={ctx.site.timezone} />

      {ticket.canComment ? (
        <Paper withBorder p="lg">
          <CommentForm ticketId={ticket.id} resolved={ticket.status === "RESOLVED"} locale={ctx.locale} />
        </Paper>
      ) : (
        <Alert variant="outline" color="gray" classNames={{ message: classes.plainMessage }} data-testid="comment-closed">
          {t("comment.closed")}
        </Alert>
      )}
    </Stack>
  );
}
