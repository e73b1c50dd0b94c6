import { hasFeature, type Feature } from "@/lib/features";

/** Every tab value the settings page knows (spec §2), in the order the tabs are shown. */
export const SETTINGS_TAB_ORDER = ["profile", "contacts", "addresses", "bank-accounts", "outage-contacts", "notifications", "push-notifications", "membership", "api-access", "appearance"] as const;
export type SettingsTabId = (typeof SETTINGS_TAB_ORDER)[number];

/** What decides whether a tab is shown to this person on this site. */
export interface SettingsTabContext {
  features: readonly Feature[];
  /** The person acts for a customer (tabs about a customer's data need one). */
  hasCustomer: boolean;
  /** The active customer is a member of the cooperative (GET /api/me/membership answers). */
  isMember: boolean;
}

export interface SettingsTabRule {
  id: SettingsTabId;
  /** Shown only when the site has this feature. */
  feature?: Feature;
  /** Shown only while the person acts for a customer. */
  customer: boolean;
  /** A further condition (e.g. the customer is a member). */
  when?: (ctx: SettingsTabContext) => boolean;
}

/**
 * The tabs whose panels exist. A tab of a later area (outage contacts, notifications, push
 * notifications) adds its line here when its panel is built: until then it is absent, never an
 * empty shell. The place in the list does not matter, SETTINGS_TAB_ORDER decides.
 */
export const SETTINGS_TABS: SettingsTabRule[] = [
  { id: "profile", customer: true },
  { id: "contacts", customer: true },
  { id: "addresses", customer: true },
  { id: "bank-accounts", customer: true },
  { id: "outage-contacts", feature: "settings.outage-contacts", customer: true },
  { id: "notifications", customer: true },
  { id: "push-notifications", feature: "push-notifications", customer: true, when: (ctx) => ctx.features.includes("pwa") },
  { id: "membership", feature: "membership", customer: true, when: (ctx) => ctx.isMember },
  { id: "api-access", feature: "api-tokens", customer: true },
  { id: "appearance", customer: false },
];

/** The tabs this person sees, in order. */
export function visibleSettingsTabs(ctx: SettingsTabContext): SettingsTabId[] {
  return SETTINGS_TAB_ORDER.filter((id) => {
    const rule = SETTINGS_TABS.find((r) => r.id === id);
    if (!rule) return false;
    if (rule.feature && !hasFeature(ctx, rule.feature)) return false;
    if (rule.customer && !ctx.hasCustomer) return false;
    return rule.when ? rule.when(ctx) : true;
  });
}

/** The tab of `?tab=`: an unknown or hidden value falls back to the first tab shown (profile). */
export function chosenSettingsTab(value: string | string[] | undefined, visible: readonly SettingsTabId[]): SettingsTabId {
  const raw = Array.isArray(value) ? value[0] : value;
  const found = visible.find((id) => id === raw);
  return found ?? visible[0] ?? "appearance";
}
