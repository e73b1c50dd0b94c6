"use client";

import { Anchor, Button, Group, Loader, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect } from "react";

export function SandboxConfirm({ next, cancel, delayMs = 1500 }: { next: string; cancel: string; delayMs?: number }) {
  const t = useTranslations("sandbox");
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(next), delayMs);
    return () => clearTimeout(timer);
  }, [next, delayMs]);
  return (
    <>
      <Group>
        <Loader size="sm" aria-hidden="true" />
        <Text role="status">{t("confirm.waiting")}</Text>
      </Group>
      <Group>
        <Button component="a" href={next}>
          {t("confirm.confirm-now")}
        </Button>
        <Anchor href={cancel}>{t("cancel")}</Anchor>
      </Group>
    </>
  );
}
