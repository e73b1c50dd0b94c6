"use client";

import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";

/** Shows the theme's notifications: success, and API errors through the global handler (spec §8). */
export function NotificationsDemo() {
  const t = useTranslations("appearance.preview");
  const onError = useApiErrorHandler();
  return (
    <Group gap="sm">
      <Button variant="default" onClick={() => notifications.show({ color: "green", message: t("notify-success-message") })} data-testid="notify-success">
        {t("notify-success")}
      </Button>
      <Button variant="default" onClick={() => api("/api/consent", { method: "POST", body: {} }).catch(onError)} data-testid="notify-validation">
        {t("notify-validation")}
      </Button>
      <Button variant="default" onClick={() => api("/api/info/unavailable").catch(onError)} data-testid="notify-service">
        {t("notify-service")}
      </Button>
    </Group>
  );
}

/** Throws while rendering, to show the client-error page in the theme. */
export function ErrorDrill() {
  const t = useTranslations("appearance.preview");
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("Theme preview: a simulated rendering error");
  return (
    <Button variant="default" onClick={() => setBroken(true)} data-testid="error-drill">
      {t("error-button")}
    </Button>
  );
}
