import { List, ListItem, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { TicketEvent } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";

/** Who did what to the ticket and when: creation, status changes and assignments, oldest first. */
export async function TicketHistory({ events, locale, timeZone }: { events: TicketEvent[]; locale: string; timeZone: string }) {
  const t = await getTranslations("desk");
  const f = formatter(locale, timeZone);
  const line = (e: TicketEvent) => {
    const actor = e.actor.name;
    if (e.kind === "created") return t("ticket.event-created", { actor });
    if (e.kind === "assignment") return e.assignee ? t("ticket.event-assigned", { actor, assignee: e.assignee.name }) : t("ticket.event-unassigned", { actor });
    return t("ticket.event-status", { actor, from: e.fromStatus ? t(`status.${e.fromStatus}`) : "–", to: e.toStatus ? t(`status.${e.toStatus}`) : "–" });
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="history-heading" data-testid="ticket-history">
      <Title order={2} size="h3" id="history-heading">
        {t("ticket.history")}
      </Title>
      {events.length ? (
        <List spacing="xs" size="sm" listStyleType="none" ml={0} pl={0}>
          {events.map((e) => (
            <ListItem key={e.id} data-testid="history-event" data-kind={e.kind}>
              <Text size="xs" c="dimmed" component="span" mr="xs">
                {f.dateTime(e.createdAt)}
              </Text>
              <Text size="sm" component="span">
                {line(e)}
              </Text>
            </ListItem>
          ))}
        </List>
      ) : (
        <Text size="sm">{t("ticket.history-empty")}</Text>
      )}
    </Stack>
  );
}
