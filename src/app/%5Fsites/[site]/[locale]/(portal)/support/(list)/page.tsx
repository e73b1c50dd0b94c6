import { LinkButton } from "@/ui/shared/link-button";
import { getTranslations } from "next-intl/server";
import { hasFeature } from "@/lib/features";
import { todayIn } from "@/lib/invoices/dates";
import { listChannels, listTopics } from "@/server/support/reference";
import { listCustomerTickets, listTicketSubjects } from "@/server/support/tickets";
import { SupportEmptyState } from "@/ui/support/empty";
import { NewTicket } from "@/ui/support/lazy";
import { TicketList } from "@/ui/support/ticket-list";
import { supportPageContext, type RouteParams } from "../_lib/context";
import { Heading } from "@/ui/shared/heading";
import { rem, Stack, Text } from "@/ui/shared/plain";

export async function generateMetadata() {
  const t = await getTranslations("support-pages");
  return { title: t("title") };
}

/** The customer's tickets, latest activity first, and the form for a new one. */
export default async function SupportPage({ params }: { params: RouteParams }) {
  const ctx = await supportPageContext(params);
  const t = await getTranslations("support-pages");

  if (!ctx.customerId) {
    return (
      <Stack gap="lg">
        <Heading order={1}>{t("title")}</Heading>
        <SupportEmptyState
          testId="support-no-customer"
          title={t("no-customer-title")}
          description={t("no-customer")}
          action={
            <LinkButton href={ctx.href("/")} variant="default">
              {t("back-home")}
            </LinkButton>
          }
        />
      </Stack>
    );
  }

  const [tickets, topics, channels, subjects] = await Promise.all([
    listCustomerTickets(ctx.site, ctx.customerId, ctx.locale),
    listTopics(ctx.site, ctx.locale),
    listChannels(ctx.site, ctx.locale),
    listTicketSubjects(ctx.site.id, ctx.customerId),
  ]);
  const of = (kind: (typeof subjects)[number]["kind"]) => subjects.filter((s) => s.kind === kind).map((s) => ({ id: s.id, label: s.label }));

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Heading order={1}>{t("title")}</Heading>
        <Text style={{ maxWidth: rem(720) }}>{t("intro")}</Text>
      </Stack>
      <NewTicket
        topics={topics}
        channels={channels}
        subjects={subjects}
        advanced={hasFeature(ctx.site, "support.advanced")}
        usagePoints={of("usage-point")}
        contracts={of("contract")}
        invoices={of("invoice").map((i) => ({ number: i.label, label: t("new.subject-invoice", { number: i.label }) }))}
        locale={ctx.locale}
        today={todayIn(ctx.site.timezone)}
      />
      <Stack gap="sm" component="section" aria-labelledby="tickets-heading">
        <Heading order={2} size="h3" id="tickets-heading">
          {t("list.heading")}
        </Heading>
        {tickets.length ? (
          <TicketList tickets={tickets} locale={ctx.locale} timeZone={ctx.site.timezone} href={(id) => ctx.href(`/support/${id}`)} />
        ) : (
          <SupportEmptyState title={t("list.empty-title")} description={t("list.empty")} />
        )}
      </Stack>
    </Stack>
  );
}
