import { Anchor, Badge, Box, Card, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { DeskTicketSummary } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";
import tableClasses from "@/ui/shared/table.module.css";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { TicketStatusBadge } from "@/ui/support/status-badge";
import classes from "./desk.module.css";

/** The desk's queue: a table on wider screens, cards on phones. */
export async function QueueList({ tickets, total, locale, timeZone, href }: { tickets: DeskTicketSummary[]; total: number; locale: string; timeZone: string; href: (ticketId: string) => string }) {
  const t = await getTranslations("desk");
  const f = formatter(locale, timeZone);
  const topic = (x: DeskTicketSummary) => [x.topicName, x.subtypeName].filter(Boolean).join(" · ") || x.subtypeCode;
  const awaiting = (x: DeskTicketSummary) =>
    x.awaitingStaff ? (
      <Badge size="sm" variant="outline" className={classes.awaiting} data-testid="ticket-awaiting">
        {t("queue.awaiting")}
      </Badge>
    ) : null;
  const caption = t("queue.caption", { total });
  return (
    <>
      <Box visibleFrom="md" data-testid="desk-table">
        <table className={tableClasses.table} data-striped data-hover data-spacing="sm" data-caption="top">
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("queue.col-ticket")}</th>
              <th scope="col">{t("queue.col-customer")}</th>
              <th scope="col">{t("queue.col-topic")}</th>
              <th scope="col">{t("queue.col-status")}</th>
              <th scope="col">{t("queue.col-assignee")}</th>
              <th scope="col">{t("queue.col-created")}</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((x) => (
              <tr key={x.id} data-testid="desk-row" data-ticket={x.id} data-number={x.number} data-status={x.status}>
                <td>
                  <Stack gap={2}>
                    <Anchor component={Link} href={href(x.id)} fw={600} className={classes.wrapAnywhere}>
                      {x.name}
                    </Anchor>
                    <Group gap="xs">
                      <Text size="xs" c="dimmed">
                        {t("queue.number", { number: x.number })}
                      </Text>
                      {awaiting(x)}
                    </Group>
                  </Stack>
                </td>
                <td className={classes.wrapAnywhere}>
                  <Text size="sm">{x.customer.name}</Text>
                  <Text size="xs" c="dimmed">
                    {t("queue.client-code", { code: x.customer.clientCode })}
                  </Text>
                </td>
                <td className={classes.wrapAnywhere}>{topic(x)}</td>
                <td>
                  <TicketStatusBadge status={x.status} label={t(`status.${x.status}`)} size="sm" />
                </td>
                <td className={classes.wrapAnywhere}>{x.assignee?.name ?? t("queue.unassigned")}</td>
                <td style={{ whiteSpace: "nowrap" }}>{f.dateTime(x.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Stack hiddenFrom="md" gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={caption} data-testid="desk-cards">
        {tickets.map((x) => (
          <Card key={x.id} component="li" withBorder padding="md" data-testid="desk-card" data-ticket={x.id} data-status={x.status}>
            <Stack gap={4}>
              <Anchor component={Link} href={href(x.id)} fw={700} className={classes.wrapAnywhere}>
                {x.name}
              </Anchor>
              <Text size="sm" c="dimmed" className={classes.wrapAnywhere}>
                {t("queue.number", { number: x.number })} · {x.customer.name} · {topic(x)}
              </Text>
              <Text size="sm">{t("queue.created", { date: f.dateTime(x.createdAt) })}</Text>
            </Stack>
            <Group justify="space-between" mt="sm" wrap="wrap" gap="xs">
              <Text size="sm" className={classes.wrapAnywhere}>
                {x.assignee?.name ?? t("queue.unassigned")}
              </Text>
              <Group gap="xs">
                {awaiting(x)}
                <TicketStatusBadge status={x.status} label={t(`status.${x.status}`)} size="sm" />
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
