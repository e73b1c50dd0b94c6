import { describe, expect, it } from "vitest";
import { ALL_FEATURES, type Feature } from "@/lib/features";
import { chosenSettingsTab, SETTINGS_TAB_ORDER, visibleSettingsTabs } from "./tabs";

const everything: readonly Feature[] = ALL_FEATURES;

describe("settings tabs (spec §2)", () => {
  it("shows the tabs whose panels exist, in the spec's order", () => {
    const tabs = visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: true });
    expect(tabs).toEqual(["profile", "contacts", "addresses", "bank-accounts", "outage-contacts", "notifications", "push-notifications", "membership", "api-access", "appearance"]);
    expect([...tabs].sort((a, b) => SETTINGS_TAB_ORDER.indexOf(a) - SETTINGS_TAB_ORDER.indexOf(b))).toEqual(tabs);
  });

  it("shows the outage contacts, push notifications and API access tabs only with their features", () => {
    const without = (...off: Feature[]) => visibleSettingsTabs({ features: everything.filter((f) => !off.includes(f)), hasCustomer: true, isMember: true });
    expect(without("settings.outage-contacts")).not.toContain("outage-contacts");
    expect(without("push-notifications")).not.toContain("push-notifications");
    expect(without("pwa")).not.toContain("push-notifications");
    expect(without("api-tokens")).not.toContain("api-access");
    expect(without("settings.outage-contacts", "push-notifications", "api-tokens")).toContain("notifications");
  });

  it("shows membership only to a member, and only with the membership area", () => {
    expect(visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: false })).not.toContain("membership");
    expect(visibleSettingsTabs({ features: everything.filter((f) => f !== "membership"), hasCustomer: true, isMember: true })).not.toContain("membership");
  });

  it("offers only the appearance to a person who acts for no customer", () => {
    expect(visibleSettingsTabs({ features: everything, hasCustomer: false, isMember: false })).toEqual(["appearance"]);
  });

  it("reads ?tab=, falling back to the first tab for an unknown or hidden one", () => {
    const tabs = visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: false });
    expect(chosenSettingsTab("bank-accounts", tabs)).toBe("bank-accounts");
    expect(chosenSettingsTab(["contacts", "addresses"], tabs)).toBe("contacts");
    expect(chosenSettingsTab("nonsense", tabs)).toBe("profile");
    expect(chosenSettingsTab(undefined, tabs)).toBe("profile");
    expect(chosenSettingsTab("membership", tabs)).toBe("profile");
    expect(chosenSettingsTab("profile", ["appearance"])).toBe("appearance");
  });
});
