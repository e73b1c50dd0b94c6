"use client";

import { Button, Code, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { reportClientLog } from "@/ui/report-client-log";
import type { ClientId } from "@/api/schemas/consent";

/**
 * The page shown when rendering failed (spec §2, §8): what happened, a code customer service can
 * look up (the browser's client id, which its HttpOnly cookie hides from scripts, so it is
 * asked from the server), and a reload button. The error itself goes to the client log.
 */
export function ClientErrorPage({ error, asMain = false }: { error: unknown; /** Outside a layout that has a <main>. */ asMain?: boolean }) {
  const t = useTranslations("shared.error");
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    const e = error instanceof Error ? (error as Error & { digest?: string }) : null;
    void reportClientLog("error", e?.message || String(error), {
      name: e?.name ?? null,
      stack: e?.stack?.slice(0, 8000) ?? null,
      digest: e?.digest ?? null,
      path: location.pathname,
    });
  }, [error]);

  useEffect(() => {
    let stopped = false;
    fetch("/api/client-id", { credentials: "same-origin" })
      .then((res) => (res.ok ? (res.json() as Promise<ClientId>) : null))
      .then((body) => {
        if (!stopped && body?.clientId) setCode(body.clientId);
      })
      .catch(() => {});
    return () => {
      stopped = true;
    };
  }, []);

  return (
    <Container size="sm" py="xl" data-testid="client-error" component={asMain ? "main" : "div"} id={asMain ? "main" : undefined}>
      <Paper withBorder p="xl">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h2">
            {t("title")}
          </Title>
          <Text>{t("description")}</Text>
          {code ? (
            <Text size="sm">
              {t("code")}{" "}
              <Code data-testid="client-error-code" translate="no">
                {code}
              </Code>
            </Text>
          ) : null}
          <Button onClick={() => window.location.reload()}>{t("reload")}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
