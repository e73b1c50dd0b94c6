import { Anchor, Group, List, ListItem, Paper, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { Attachment } from "@/api/schemas/support";
import { PaperclipIcon } from "@/ui/shared/line-icons";
import classes from "./support.module.css";

export type MessageLook = "customer" | "staff" | "internal";

/** Where an attachment downloads from: built from its id, never taken from a text. */
export const attachmentHref = (a: Pick<Attachment, "id">) => `/api/support/attachments/${encodeURIComponent(a.id)}`;

/**
 * One message of a conversation. The body is the text as written, drawn as text (React escapes
 * it; line breaks are kept by CSS), never as HTML.
 */
export function MessageCard({
  look,
  author,
  time,
  body,
  attachments,
  attachmentLabel,
  attachmentsLabel,
  badge,
  testId = "ticket-message",
}: {
  look: MessageLook;
  author: string;
  time: string;
  body: string;
  attachments: Pick<Attachment, "id" | "fileName">[];
  /** The link text of an attachment (its name and size). */
  attachmentLabel: (a: Pick<Attachment, "id" | "fileName">) => string;
  attachmentsLabel: string;
  /** Something said above the text (an internal note's mark). */
  badge?: ReactNode;
  testId?: string;
}) {
  const lookClass = look === "internal" ? classes.internal : look === "staff" ? classes.fromStaff : classes.fromCustomer;
  return (
    <Paper component="article" withBorder p="md" className={lookClass} data-testid={testId} data-look={look}>
      <Stack gap="xs">
        {badge}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} size="sm" className={classes.wrapAnywhere}>
            {author}
          </Text>
          <Text size="xs" c="dimmed">
            {time}
          </Text>
        </Group>
        <p className={classes.messageBody} data-testid="message-body">
          {body}
        </p>
        {attachments.length ? (
          <List spacing={4} listStyleType="none" ml={0} pl={0} aria-label={attachmentsLabel} data-testid="message-attachments">
            {attachments.map((a) => (
              <ListItem key={a.id}>
                <Anchor href={attachmentHref(a)} download size="sm" data-testid="attachment-link" className={classes.wrapAnywhere}>
                  <Group gap={4} wrap="nowrap" component="span">
                    <PaperclipIcon size={14} />
                    {attachmentLabel(a)}
                  </Group>
                </Anchor>
              </ListItem>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  );
}
