"use client";

import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage, isTerminal, localizePath, newAttemptId, startPayment } from "./payment-client";
import classes from "@/ui/invoices/invoices.module.css";

type Phase = { kind: "starting" } | { kind: "redirecting"; url: string } | { kind: "error"; message: string };

/**
 * Starts the payment and sends the browser to the provider. The attempt id in the URL is the
 * idempotency key: reloading this page resumes the same payment instead of starting another.
 */
export function StartPayment({
  invoiceNumber,
  method,
  bankBic,
  provider,
  attempt,
  resumeUrl,
  prefix,
  invoiceHref,
}: {
  invoiceNumber: string;
  method: "bank" | "card";
  bankBic: string | null;
  provider?: string;
  attempt: string | null;
  /** A payment already started at the provider: just continue there. */
  resumeUrl?: string | null;
  prefix: string;
  invoiceHref: string;
}) {
  const t = useTranslations("invoice-pages.processing");
  const tAll = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [phase, setPhase] = useState<Phase>(resumeUrl ? { kind: "redirecting", url: localizePath(prefix, resumeUrl) } : { kind: "starting" });
  const started = useRef<string | null>(null);
  const retried = useRef(false);

  const withAttempt = useCallback(
    (id: string) => {
      const q = new URLSearchParams(search.toString());
      q.set("attempt", id);
      q.delete("payment");
      return `${pathname}?${q.toString()}`;
    },
    [pathname, search],
  );

  useEffect(() => {
    if (resumeUrl) {
      window.location.assign(localizePath(prefix, resumeUrl));
      return;
    }
    if (!attempt) {
      router.replace(withAttempt(newAttemptId()));
      return;
    }
    if (started.current === attempt) return;
    started.current = attempt;
    setPhase({ kind: "starting" });
    startPayment(invoiceNumber, { method, bankBic, ...(provider ? { provider } : {}) }, attempt)
      .then((payment) => {
        if (isTerminal(payment.status)) {
          // This attempt's payment has already ended (an old link): start a new one, once.
          if (!retried.current) {
            retried.current = true;
            router.replace(withAttempt(newAttemptId()));
            return;
          }
          setPhase({ kind: "error", message: t("ended") });
          return;
        }
        const url = localizePath(prefix, payment.redirectUrl);
        setPhase({ kind: "redirecting", url });
        window.location.assign(url);
      })
      .catch((err) => {
        setPhase({
          kind: "error",
          message: errorMessage(
            err,
            (k) => tAll(k as never),
            (k) => tAll.has(k as never),
          ),
        });
      });
  }, [attempt, bankBic, invoiceNumber, method, prefix, provider, resumeUrl, router, t, tAll, withAttempt]);

  if (phase.kind === "error") {
    return (
      <Stack gap="md">
        <Alert color="red" variant="outline" classNames={{ title: classes.warningText }} title={t("error-title")} role="alert" data-testid="payment-start-error">
          <Text size="sm">{phase.message}</Text>
        </Alert>
        <Group justify="center">
          <Button onClick={() => router.replace(withAttempt(newAttemptId()))}>{t("retry")}</Button>
          <Button variant="default" component="a" href={invoiceHref}>
            {t("back")}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md" align="center">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text role="status" data-testid="payment-phase" data-phase={phase.kind}>
          {phase.kind === "starting" ? t("starting") : t("redirecting")}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        {t("note")}
      </Text>
      {phase.kind === "redirecting" ? (
        <Anchor href={phase.url} size="sm">
          {t("continue-manually")}
        </Anchor>
      ) : null}
    </Stack>
  );
}
