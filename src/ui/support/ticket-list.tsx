// Mantine's Badge for the outlined "new reply" mark: the plain Badge is filled only.
import { Badge } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { TicketSummary } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";
import { Group, Stack, Text } from "@/ui/shared/plain";
import { Anchor } from "@/ui/shared/plain-anchor";
import tableClasses from "@/ui/shared/table.module.css";
import { TicketStatusBadge } from "./status-badge";
import classes from "./support.module.css";
import panels from "@/ui/shared/panels.module.css";

/** The customer's tickets as a table on wider screens and as cards on phones, latest activity first. */
export async function TicketList({ tickets, locale, timeZone, href }: { tickets: TicketSummary[]; locale: string; timeZone: string; href: (ticketId: string) => string }) {
  const t = await getTranslations("support-pages");
  const f = formatter(locale, timeZone);
  const topic = (ticket: TicketSummary) => [ticket.topicName, ticket.subtypeName].filter(Boolean).join(" · ") || ticket.subtypeCode;
  const unread = (ticket: TicketSummary) =>
    ticket.unreadForCustomer ? (
      <Badge size="sm" variant="outline" color="blue" className={classes.newReply} data-testid="ticket-unread">
        {t("list.new-reply")}
      </Badge>
    ) : null;
  const caption = t("list.caption", { count: tickets.length });
  return (
    <>
      <div className="mantine-visible-from-sm" data-testid="ticket-table">
        <table className={tableClasses.table} data-striped data-hover data-spacing="sm" data-caption="top">
          <caption>
            <span className="portal-visually-hidden">{caption}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("list.col-ticket")}</th>
              <th scope="col">{t("list.col-topic")}</th>
              <th scope="col">{t("list.col-status")}</th>
              <th scope="col">{t("list.col-activity")}</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((ticket) => (
              <tr key={ticket.id} data-testid="ticket-row" data-ticket={ticket.id} data-number={ticket.number} data-status={ticket.status}>
                <td>
                  <Stack gap={2}>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor href={href(ticket.id)} fw={600} className={classes.wrapAnywhere}>
                        {ticket.name}
                      </Anchor>
                      {unread(ticket)}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t("list.number", { number: ticket.number })}
                    </Text>
                  </Stack>
                </td>
                <td className={classes.wrapAnywhere}>{topic(ticket)}</td>
                <td>
                  <TicketStatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} size="sm" />
                </td>
                <td style={{ whiteSpace: "nowrap" }}>{f.dateTime(ticket.lastActivityAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Stack component="ul" gap="sm" className="mantine-hidden-from-sm" style={{ padding: 0, margin: 0, listStyle: "none" }} aria-label={caption} data-testid="ticket-cards">
        {tickets.map((ticket) => (
          <li className={`${panels.panel} ${panels.card}`} key={ticket.id} data-testid="ticket-card" data-ticket={ticket.id} data-status={ticket.status}>
            <Stack gap={4}>
              <Anchor href={href(ticket.id)} fw={700} className={classes.wrapAnywhere}>
                {ticket.name}
              </Anchor>
              <Text size="sm" c="dimmed" className={classes.wrapAnywhere}>
                {t("list.number", { number: ticket.number })} · {topic(ticket)}
              </Text>
            </Stack>
            <Group justify="space-between" wrap="wrap" gap="xs" style={{ marginTop: "var(--mantine-spacing-sm)" }}>
              <Text size="sm">{t("list.activity", { date: f.dateTime(ticket.lastActivityAt) })}</Text>
              <Group gap="xs">
                {unread(ticket)}
                <TicketStatusBadge status={ticket.status} label={t(`status.${ticket.status}`)} size="sm" />
              </Group>
            </Group>
          </li>
        ))}
      </Stack>
    </>
  );
}
