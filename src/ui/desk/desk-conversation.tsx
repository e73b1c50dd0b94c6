import { Group, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { DeskTicketDetail } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";
import { fileSize } from "@/ui/support/file-size";
import { LockIcon } from "@/ui/shared/line-icons";
import { MessageCard } from "@/ui/support/message-card";
import supportClasses from "@/ui/support/support.module.css";

/** The ticket's conversation as customer service sees it: internal notes included and marked as such. */
export async function DeskConversation({ ticket, locale, timeZone }: { ticket: DeskTicketDetail; locale: string; timeZone: string }) {
  const t = await getTranslations("desk");
  const f = formatter(locale, timeZone);
  const sizes = new Map([...ticket.attachments, ...ticket.comments.flatMap((c) => c.attachments)].map((a) => [a.id, a.size]));
  const label = (a: { id: string; fileName: string }) => {
    const { unit, size } = fileSize(sizes.get(a.id) ?? 0, f);
    return t(`attachments.download-${unit}`, { name: a.fileName, size });
  };
  const author = (kind: "customer" | "staff", name: string) => (kind === "customer" ? t("ticket.customer-author", { name }) : t("ticket.staff-author", { name }));
  const creator = ticket.history.find((e) => e.kind === "created")?.actor;
  return (
    <Stack gap="sm" component="section" aria-labelledby="desk-conversation-heading" data-testid="desk-conversation">
      <Title order={2} size="h3" id="desk-conversation-heading">
        {t("ticket.conversation")}
      </Title>
      <MessageCard
        look="customer"
        author={creator ? author(creator.kind, creator.name) : author("customer", ticket.customer.name)}
        time={f.dateTime(ticket.createdAt)}
        body={ticket.message}
        attachments={ticket.attachments}
        attachmentLabel={label}
        attachmentsLabel={t("ticket.attachments")}
      />
      {ticket.comments.map((c) => (
        <MessageCard
          key={c.id}
          look={c.internal ? "internal" : c.author.kind === "staff" ? "staff" : "customer"}
          author={author(c.author.kind, c.author.name)}
          time={f.dateTime(c.createdAt)}
          body={c.body}
          attachments={c.attachments}
          attachmentLabel={label}
          attachmentsLabel={t("ticket.attachments")}
          testId={c.internal ? "internal-note" : "ticket-message"}
          badge={
            c.internal ? (
              <Group gap={6} wrap="nowrap" className={supportClasses.internalLabel}>
                <LockIcon size={16} />
                <Text size="sm" fw={700} inherit>
                  {t("ticket.internal")}
                </Text>
              </Group>
            ) : undefined
          }
        />
      ))}
    </Stack>
  );
}
