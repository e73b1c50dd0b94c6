import type { AbstractIntlMessages } from "next-intl";

/**
 * The messages a page hands to the browser: only what its client components read, not the whole
 * catalogue (the serialised messages were half of every page's payload). Paths are namespaces or
 * namespace.sub-trees; server components read every message on the server regardless.
 *
 * Every page: the shell (header, menus, account, language and appearance controls, sign-in and
 * the sandbox e-ID pages, cookie consent, feedback, shared dialogs) and what an API error is
 * shown with (use-api-error: the API's message keys are in api, errors, validation and the areas'
 * errors sub-trees).
 */
export const SHELL_MESSAGES = [
  "shell",
  "session",
  "account",
  "appearance",
  "auth",
  "sandbox",
  "shared",
  "feedback",
  "consent",
  "api",
  "errors",
  "validation",
  "invoices.errors",
  "energy.errors",
  "support.errors",
  "settings.errors",
] as const;

/** Pages whose client components read more: the invoice and payment pages, the charts and the dashboard. */
export const AREA_MESSAGES = {
  invoices: ["invoice-pages"],
  charts: ["charts"],
  /** The dashboard, drawn in the browser from the overview: its cards' texts and the charts' labels, units and energy kinds. */
  dashboard: ["dashboard", "charts"],
  /** The settings page (the reasons the settings API gives, settings.errors, come with the shell). */
  settings: ["settings-pages", "tokens", "outages-pages.contacts", "outages.errors"],
  /** Load control (/power-control): its texts and the load-control API's reasons. */
  loadControl: ["load-control-pages", "load-control.errors"],
  /** The customer's support pages, and the reasons the support API gives (support.errors). */
  support: ["support-pages", "support.errors"],
  /** The customer-service desk: its texts and the support API's reasons. */
  desk: ["desk", "support.errors"],
  /** The contract pages: their texts, the contract API's reasons and the names of billing channels. */
  contracts: ["contracts-pages", "contracts.errors", "contracts.channels", "contract-documents", "contract-signing"],
  /** The administration area: its texts and the admin API's reasons (admin.errors). */
  admin: ["admin"],
  /** The inbox and the notification settings tab: their texts, the notifications API's reasons and the names of subjects, channels and timings. */
  notifications: ["notifications-pages", "notifications.errors", "notifications.subjects", "notifications.channels", "notifications.timings"],
} as const;

type Tree = { [key: string]: string | Tree };

/** The sub-trees of `messages` at the given paths, merged into one tree. */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const out: Tree = {};
  for (const p of paths) {
    const parts = p.split(".");
    let from: unknown = messages;
    for (const part of parts) from = from && typeof from === "object" ? (from as Tree)[part] : undefined;
    if (from === undefined) continue;
    let into = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof into[part] !== "object") into[part] = {};
      into = into[part] as Tree;
    }
    into[parts[parts.length - 1]] = from as Tree;
  }
  return out as AbstractIntlMessages;
}
