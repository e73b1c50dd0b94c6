"use client";

import { Loader, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect } from "react";

/** Ends the session on the server (POST, same origin), then moves on. */
export function SignOut({ next, message }: { next?: string; message?: string }) {
  const t = useTranslations("auth");
  useEffect(() => {
    let done = false;
    fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}", credentials: "same-origin" })
      .catch(() => {})
      // The customer-service cookie is HttpOnly: the sign-out answer clears it.
      .finally(() => {
        if (!done && next) window.location.replace(next);
      });
    return () => {
      done = true;
    };
  }, [next]);
  return (
    <Group>
      {next ? <Loader size="sm" aria-hidden="true" /> : null}
      <Text role="status">{message ?? t("signout.progress")}</Text>
    </Group>
  );
}
