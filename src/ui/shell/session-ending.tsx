"use client";

import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** "1:05": minutes and seconds left. */
function left(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The session ends soon for lack of activity (spec §4 session warning): how long is left, and the
 * choice to go on (an active call that moves the end) or to sign out now.
 */
export default function SessionEnding({ endsAt, onStay, signOutHref }: { endsAt: number; onStay: () => Promise<void>; signOutHref: string }) {
  const t = useTranslations("session");
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const stay = async () => {
    setBusy(true);
    await onStay();
    setBusy(false);
  };
  return (
    <Modal opened onClose={stay} title={t("ending.title")} centered closeOnClickOutside={false} closeButtonProps={{ "aria-label": t("ending.close") }} data-testid="session-ending">
      <Text>{t("ending.body")}</Text>
      <Text mt="sm" fw={700} aria-hidden>
        {left(endsAt - now)}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button component="a" href={signOutHref} variant="default">
          {t("ending.sign-out")}
        </Button>
        <Button onClick={stay} loading={busy} data-autofocus>
          {t("ending.stay")}
        </Button>
      </Group>
    </Modal>
  );
}
