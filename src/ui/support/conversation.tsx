import { Stack, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { TicketDetail } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";
import { fileSize } from "./file-size";
import { MessageCard } from "./message-card";

/** The ticket's first message and the public comments after it, oldest first, as the customer sees them. */
export async function Conversation({ ticket, locale, timeZone }: { ticket: TicketDetail; locale: string; timeZone: string }) {
  const t = await getTranslations("support-pages");
  const f = formatter(locale, timeZone);
  const sizes = new Map([...ticket.attachments, ...ticket.comments.flatMap((c) => c.attachments)].map((a) => [a.id, a.size]));
  const label = (a: { id: string; fileName: string }) => {
    const { unit, size } = fileSize(sizes.get(a.id) ?? 0, f);
    return t(`attachments.download-${unit}`, { name: a.fileName, size });
  };
  const author = (kind: "customer" | "staff", name: string) => (kind === "customer" ? t("detail.you") : t("detail.staff", { name }));
  return (
    <Stack gap="sm" component="section" aria-labelledby="conversation-heading" data-testid="conversation">
      <Title order={2} size="h3" id="conversation-heading">
        {t("detail.conversation")}
      </Title>
      <MessageCard
        look="customer"
        author={t("detail.you")}
        time={f.dateTime(ticket.createdAt)}
        body={ticket.message}
        attachments={ticket.attachments}
        attachmentLabel={label}
        attachmentsLabel={t("detail.attachments")}
      />
      {ticket.comments.map((c) => (
        <MessageCard
          key={c.id}
          look={c.author.kind === "staff" ? "staff" : "customer"}
          author={author(c.author.kind, c.author.name)}
          time={f.dateTime(c.createdAt)}
          body={c.body}
          attachments={c.attachments}
          attachmentLabel={label}
          attachmentsLabel={t("detail.attachments")}
        />
      ))}
    </Stack>
  );
}
