"use client";

import { Button, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";
import classes from "./support.module.css";

/** Withdraws an open ticket after a confirmation. */
export function CancelTicket({ ticketId }: { ticketId: string }) {
  const t = useTranslations("support-pages.cancel");
  const tPage = useTranslations("support-pages");
  const interactive = useHydrated();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      await api(`/api/support/tickets/${encodeURIComponent(ticketId)}/cancel`, { method: "POST", body: {} });
      notifications.show({ id: "support-ticket-cancelled", color: "green", message: t("done"), closeButtonProps: { "aria-label": tPage("close-notice") } });
      router.refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const ask = () =>
    modals.openConfirmModal({
      title: t("title"),
      children: <Text size="sm">{t("message")}</Text>,
      labels: { confirm: t("confirm"), cancel: t("keep") },
      confirmProps: { color: "red", "data-testid": "cancel-confirm" } as never,
      onConfirm: () => void cancel(),
    });

  return (
    <Button variant="default" className={classes.dangerButton} onClick={ask} loading={busy} data-testid="cancel-ticket" data-interactive={interactive || undefined}>
      {t("button")}
    </Button>
  );
}
