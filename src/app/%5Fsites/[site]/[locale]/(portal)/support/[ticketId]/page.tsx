import { Alert, Group, Paper, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { channelName } from "@/server/support/reference";
import { CancelTicket } from "@/ui/support/cancel-ticket";
import { CommentForm } from "@/ui/support/comment-form";
import { Conversation } from "@/ui/support/conversation";
import { TicketFacts, TicketHeading, type TicketFact } from "@/ui/support/ticket-heading";
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
  const channel = ticket.channelCode ? await channelName(ctx.site, ctx.locale, ticket.channelCode) : t("detail.channel-portal");
  const facts: TicketFact[] = [
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
      <TicketHeading
        backHref={ctx.href("/support")}
        backLabel={t("detail.back")}
        title={ticket.name}
        titleTestId="ticket-title"
        status={ticket.status}
        statusLabel={t(`status.${ticket.status}`)}
        note={t(`status-help.${ticket.status}`)}
      />

      <TicketFacts facts={facts} label={t("detail.summary")} testId="ticket-summary" wide>
        {ticket.canCancel ? (
          <Group mt="lg">
            <CancelTicket ticketId={ticket.id} />
          </Group>
        ) : null}
      </TicketFacts>

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
