"use client";

import { ActionIcon } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { ShellIcon } from "@/ui/shared/icons";
import type { CookieConsentProps } from "./cookie-consent-types";
import { loadConsentRunner as loadRunner } from "./load-runner";

export { CONSENT_COOKIE, type CookieConsentProps } from "./cookie-consent-types";

/**
 * Opt-in cookie consent (spec §2, §4, §9) with vanilla-cookieconsent: accept all, reject all or a
 * saved selection, a revision that invalidates older consent, and a floating button that reopens
 * the preferences. The banner that asks while undecided is drawn by the server (ConsentBanner). Analytics load only after consent; refusing or
 * withdrawing clears their cookies.
 */
export function CookieConsentManager({ revision, locale, analytics, privacyPolicyUrl }: CookieConsentProps) {
  const t = useTranslations("consent");
  const scriptUrl = analytics?.scriptUrl ?? null;
  const measurementId = analytics?.measurementId ?? null;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    void loadRunner().then(({ runCookieConsent }) => {
      if (left) return;
      stop = runCookieConsent({ revision, locale, analytics: scriptUrl && measurementId ? { scriptUrl, measurementId } : null, privacyPolicyUrl }, (key) => t(key as never));
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [revision, locale, scriptUrl, measurementId, privacyPolicyUrl, t]);

  return (
    <ActionIcon
      className="portal-consent-button"
      variant="default"
      size={48}
      radius="xl"
      onClick={() => void loadRunner().then((m) => m.showConsentPreferences())}
      aria-label={t("open-preferences")}
      title={t("open-preferences")}
      data-testid="consent-button"
    >
      <ShellIcon name="cookie" size={24} />
    </ActionIcon>
  );
}
