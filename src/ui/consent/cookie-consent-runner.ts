import * as CookieConsent from "vanilla-cookieconsent";
import "vanilla-cookieconsent/dist/cookieconsent.css";
// After the library's styles, so the site's theme wins.
import "./consent-theme.css";
import { randomId } from "@/ui/api";
import { ANALYTICS_COOKIES, CONSENT_COOKIE, type CookieConsentProps } from "./cookie-consent-types";

/** The consent texts, looked up in the consent namespace. */
export type ConsentText = (key: string) => string;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Removes every analytics cookie (names starting with _ga) on this host and its parent domains. */
function clearAnalyticsCookies() {
  const names = document.cookie
    .split("; ")
    .map((c) => c.split("=")[0])
    .filter((n) => ANALYTICS_COOKIES.test(n));
  const parts = location.hostname.split(".");
  const domains = [undefined, ...parts.map((_, i) => parts.slice(i).join(".")).filter((d) => d.includes("."))];
  for (const name of names) {
    for (const domain of domains) document.cookie = `${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ""}`;
  }
}

function startAnalytics(analytics: NonNullable<CookieConsentProps["analytics"]>) {
  (window as unknown as Record<string, unknown>)[`ga-disable-${analytics.measurementId}`] = false;
  if (document.querySelector("script[data-portal-analytics]")) return;
  const script = document.createElement("script");
  script.src = analytics.scriptUrl;
  script.async = true;
  script.dataset.portalAnalytics = analytics.measurementId;
  document.head.appendChild(script);
}

function stopAnalytics(analytics: CookieConsentProps["analytics"]) {
  if (analytics) (window as unknown as Record<string, unknown>)[`ga-disable-${analytics.measurementId}`] = true;
  clearAnalyticsCookies();
}

/** Resolves once the library has started (`runCookieConsent`): the banner's buttons wait for it. */
let started!: () => void;
const running = new Promise<void>((resolve) => (started = resolve));
export const whenRunning = () => running;

/** A set of listeners: `on` adds one and returns what removes it, `emit` calls them all. */
function listeners<T>() {
  const set = new Set<(value: T) => void>();
  return {
    on: (listener: (value: T) => void) => {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: (value: T) => {
      for (const listener of set) listener(value);
    },
  };
}

/** The visitor's choice is valid (the server-drawn banner closes on it). */
const decisions = listeners<void>();
export const onDecision = decisions.on;

/** The preferences open (true) and close (false): the banner steps aside while they are open. */
const preferences = listeners<boolean>();
export const onPreferences = preferences.on;

/** Whether the stored choice is valid for this revision. */
export const consentValid = () => CookieConsent.validConsent();
/** The banner's buttons: everything, or only what is necessary. */
export const acceptAll = () => CookieConsent.acceptCategory("all");
export const acceptNecessary = () => CookieConsent.acceptCategory([]);

/** Keeps the decision on the server too (spec §3 Consent record), so the supplier can prove it. */
function recordDecision(cookie: CookieConsent.CookieValue) {
  const prefs = CookieConsent.getUserPreferences();
  void fetch("/api/consent", {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": randomId() },
    credentials: "same-origin",
    keepalive: true,
    body: JSON.stringify({
      consentId: cookie.consentId,
      acceptType: prefs.acceptType ?? null,
      categories: cookie.categories,
      services: cookie.services ?? {},
      revision: cookie.revision,
      data: cookie.data ?? null,
      languageCode: cookie.languageCode,
      consentTimestamp: cookie.consentTimestamp,
      lastConsentTimestamp: cookie.lastConsentTimestamp,
      expirationTime: typeof cookie.expirationTime === "number" && cookie.expirationTime > 0 ? Math.floor(cookie.expirationTime) : null,
    }),
  }).catch(() => {});
}

/**
 * Starts vanilla-cookieconsent with the site's revision, texts and categories (spec §2, §4, §9):
 * accept all, reject all or a saved selection. The banner that asks is drawn by the server
 * (consent-banner.tsx), so it is in the first paint; the library keeps the choice, draws the
 * preferences and reports decisions to that banner. Analytics load only after
 * consent; refusing or withdrawing clears their cookies. Returns what undoes it.
 */
export function runCookieConsent({ revision, locale, analytics: analyticsProp, privacyPolicyUrl }: CookieConsentProps, t: ConsentText): () => void {
  const scriptUrl = analyticsProp?.scriptUrl ?? null;
  const measurementId = analyticsProp?.measurementId ?? null;
  const analytics = scriptUrl && measurementId ? { scriptUrl, measurementId } : null;
  const footer = privacyPolicyUrl ? `<a href="${escapeHtml(privacyPolicyUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(t("privacy-policy"))}</a>` : undefined;
  const sections: CookieConsent.Section[] = [
    { description: escapeHtml(t("preferences.intro")) },
    { title: escapeHtml(t("categories.necessary.title")), description: escapeHtml(t("categories.necessary.description")), linkedCategory: "necessary" },
  ];
  if (analytics) sections.push({ title: escapeHtml(t("categories.analytics.title")), description: escapeHtml(t("categories.analytics.description")), linkedCategory: "analytics" });
  sections.push({
    title: escapeHtml(t("preferences.more-title")),
    description: `${escapeHtml(t("preferences.more-description"))}${footer ? ` ${footer}` : ""}`,
  });

  const apply = () => {
    if (!analytics) return;
    if (CookieConsent.acceptedCategory("analytics")) startAnalytics(analytics);
    else stopAnalytics(analytics);
  };

  void CookieConsent.run({
    mode: "opt-in",
    revision,
    // The server-drawn banner asks; the library's own consent modal is never shown.
    autoShow: false,
    hideFromBots: false,
    disablePageInteraction: false,
    manageScriptTags: false,
    autoClearCookies: true,
    cookie: { name: CONSENT_COOKIE, expiresAfterDays: 182, sameSite: "Lax", secure: location.protocol === "https:", path: "/" },
    guiOptions: {
      preferencesModal: { layout: "box", equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      ...(analytics ? { analytics: { enabled: false, readOnly: false, autoClear: { cookies: [{ name: ANALYTICS_COOKIES }] } } } : {}),
    },
    language: {
      default: locale,
      translations: {
        [locale]: {
          // Never shown (autoShow is off), but the library requires the section.
          consentModal: {},
          preferencesModal: {
            title: escapeHtml(t("preferences.title")),
            acceptAllBtn: escapeHtml(t("accept-all")),
            acceptNecessaryBtn: escapeHtml(t("reject-all")),
            savePreferencesBtn: escapeHtml(t("preferences.save")),
            closeIconLabel: t("preferences.close"),
            serviceCounterLabel: t("preferences.services"),
            sections,
          },
        },
      },
    },
    onModalShow: ({ modalName }) => {
      if (modalName === "preferencesModal") preferences.emit(true);
    },
    onModalHide: ({ modalName }) => {
      if (modalName === "preferencesModal") preferences.emit(false);
    },
    onFirstConsent: ({ cookie }) => recordDecision(cookie),
    // On every page with a valid choice, and right after the first one (the library calls it
    // after onFirstConsent); a change can only follow a valid choice, when the banner is gone.
    onConsent: () => {
      apply();
      decisions.emit();
    },
    onChange: ({ cookie }) => {
      recordDecision(cookie);
      apply();
    },
  }).then(() => started());
  // A locale change builds the texts again; leaving the page tree removes the modals.
  return () => CookieConsent.reset(false);
}

/** Opens the preferences (the floating button). */
export function showConsentPreferences() {
  CookieConsent.showPreferences();
}
