"use client";

import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { ApiToken, ApiTokenCreated } from "@/api/schemas/tokens";
import { api } from "@/ui/api";
import { EmptyState } from "@/ui/shared/empty-state";
import { KeyValueTable } from "@/ui/shared/key-value-table";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";
import { TokenForm } from "./token-form";

/** A secret shown once, with a copy button; it cannot be shown again. */
export function OnceSecret({ label, value, help, testId }: { label: string; value: string; help: string; testId: string }) {
  const t = useTranslations("tokens");
  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        value={value}
        readOnly
        description={help}
        data-testid={testId}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <Group>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? "filled" : "default"} color={copied ? "green" : undefined} onClick={copy} data-testid={`${testId}-copy`}>
              {copied ? t("copied") : t("copy")}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * Settings → API access: the person's personal API tokens for the customer they act for. A new
 * token is shown once, right after it is made; the list shows each token's scopes, dates and
 * last use, and a token can be revoked after a confirmation.
 */
export function TokensPanel({ customerId, tokens, timeZone, docsHref }: { customerId: string; tokens: ApiToken[]; timeZone: string; docsHref: string }) {
  const t = useTranslations("tokens");
  const locale = useLocale();
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const f = formatter(locale, timeZone);
  const [local, setLocal] = useState<{ source: ApiToken[]; list: ApiToken[] } | null>(null);
  const list = local && local.source === tokens ? local.list : tokens;
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const apply = (next: ApiToken[]) => {
    setLocal({ source: tokens, list: next });
    router.refresh();
  };

  const revoke = (token: ApiToken) =>
    modals.openConfirmModal({
      title: t("revoke-title"),
      children: <Text size="sm">{t("revoke-confirm", { name: token.name })}</Text>,
      labels: { confirm: t("revoke"), cancel: t("cancel") },
      confirmProps: { color: "red", "data-testid": "api-token-revoke-confirm" } as never,
      onConfirm: async () => {
        setBusy(token.id);
        try {
          await api(`/api/me/api-tokens/${encodeURIComponent(token.id)}`, { method: "DELETE" });
          apply(list.filter((x) => x.id !== token.id));
          if (created?.apiToken.id === token.id) setCreated(null);
          notifications.show({ id: "api-token-revoked", color: "green", message: t("revoked", { name: token.name }) });
        } catch (err) {
          onError(err);
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Stack gap="lg" data-testid="api-tokens" data-interactive={interactive || undefined}>
      <Text>
        {t("intro")}{" "}
        <Anchor href={docsHref} underline="always" data-testid="api-docs-link">
          {t("docs-link")}
        </Anchor>
      </Text>
      {created ? (
        <Alert color="green" variant="light" title={t("created-title", { name: created.apiToken.name })} data-testid="api-token-created">
          <OnceSecret label={t("token")} value={created.token} help={t("created-once")} testId="api-token-secret" />
          <Group mt="sm">
            <Button size="xs" variant="default" onClick={() => setCreated(null)} data-testid="api-token-created-done">
              {t("created-done")}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <section aria-labelledby="api-tokens-list">
        <Title order={3} id="api-tokens-list" mb="sm">
          {t("list-title")}
        </Title>
        {list.length ? (
          <Stack component="ul" gap="sm" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {list.map((token) => (
              <li key={token.id} data-testid="api-token" data-token-id={token.id}>
                <Paper withBorder p="md">
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text fw={700} data-testid="api-token-name-shown">
                        {token.name}
                      </Text>
                      <Group gap={6}>
                        {token.expired ? (
                          <Badge color="gray" variant="outline">
                            {t("expired")}
                          </Badge>
                        ) : null}
                        {token.scopes.map((s) => (
                          <Badge key={s} variant="default">
                            {t(`scope.${s}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Group>
                    <KeyValueTable
                      withDivider={false}
                      rows={[
                        { key: "hint", label: t("hint"), value: <Code translate="no">{`${token.hint}…`}</Code> },
                        { key: "created", label: t("created-at"), value: f.date(token.createdAt) },
                        { key: "expires", label: t("expires-at"), value: f.date(token.expiresAt) },
                        { key: "used", label: t("last-used"), value: <span data-testid="api-token-last-used">{token.lastUsedAt ? f.dateTime(token.lastUsedAt) : t("never-used")}</span> },
                      ]}
                    />
                    <Group>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        loading={busy === token.id}
                        onClick={() => revoke(token)}
                        aria-label={t("revoke-of", { name: token.name })}
                        data-testid="api-token-revoke"
                      >
                        {t("revoke")}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              </li>
            ))}
          </Stack>
        ) : (
          <EmptyState titleOrder={4} title={t("empty-title")} description={t("empty")} data-testid="api-tokens-empty" />
        )}
      </section>
      <TokenForm
        customerId={customerId}
        onCreated={(c) => {
          setCreated(c);
          apply([c.apiToken, ...list]);
        }}
      />
    </Stack>
  );
}
