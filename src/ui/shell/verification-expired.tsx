"use client";

import { Alert, Button } from "@mantine/core";
import { useTranslations } from "next-intl";

/** The identity verification is older than the site allows (spec §4): a way to verify again. */
export default function VerificationExpired({ signInHref }: { signInHref: string }) {
  const t = useTranslations("account");
  return (
    <Alert color="yellow" title={t("verification-expired-title")} m="md" role="status">
      {t("verification-expired")}{" "}
      <Button component="a" href={`${signInHref}?callbackUrl=${encodeURIComponent("/")}`} size="xs" variant="light" ml="sm">
        {t("verify-again")}
      </Button>
    </Alert>
  );
}
