"use client";

import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";

interface FeedState {
  active: boolean;
  createdAt: string | null;
  lastFetchedAt: string | null;
}

export interface FeedPanelProps<Created extends { feed: FeedState }> {
  /** Names the panel's test ids and the API path `/api/me/<kind>-feed`. */
  kind: "calendar" | "spreadsheet";
  /** The feed's texts (title, intro, created, active, last-fetched, never-fetched, none, create, replace…, revoke…). */
  t: (key: string, values?: Record<string, string>) => string;
  feed: FeedState;
  timeZone: string;
  /** What the POST that makes (or replaces) the feed sends. */
  body?: (locale: string) => unknown;
  /** The secret addresses of a feed just made, shown this once. */
  created: (answer: Created) => ReactNode;
}

/**
 * A private feed of the customer's data (the calendar feed, the spreadsheet feed): its addresses
 * are shown once when made; it can be replaced (the old addresses stop working) or stopped.
 */
export function FeedPanel<Created extends { feed: FeedState }>({ kind, t, feed, timeZone, body, created: showCreated }: FeedPanelProps<Created>) {
  const tt = useTranslations("tokens");
  const locale = useLocale();
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const f = formatter(locale, timeZone);
  const [created, setCreated] = useState<Created | null>(null);
  const [busy, setBusy] = useState(false);
  const state = created?.feed ?? feed;
  const path = `/api/me/${kind}-feed`;

  const create = async () => {
    setBusy(true);
    try {
      const answer = await api<Created>(path, { method: "POST", ...(body ? { body: body(locale) } : {}) });
      setCreated(answer);
      router.refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const replace = () =>
    modals.openConfirmModal({
      title: t("replace-title"),
      children: <Text size="sm">{t("replace-confirm")}</Text>,
      labels: { confirm: t("replace"), cancel: tt("cancel") },
      confirmProps: { "data-testid": `${kind}-replace-confirm` } as never,
      onConfirm: () => void create(),
    });

  const revoke = () =>
    modals.openConfirmModal({
      title: t("revoke-title"),
      children: <Text size="sm">{t("revoke-confirm")}</Text>,
      labels: { confirm: t("revoke"), cancel: tt("cancel") },
      confirmProps: { color: "red", "data-testid": `${kind}-revoke-confirm` } as never,
      onConfirm: async () => {
        setBusy(true);
        try {
          await api(path, { method: "DELETE" });
          setCreated(null);
          router.refresh();
          notifications.show({ id: `${kind}-revoked`, color: "green", message: t("revoked") });
        } catch (err) {
          onError(err);
        } finally {
          setBusy(false);
        }
      },
    });

  const active = state.active;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`${kind}-feed-title`} data-testid={`${kind}-feed`} data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Title order={3} id={`${kind}-feed-title`}>
          {t("title")}
        </Title>
        <Text>{t("intro")}</Text>
        {created ? (
          <Alert color="green" variant="light" title={t("created")} data-testid={`${kind}-created`}>
            {showCreated(created)}
          </Alert>
        ) : null}
        {active && state.createdAt ? (
          <Stack gap={4} data-testid={`${kind}-active`}>
            <Text>{t("active", { date: f.date(state.createdAt) })}</Text>
            <Text size="sm" c="dimmed">
              {state.lastFetchedAt ? t("last-fetched", { date: f.dateTime(state.lastFetchedAt) }) : t("never-fetched")}
            </Text>
          </Stack>
        ) : (
          <Text data-testid={`${kind}-none`}>{t("none")}</Text>
        )}
        <Group>
          {active ? (
            <>
              <Button variant="default" loading={busy} onClick={replace} data-testid={`${kind}-replace`}>
                {t("replace")}
              </Button>
              <Button variant="default" color="red" loading={busy} onClick={revoke} data-testid={`${kind}-revoke`}>
                {t("revoke")}
              </Button>
            </>
          ) : (
            <Button loading={busy} onClick={() => void create()} data-testid={`${kind}-create`}>
              {t("create")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
