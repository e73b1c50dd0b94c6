"use client";

import { Alert, Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { getPayment, isTerminal, localizePath, type PaymentStatus } from "./payment-client";

const FAST_MS = 2_000;
const SLOW_MS = 10_000;
const PATIENCE_MS = 90_000;

/**
 * Asks the server for the payment's status until the provider has confirmed or refused it, then
 * goes to the confirmation or failed page. Safe to reload: the server page does the same check first.
 */
export function PaymentWaiting({
  paymentId,
  initialStatus,
  initialRedirectUrl,
  prefix,
  invoiceHref,
}: {
  paymentId: string;
  initialStatus: PaymentStatus;
  initialRedirectUrl: string | null;
  prefix: string;
  invoiceHref: string;
}) {
  const t = useTranslations("invoice-pages.waiting");
  const router = useRouter();
  const [status, setStatus] = useState<PaymentStatus>(initialStatus);
  const [redirectUrl, setRedirectUrl] = useState<string | null>(initialRedirectUrl);
  const [slow, setSlow] = useState(false);
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    const startedAt = Date.now();
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const payment = await getPayment(paymentId);
        if (cancelled) return;
        setFailures(0);
        setStatus(payment.status);
        setRedirectUrl(payment.redirectUrl);
        if (isTerminal(payment.status)) {
          router.replace(localizePath(prefix, payment.nextPath));
          return;
        }
      } catch {
        if (cancelled) return;
        setFailures((n) => n + 1);
      }
      const waited = Date.now() - startedAt;
      if (waited > PATIENCE_MS) setSlow(true);
      timer = setTimeout(poll, waited > PATIENCE_MS ? SLOW_MS : FAST_MS);
    };
    timer = setTimeout(poll, 600);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [paymentId, prefix, router]);

  return (
    <Stack gap="md" align="stretch">
      <Group gap="sm" wrap="nowrap" justify="center">
        <Loader size="sm" aria-hidden="true" />
        <Text role="status" aria-live="polite" data-testid="waiting-status" data-status={status}>
          {status === "created" ? t("not-finished") : t("pending")}
        </Text>
      </Group>
      <Text size="sm" ta="center">
        {t("explain")}
      </Text>
      {status === "created" && redirectUrl ? (
        <Group justify="center">
          <Button component="a" href={localizePath(prefix, redirectUrl)} variant="default">
            {t("back-to-provider")}
          </Button>
        </Group>
      ) : null}
      {slow ? (
        <Alert color="gray" variant="outline" title={t("slow-title")} data-testid="waiting-slow">
          <Text size="sm">{t("slow")}</Text>
        </Alert>
      ) : null}
      {failures >= 3 ? (
        <Alert color="gray" variant="outline" role="alert">
          <Text size="sm">{t("connection")}</Text>
        </Alert>
      ) : null}
      <Group justify="center">
        <Anchor href={invoiceHref} size="sm">
          {t("to-invoice")}
        </Anchor>
      </Group>
    </Stack>
  );
}
