"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { loadConsentRunner } from "./load-runner";
import buttons from "@/ui/shared/button.module.css";
import classes from "./consent-banner.module.css";

export interface ConsentBannerProps {
  /** The visitor chose for an older consent revision: say that the policy changed. */
  revisionChanged: boolean;
  privacyPolicyUrl: string | null;
}

type Choice = "all" | "necessary" | "show";

/**
 * The cookie banner, drawn by the server while the visitor has not chosen for the site's current
 * revision (spec §2, §4, §9), so that it is part of the first paint rather than appearing once the
 * consent script has loaded. Its buttons act through vanilla-cookieconsent (cookie-consent-runner),
 * which keeps the choice and draws the preferences; any decision, here or there, closes it, and it
 * steps aside while the preferences are open.
 * `data-ready` marks when the buttons are live.
 */
export function ConsentBanner({ revisionChanged, privacyPolicyUrl }: ConsentBannerProps) {
  const t = useTranslations("consent");
  const id = useId();
  const [open, setOpen] = useState(true);
  const [ready, setReady] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  useEffect(() => {
    let left = false;
    const stop: (() => void)[] = [];
    void loadConsentRunner().then(async (runner) => {
      await runner.whenRunning();
      if (left) return;
      if (runner.consentValid()) setOpen(false);
      stop.push(
        runner.onDecision(() => setOpen(false)),
        runner.onPreferences(setPreferencesOpen),
      );
      setReady(true);
    });
    return () => {
      left = true;
      for (const s of stop) s();
    };
  }, []);

  const choose = (choice: Choice) =>
    void loadConsentRunner().then(async (runner) => {
      await runner.whenRunning();
      if (choice === "all") runner.acceptAll();
      else if (choice === "necessary") runner.acceptNecessary();
      else runner.showConsentPreferences();
    });

  // While the preferences are open they ask instead; closed without a choice, the banner is back.
  if (!open || preferencesOpen) return null;
  return (
    <section role="dialog" aria-modal="false" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className={classes.banner} data-testid="consent-banner" data-ready={ready || undefined}>
      <h2 id={`${id}-title`} className={classes.title}>
        {t("banner.title")}
      </h2>
      <div id={`${id}-text`} className={classes.text}>
        <p>{t("banner.description")}</p>
        {revisionChanged ? (
          <p>
            <strong>{t("banner.revision-message")}</strong>
          </p>
        ) : null}
      </div>
      <div className={classes.actions}>
        <button type="button" className={`${buttons.button} ${classes.choice}`} data-variant="filled" data-role="all" onClick={() => choose("all")}>
          {t("accept-all")}
        </button>
        <button type="button" className={`${buttons.button} ${classes.choice}`} data-variant="filled" data-role="necessary" onClick={() => choose("necessary")}>
          {t("reject-all")}
        </button>
        <button type="button" className={`${buttons.button} ${classes.choice}`} data-variant="default" data-role="show" onClick={() => choose("show")}>
          {t("banner.preferences")}
        </button>
      </div>
      {privacyPolicyUrl ? (
        <p className={classes.footer}>
          <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
            {t("privacy-policy")}
          </a>
        </p>
      ) : null}
    </section>
  );
}
