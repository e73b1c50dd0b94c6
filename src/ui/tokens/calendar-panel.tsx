"use client";

import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { CalendarFeedCreated, CalendarFeedState } from "@/api/schemas/tokens";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";
import { OnceSecret } from "./tokens-panel";

/**
 * The private calendar feed: invoice due dates, contract ends and planned outages for a calendar
 * app to subscribe to. Its address is shown once when made; it can be replaced or stopped.
 */
export function CalendarPanel({ feed, timeZone }: { feed: CalendarFeedState; timeZone: string }) {
  const t = useTranslations("tokens.calendar");
  const tt = useTranslations("tokens");
  const locale = useLocale();
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const f = formatter(locale, timeZone);
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const state = created?.feed ?? feed;

  const create = async () => {
    setBusy(true);
    try {
      const answer = await api<CalendarFeedCreated>("/api/me/calendar-feed", { method: "POST", body: { locale } });
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
      confirmProps: { "data-testid": "calendar-replace-confirm" } as never,
      onConfirm: () => void create(),
    });

  const revoke = () =>
    modals.openConfirmModal({
      title: t("revoke-title"),
      children: <Text size="sm">{t("revoke-confirm")}</Text>,
      labels: { confirm: t("revoke"), cancel: tt("cancel") },
      confirmProps: { color: "red", "data-testid": "calendar-revoke-confirm" } as never,
      onConfirm: async () => {
        setBusy(true);
        try {
          await api("/api/me/calendar-feed", { method: "DELETE" });
          setCreated(null);
          router.refresh();
          notifications.show({ id: "calendar-revoked", color: "green", message: t("revoked") });
        } catch (err) {
          onError(err);
        } finally {
          setBusy(false);
        }
      },
    });

  const active = created ? true : feed.active;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="calendar-feed-title" data-testid="calendar-feed" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Title order={3} id="calendar-feed-title">
          {t("title")}
        </Title>
        <Text>{t("intro")}</Text>
        {created ? (
          <Alert color="green" variant="light" title={t("created")} data-testid="calendar-created">
            <OnceSecret label={t("url")} value={created.url} help={t("url-once")} testId="calendar-url" />
            <Anchor href={created.url.replace(/^https?:/, "webcal:")} mt="sm" display="inline-block" data-testid="calendar-subscribe">
              {t("subscribe")}
            </Anchor>
          </Alert>
        ) : null}
        {active && state.createdAt ? (
          <Stack gap={4} data-testid="calendar-active">
            <Text>{t("active", { date: f.date(state.createdAt) })}</Text>
            <Text size="sm" c="dimmed">
              {state.lastFetchedAt ? t("last-fetched", { date: f.dateTime(state.lastFetchedAt) }) : t("never-fetched")}
            </Text>
          </Stack>
        ) : (
          <Text data-testid="calendar-none">{t("none")}</Text>
        )}
        <Group>
          {active ? (
            <>
              <Button variant="default" loading={busy} onClick={replace} data-testid="calendar-replace">
                {t("replace")}
              </Button>
              <Button variant="default" color="red" loading={busy} onClick={revoke} data-testid="calendar-revoke">
                {t("revoke")}
              </Button>
            </>
          ) : (
            <Button loading={busy} onClick={() => void create()} data-testid="calendar-create">
              {t("create")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
