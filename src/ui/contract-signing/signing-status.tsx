"use client";

import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { SigningStatus } from "@/api/schemas/contract-signing";
import { api } from "@/ui/api";
import { formatter } from "@/i18n/format";
import { ClientLink as Link } from "@/ui/shell/client-link";

/** Alert titles in the body text colour: Mantine's gray and light shades are too pale for small text. */
const PLAIN_TITLE = { title: { color: "var(--mantine-color-text)" } };

type View = { kind: "pending" } | { kind: "finalizing" } | { kind: "done"; contractId: string } | { kind: "declined" } | { kind: "expired" } | { kind: "error" };

const POLL_MS = 2000;

/**
 * The confirmation page's live part: asks the signing's status until it is decided, then
 * finalizes a signed one (once; a repeated finalize answers the same contract) and offers the
 * signed document.
 */
export function SigningStatusPanel({
  initial,
  startDate,
  locale,
  contractsHref,
  signAgainHref,
  signingUrl,
}: {
  initial: SigningStatus;
  startDate: string;
  locale: string;
  contractsHref: string;
  signAgainHref: string;
  signingUrl: string | null;
}) {
  const t = useTranslations("contract-signing.confirmation");
  const [view, setView] = useState<View>(
    initial.contractId
      ? { kind: "done", contractId: initial.contractId }
      : initial.status === "signed"
        ? { kind: "finalizing" }
        : initial.status === "pending"
          ? { kind: "pending" }
          : { kind: initial.status },
  );
  const token = initial.signingToken;

  useEffect(() => {
    if (view.kind !== "pending") return;
    let stop = false;
    const timer = setInterval(async () => {
      try {
        const s = await api<SigningStatus>(`/api/contracts/signing/status?signingToken=${encodeURIComponent(token)}`);
        if (stop) return;
        if (s.contractId) setView({ kind: "done", contractId: s.contractId });
        else if (s.status === "signed") setView({ kind: "finalizing" });
        else if (s.status !== "pending") setView({ kind: s.status });
      } catch {
        // A failed poll is asked again on the next tick.
      }
    }, POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [view.kind, token]);

  useEffect(() => {
    if (view.kind !== "finalizing") return;
    let stop = false;
    (async () => {
      const res = await fetch("/api/contracts/finalize", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ signingToken: token }),
        credentials: "same-origin",
      });
      if (stop) return;
      const id = res.headers.get("x-contract-id");
      await res.body?.cancel();
      setView(res.ok && id ? { kind: "done", contractId: id } : { kind: "error" });
    })().catch(() => !stop && setView({ kind: "error" }));
    return () => {
      stop = true;
    };
  }, [view.kind, token]);

  if (view.kind === "pending" || view.kind === "finalizing") {
    return (
      <Stack gap="sm" data-testid="signing-pending" aria-live="polite">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text role="status">{view.kind === "pending" ? t("pending") : t("finalizing")}</Text>
        </Group>
        {view.kind === "pending" && signingUrl ? (
          <Text size="sm" c="dimmed">
            {t("pending-help")}{" "}
            <Anchor href={signingUrl} data-testid="signing-continue">
              {t("continue")}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (view.kind === "done") {
    const href = `/api/contracts/signing/download?signingToken=${encodeURIComponent(token)}&contractId=${view.contractId}`;
    return (
      <Stack gap="md" data-testid="signing-done">
        <Alert color="green" variant="light" styles={PLAIN_TITLE} title={t("done-title")} role="status">
          <Text size="sm">{t("done", { number: initial.contractNumber, date: formatter(locale).date(startDate) })}</Text>
        </Alert>
        <Group gap="sm" wrap="wrap">
          <Button component="a" href={href} download variant="default" data-testid="signing-download">
            {t("download")}
          </Button>
          <Button component={Link} href={contractsHref} data-testid="signing-to-contracts">
            {t("to-contracts")}
          </Button>
        </Group>
      </Stack>
    );
  }
  const title = view.kind === "declined" ? t("declined-title") : view.kind === "expired" ? t("expired-title") : t("not-found");
  return (
    <Stack gap="md" data-testid={`signing-${view.kind}`}>
      <Alert color="gray" variant="outline" styles={PLAIN_TITLE} title={title} role="alert">
        {view.kind === "declined" ? <Text size="sm">{t("declined")}</Text> : view.kind === "expired" ? <Text size="sm">{t("expired")}</Text> : null}
      </Alert>
      <Group gap="sm" wrap="wrap">
        <Button component={Link} href={signAgainHref}>
          {t("again")}
        </Button>
        <Button component={Link} href={contractsHref} variant="default">
          {t("to-contracts")}
        </Button>
      </Group>
    </Stack>
  );
}
