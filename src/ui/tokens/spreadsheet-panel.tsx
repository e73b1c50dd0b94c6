"use client";

import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { SpreadsheetFeedCreated, SpreadsheetFeedState } from "@/api/schemas/tokens";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";
import { OnceSecret } from "./tokens-panel";

/**
 * The spreadsheet feed: private CSV addresses of the customer's consumption and the spot prices
 * for a spreadsheet's import from URL (which cannot send a token in a header). The addresses are
 * shown once when made, with a formula to paste; they can be replaced or stopped.
 */
export function SpreadsheetPanel({ feed, timeZone }: { feed: SpreadsheetFeedState; timeZone: string }) {
  const t = useTranslations("tokens.spreadsheet");
  const tt = useTranslations("tokens");
  const locale = useLocale();
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const f = formatter(locale, timeZone);
  const [created, setCreated] = useState<SpreadsheetFeedCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const state = created?.feed ?? feed;

  const create = async () => {
    setBusy(true);
    try {
      const answer = await api<SpreadsheetFeedCreated>("/api/me/spreadsheet-feed", { method: "POST" });
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
      confirmProps: { "data-testid": "spreadsheet-replace-confirm" } as never,
      onConfirm: () => void create(),
    });

  const revoke = () =>
    modals.openConfirmModal({
      title: t("revoke-title"),
      children: <Text size="sm">{t("revoke-confirm")}</Text>,
      labels: { confirm: t("revoke"), cancel: tt("cancel") },
      confirmProps: { color: "red", "data-testid": "spreadsheet-revoke-confirm" } as never,
      onConfirm: async () => {
        setBusy(true);
        try {
          await api("/api/me/spreadsheet-feed", { method: "DELETE" });
          setCreated(null);
          router.refresh();
          notifications.show({ id: "spreadsheet-revoked", color: "green", message: t("revoked") });
        } catch (err) {
          onError(err);
        } finally {
          setBusy(false);
        }
      },
    });

  const active = created ? true : feed.active;
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="spreadsheet-feed-title" data-testid="spreadsheet-feed" data-interactive={interactive || undefined}>
      <Stack gap="md">
        <Title order={3} id="spreadsheet-feed-title">
          {t("title")}
        </Title>
        <Text>{t("intro")}</Text>
        {created ? (
          <Alert color="green" variant="light" title={t("created")} data-testid="spreadsheet-created">
            <Stack gap="md">
              <Text size="sm">{t("url-once")}</Text>
              <OnceSecret label={t("consumption-url")} value={created.urls.consumption} help={t("consumption-help")} testId="spreadsheet-url-consumption" />
              <OnceSecret label={t("spot-url")} value={created.urls.spotPrices} help={t("spot-help")} testId="spreadsheet-url-spot" />
              <OnceSecret label={t("formula")} value={`=IMPORTDATA("${created.urls.consumption}")`} help={t("formula-help")} testId="spreadsheet-formula" />
            </Stack>
          </Alert>
        ) : null}
        {active && state.createdAt ? (
          <Stack gap={4} data-testid="spreadsheet-active">
            <Text>{t("active", { date: f.date(state.createdAt) })}</Text>
            <Text size="sm" c="dimmed">
              {state.lastFetchedAt ? t("last-fetched", { date: f.dateTime(state.lastFetchedAt) }) : t("never-fetched")}
            </Text>
          </Stack>
        ) : (
          <Text data-testid="spreadsheet-none">{t("none")}</Text>
        )}
        <Group>
          {active ? (
            <>
              <Button variant="default" loading={busy} onClick={replace} data-testid="spreadsheet-replace">
                {t("replace")}
              </Button>
              <Button variant="default" color="red" loading={busy} onClick={revoke} data-testid="spreadsheet-revoke">
                {t("revoke")}
              </Button>
            </>
          ) : (
            <Button loading={busy} onClick={() => void create()} data-testid="spreadsheet-create">
              {t("create")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
