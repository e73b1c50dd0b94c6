"use client";

import { Badge, Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { InboxMessage, InboxMessageUpdate } from "@/api/schemas/notifications";
import { api } from "@/ui/api";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { ListView } from "@/ui/shared/list-view";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";

/**
 * The inbox (spec §2 /inbox): newest first, unread ones marked. Opening a message shows it and
 * marks it read; it can be marked unread again, archived or brought back. The page is refreshed
 * after each change, so the unread count stays right.
 */
export function InboxList({ messages, archived, timeZone, hrefOf }: { messages: InboxMessage[]; archived: boolean; timeZone: string; hrefOf: Record<string, string> }) {
  const t = useTranslations("notifications-pages.inbox");
  const locale = useLocale();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const interactive = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const f = formatter(locale, timeZone);

  const change = async (m: InboxMessage, body: InboxMessageUpdate) => {
    setBusy(m.id);
    try {
      await api<InboxMessage>(`/api/me/inbox/${m.id}`, { method: "PATCH", body: { ...body, locale } });
      router.refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  };

  const toggle = async (m: InboxMessage) => {
    const opening = open !== m.id;
    setOpen(opening ? m.id : null);
    if (opening && !m.read) await change(m, { read: true });
  };

  return (
    <Box data-testid="inbox-list" data-interactive={interactive || undefined}>
      <ListView
        items={messages}
        label={t("list-label")}
        loadingLabel={t("loading")}
        getKey={(m) => m.id}
        empty={{ title: archived ? t("archived-empty") : t("empty-title"), description: archived ? undefined : t("empty") }}
        renderItem={(m) => {
          const expanded = open === m.id;
          return (
            <Stack gap="xs" data-testid="inbox-message" data-read={m.read ? "true" : "false"}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Title order={2} size="h5" fw={m.read ? 500 : 700}>
                    {m.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    <time dateTime={m.createdAt}>{f.dateTime(m.createdAt)}</time>
                  </Text>
                </div>
                {!m.read ? (
                  <Badge variant="default" fw={700} data-testid="inbox-unread">
                    {t("unread")}
                  </Badge>
                ) : null}
              </Group>
              {expanded ? <Box className="portal-rich-text" data-user-content id={`inbox-${m.id}`} dangerouslySetInnerHTML={{ __html: m.content }} /> : null}
              <Group gap="xs" wrap="wrap">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => void toggle(m)}
                  aria-expanded={expanded}
                  aria-controls={expanded ? `inbox-${m.id}` : undefined}
                  disabled={!interactive}
                  data-testid="inbox-open"
                >
                  {expanded ? t("hide") : t("show")}
                </Button>
                {expanded && m.link && hrefOf[m.link] ? (
                  <Button size="xs" variant="default" component={Link} href={hrefOf[m.link]}>
                    {t("open-page")}
                  </Button>
                ) : null}
                {m.read && !archived ? (
                  <Button size="xs" variant="subtle" loading={busy === m.id} disabled={!interactive} onClick={() => void change(m, { read: false })} data-testid="inbox-mark-unread">
                    {t("mark-unread")}
                  </Button>
                ) : null}
                <Button size="xs" variant="subtle" loading={busy === m.id} disabled={!interactive} onClick={() => void change(m, { archived: !archived })} data-testid="inbox-archive">
                  {archived ? t("restore") : t("archive")}
                </Button>
              </Group>
            </Stack>
          );
        }}
      />
    </Box>
  );
}
