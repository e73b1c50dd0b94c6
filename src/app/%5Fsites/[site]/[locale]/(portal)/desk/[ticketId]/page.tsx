import { Grid, GridCol, Paper, Stack } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { formatter } from "@/i18n/format";
import { listDeskStaff } from "@/server/support/desk";
import { channelName } from "@/server/support/reference";
import { DeskConversation } from "@/ui/desk/desk-conversation";
import { duration } from "@/ui/desk/duration";
import { ReplyForm } from "@/ui/desk/reply-form";
import { TicketActions } from "@/ui/desk/ticket-actions";
import { TicketHistory } from "@/ui/desk/ticket-history";
import { TicketFacts, TicketHeading, type TicketFact } from "@/ui/support/ticket-heading";
import { deskPageContext, loadDeskTicket, type TicketRouteParams } from "../_lib/context";

export async function generateMetadata() {
  const t = await getTranslations("desk");
  return { title: t("title") };
}

/** One ticket at the desk: the customer, the conversation with internal notes, the history, and what can be done. */
export default async function DeskTicketPage({ params }: { params: TicketRouteParams }) {
  const ctx = await deskPageContext(params);
  const ticket = await loadDeskTicket(ctx, (await params).ticketId);
  const t = await getTranslations("desk");
  const f = formatter(ctx.locale, ctx.site.timezone);
  const [staff, channel] = await Promise.all([
    listDeskStaff(ctx.site.id, ctx.session.person.id),
    ticket.channelCode ? channelName(ctx.site, ctx.locale, ticket.channelCode) : t("ticket.channel-portal"),
  ]);
  const firstResponse =
    ticket.firstResponseAt && ticket.firstResponseSeconds !== null
      ? t("ticket.first-response-after", { date: f.dateTime(ticket.firstResponseAt), duration: duration(ticket.firstResponseSeconds, (k, v) => t(`duration.${k}`, v)) })
      : t("ticket.first-response-none");
  const facts: TicketFact[] = [
    { key: "customer", label: t("ticket.customer"), value: ticket.customer.name, testId: "desk-customer" },
    { key: "client-code", label: t("ticket.client-code"), value: ticket.customer.clientCode },
    { key: "email", label: t("ticket.email"), value: ticket.customerContact.email ?? t("ticket.none") },
    { key: "phone", label: t("ticket.phone"), value: ticket.customerContact.phone ?? t("ticket.none") },
    { key: "topic", label: t("ticket.topic"), value: ticket.topicName ?? ticket.topicCode },
    { key: "subtype", label: t("ticket.subtype"), value: ticket.subtypeName ?? ticket.subtypeCode },
    { key: "channel", label: t("ticket.channel"), value: channel },
    ...(ticket.subject ? [{ key: "subject", label: t("ticket.subject"), value: ticket.subject.label }] : []),
    { key: "created", label: t("ticket.created"), value: f.dateTime(ticket.createdAt) },
    { key: "assignee", label: t("ticket.assignee"), value: ticket.assignee?.name ?? t("queue.unassigned"), testId: "desk-assignee" },
    { key: "first-response", label: t("ticket.first-response"), value: firstResponse, testId: "desk-first-response" },
  ];

  return (
    <Stack gap="xl">
      <TicketHeading
        backHref={ctx.href("/desk")}
        backLabel={t("ticket.back")}
        title={ticket.name}
        titleTestId="desk-ticket-title"
        status={ticket.status}
        statusLabel={t(`status.${ticket.status}`)}
        note={t("ticket.number", { number: ticket.number })}
      />

      <Grid gap="xl">
        <GridCol span={{ base: 12, md: 7 }}>
          <Stack gap="xl">
            <TicketFacts facts={facts} label={t("ticket.summary")} testId="desk-summary" />
            <DeskConversation ticket={ticket} locale={ctx.locale} timeZone={ctx.site.timezone} />
            <Paper withBorder p="lg">
              <ReplyForm ticketId={ticket.id} locale={ctx.locale} />
            </Paper>
          </Stack>
        </GridCol>
        <GridCol span={{ base: 12, md: 5 }}>
          <Stack gap="xl">
            <TicketActions
              ticketId={ticket.id}
              status={ticket.status}
              assignee={ticket.assignee}
              staff={staff}
              allowedStatuses={ticket.allowedStatuses}
              clientCode={ticket.customer.clientCode}
              accountHref={ctx.href(`/support/${ticket.id}`)}
            />
            <TicketHistory events={ticket.history} locale={ctx.locale} timeZone={ctx.site.timezone} />
          </Stack>
        </GridCol>
      </Grid>
    </Stack>
  );
}
